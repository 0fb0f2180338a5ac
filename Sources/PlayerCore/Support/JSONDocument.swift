/// A JSON document as a value: the state file of earlier versions (read once to migrate it), the scrobbling
/// services' requests and answers. Numbers keep their text so that 64-bit integers (entry ids, the shuffle
/// generator's state) are read exactly.
///
/// Linnet's own small reader and writer instead of FoundationEssentials' JSONDecoder: linking FoundationEssentials
/// (and the regex libraries it pulls in) costs the idle daemon about 4 MB of resident memory.
public enum JSONDocument: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONDocument])
    case object([String: JSONDocument])

    /// The member `key` of an object (nil for other values or a missing key).
    public subscript(key: String) -> JSONDocument? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// An integer number, or a string of digits (Last.fm sends its counts and codes both ways).
    public var integer: Int64? {
        switch self {
        case .number(let text), .string(let text): return Int64(text)
        default: return nil
        }
    }

    public var array: [JSONDocument]? {
        if case .array(let items) = self { return items }
        return nil
    }
}

extension JSONDocument: JSONTree {
    public static func number(text: String) -> JSONDocument? { .number(text) }

    /// A repeated key keeps its last value.
    public static func object(members: [(String, JSONDocument)]) -> JSONDocument {
        .object(Dictionary(members, uniquingKeysWith: { $1 }))
    }
}

/// Writes JSON text (RFC 8259) with the members of each object in the order given, so requests are byte-stable.
public enum JSONWriter {
    /// A value to write: like `JSONDocument`, but objects keep their order.
    public indirect enum Value: Sendable, Hashable {
        case string(String)
        case integer(Int64)
        case bool(Bool)
        case array([Value])
        case object([Member])
    }

    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: Value
        public init(_ key: String, _ value: Value) { (self.key, self.value) = (key, value) }
    }

    public static func text(_ value: Value) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    private static func write(_ value: Value, into out: inout String) {
        switch value {
        case .string(let s): quote(s, into: &out)
        case .integer(let n): out += String(n)
        case .bool(let b): out += b ? "true" : "false"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                write(item, into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, m) in members.enumerated() {
                if i > 0 { out += "," }
                quote(m.key, into: &out)
                out += ":"
                write(m.value, into: &out)
            }
            out += "}"
        }
    }

    private static func quote(_ s: String, into out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20:
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        out += "\""
    }
}
