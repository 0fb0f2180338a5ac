/// What a JSON text is read into: the parser builds the tree through these (`JSONDocument` here; the client's
/// `JSONValue`, which keeps members in order and integers apart, for the Snapcast plug-in's input).
public protocol JSONTree {
    static var null: Self { get }
    static func bool(_ value: Bool) -> Self
    /// A number as the text gave it (already checked to be RFC 8259's grammar); nil if this tree cannot hold it.
    static func number(text: String) -> Self?
    static func string(_ value: String) -> Self
    static func array(_ items: [Self]) -> Self
    /// An object's members in the order the text gave them (a key may repeat).
    static func object(members: [(String, Self)]) -> Self
}

/// Parses JSON text (RFC 8259): the one reader of outside JSON (the old state file, the scrobbling services'
/// answers, the Snapcast plug-in's requests). Strict: one value, nothing but whitespace around it, no trailing
/// commas; nesting is limited so hostile input cannot exhaust the stack.
public struct JSONParser {
    /// Malformed JSON, with the byte offset where parsing stopped.
    public struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        public var description: String { "invalid JSON at byte \(offset): \(reason)" }
        public init(offset: Int, reason: String) { (self.offset, self.reason) = (offset, reason) }
    }

    public static let maximumDepth = 512

    private let bytes: [UInt8]
    private let depthLimit: Int
    private var i = 0

    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONDocument {
        try parse(bytes, as: JSONDocument.self)
    }

    /// Parses `bytes` into a tree of `T`, nesting at most `maximumDepth` deep.
    public static func parse<T: JSONTree>(_ bytes: [UInt8], as: T.Type, maximumDepth: Int = maximumDepth)
        throws(SyntaxError) -> T
    {
        var p = JSONParser(bytes: bytes, depthLimit: maximumDepth)
        let value: T = try p.value(depth: 0)
        p.skipWhitespace()
        guard p.i == bytes.count else { throw p.error("unexpected text after the value") }
        return value
    }

    private init(bytes: [UInt8], depthLimit: Int) {
        self.bytes = bytes
        self.depthLimit = depthLimit
    }

    private func error(_ reason: String) -> SyntaxError { SyntaxError(offset: i, reason: reason) }

    private mutating func skipWhitespace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    private mutating func value<T: JSONTree>(depth: Int) throws(SyntaxError) -> T {
        guard depth < depthLimit else { throw error("nested more than \(depthLimit) deep") }
        skipWhitespace()
        guard i < bytes.count else { throw error("unexpected end of input") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = i
            guard let n = T.number(text: try number()) else {
                throw SyntaxError(offset: start, reason: "unreadable number")
            }
            return n
        default: throw error("unexpected character")
        }
    }

    private mutating func literal(_ word: String) throws(SyntaxError) {
        for b in word.utf8 {
            guard i < bytes.count, bytes[i] == b else { throw error("invalid literal") }
            i += 1
        }
    }

    private mutating func object<T: JSONTree>(depth: Int) throws(SyntaxError) -> T {
        i += 1
        var members: [(String, T)] = []
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members: members) }
        while true {
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a member name") }
            let key = try string()
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':'") }
            i += 1
            members.append((key, try value(depth: depth + 1)))
            skipWhitespace()
            guard i < bytes.count else { throw error("unterminated object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            guard bytes[i] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
            i += 1
            return .object(members: members)
        }
    }

    private mutating func array<T: JSONTree>(depth: Int) throws(SyntaxError) -> T {
        i += 1
        var items: [T] = []
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            items.append(try value(depth: depth + 1))
            skipWhitespace()
            guard i < bytes.count else { throw error("unterminated array") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            guard bytes[i] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
            i += 1
            return .array(items)
        }
    }

    private mutating func number() throws(SyntaxError) -> String {
        let start = i
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.i
            while p.i < p.bytes.count, p.bytes[p.i] >= UInt8(ascii: "0"), p.bytes[p.i] <= UInt8(ascii: "9") { p.i += 1 }
            return p.i - s
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        let intStart = i
        let n = digits(&self)
        guard n > 0 else { throw error("expected digits") }
        if n > 1, bytes[intStart] == UInt8(ascii: "0") { throw error("leading zero") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits(&self) > 0 else { throw error("expected digits after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw error("expected exponent digits") }
        }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private mutating func string() throws(SyntaxError) -> String {
        i += 1
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw error("unterminated string") }
            let b = bytes[i]
            i += 1
            switch b {
            case UInt8(ascii: "\""):
                guard let s = String(validating: out, as: UTF8.self) else { throw error("string is not UTF-8") }
                return s
            case UInt8(ascii: "\\"):
                guard i < bytes.count else { throw error("unterminated escape") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u")
                        else { throw error("unpaired surrogate") }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw error("unpaired surrogate") }
                    out += Array(String(Character(u)).utf8)
                default: throw error("invalid escape")
                }
            case 0..<0x20: throw error("control character in string")
            default: out.append(b)
            }
        }
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("short \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
            default: throw error("invalid \\u escape")
            }
            v = v << 4 | UInt32(d)
            i += 1
        }
        return v
    }
}
