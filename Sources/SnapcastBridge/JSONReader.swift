import LinnetCLI

/// Reads one JSON text (RFC 8259) from bytes that came from outside (a line on the plug-in's stdin) into the
/// client's `JSONValue`. Strict and bounded: one value with only whitespace around it, nesting at most
/// `maximumDepth` deep (hostile input cannot exhaust the stack), input at most `maximumBytes` long (the line
/// framer already cut it to that). Integers that fit Int64 stay integers; other numbers become doubles.
public enum JSONReader {
    /// Malformed JSON, with the byte offset where reading stopped.
    public struct SyntaxError: Error, Equatable, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        public var description: String { "invalid JSON at byte \(offset): \(reason)" }
    }

    public static let maximumDepth = 32
    public static let maximumBytes = 1 << 20

    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        guard bytes.count <= maximumBytes else {
            throw SyntaxError(offset: 0, reason: "longer than \(maximumBytes) bytes")
        }
        var cursor = Cursor(bytes: bytes)
        let value = try cursor.value(depth: 0)
        cursor.skipWhitespace()
        guard cursor.i == bytes.count else { throw cursor.error("unexpected text after the value") }
        return value
    }

    /// The reading position over the bytes of one text.
    struct Cursor {
        let bytes: [UInt8]
        var i = 0

        func error(_ reason: String) -> SyntaxError { SyntaxError(offset: i, reason: reason) }

        var atEnd: Bool { i >= bytes.count }

        mutating func skipWhitespace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 {
                i += 1
            }
        }

        mutating func value(depth: Int) throws(SyntaxError) -> JSONValue {
            guard depth < JSONReader.maximumDepth else {
                throw error("nested more than \(JSONReader.maximumDepth) deep")
            }
            skipWhitespace()
            guard !atEnd else { throw error("unexpected end of input") }
            switch bytes[i] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw error("unexpected character")
            }
        }

        mutating func literal(_ word: StaticString) throws(SyntaxError) {
            let text = word.withUTF8Buffer { Array($0) }
            for b in text {
                guard !atEnd, bytes[i] == b else { throw error("invalid literal") }
                i += 1
            }
        }

        mutating func object(depth: Int) throws(SyntaxError) -> JSONValue {
            i += 1
            var members: [(String, JSONValue)] = []
            skipWhitespace()
            if !atEnd, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            while true {
                skipWhitespace()
                guard !atEnd, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a member name") }
                let key = try string()
                skipWhitespace()
                guard !atEnd, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':'") }
                i += 1
                members.append((key, try value(depth: depth + 1)))
                skipWhitespace()
                guard !atEnd else { throw error("unterminated object") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                guard bytes[i] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
                i += 1
                return .object(members)
            }
        }

        mutating func array(depth: Int) throws(SyntaxError) -> JSONValue {
            i += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if !atEnd, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            while true {
                items.append(try value(depth: depth + 1))
                skipWhitespace()
                guard !atEnd else { throw error("unterminated array") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                guard bytes[i] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
                i += 1
                return .array(items)
            }
        }

        mutating func digits() -> Int {
            let start = i
            while !atEnd, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - start
        }

        mutating func number() throws(SyntaxError) -> JSONValue {
            let start = i
            if bytes[i] == UInt8(ascii: "-") { i += 1 }
            let intStart = i
            let n = digits()
            guard n > 0 else { throw error("expected digits") }
            if n > 1, bytes[intStart] == UInt8(ascii: "0") { throw error("leading zero") }
            var integral = true
            if !atEnd, bytes[i] == UInt8(ascii: ".") {
                i += 1
                integral = false
                guard digits() > 0 else { throw error("expected digits after '.'") }
            }
            if !atEnd, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
                i += 1
                integral = false
                if !atEnd, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                guard digits() > 0 else { throw error("expected exponent digits") }
            }
            let text = String(decoding: bytes[start..<i], as: UTF8.self)
            // An integer beyond Int64 is read as a double (its magnitude kept, its last digits not).
            if integral, let n = Int64(text) { return .integer(n) }
            guard let d = Double(text) else { throw SyntaxError(offset: start, reason: "unreadable number") }
            return .number(d)
        }

        mutating func string() throws(SyntaxError) -> String {
            i += 1
            var out: [UInt8] = []
            while true {
                guard !atEnd else { throw error("unterminated string") }
                let b = bytes[i]
                i += 1
                switch b {
                case UInt8(ascii: "\""):
                    guard let s = String(validating: out, as: UTF8.self) else { throw error("string is not UTF-8") }
                    return s
                case UInt8(ascii: "\\"):
                    try escape(into: &out)
                case 0..<0x20: throw error("control character in string")
                default: out.append(b)
                }
            }
        }

        mutating func escape(into out: inout [UInt8]) throws(SyntaxError) {
            guard !atEnd else { throw error("unterminated escape") }
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
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let u = Unicode.Scalar(scalar) else { throw error("unpaired surrogate") }
                out += Array(String(Character(u)).utf8)
            default: throw error("invalid escape")
            }
        }

        mutating func hex4() throws(SyntaxError) -> UInt32 {
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
}

extension JSONValue {
    /// The member `key` of an object (the last one when a key repeats, as snapserver's reader takes it); nil for
    /// other values.
    public subscript(member key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.0 == key }?.1
    }

    /// The value as a finite double (integers too); nil for anything else.
    public var finiteNumber: Double? {
        switch self {
        case .integer(let n): return Double(n)
        case .number(let d) where d.isFinite: return d
        default: return nil
        }
    }
}
