/// A JSON document as a value: what the state file is made of. Numbers keep their text so that 64-bit integers
/// (entry ids, the shuffle generator's state) round-trip exactly.
///
/// Linnet's own small JSON instead of FoundationEssentials' JSONEncoder/JSONDecoder: linking FoundationEssentials
/// (and the regex libraries it pulls in) costs the idle daemon about 4 MB of resident memory.
enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A finite double as JSON text (`1.0` is written `1`); non-finite values cannot be written.
    static func number(_ v: Double, _ codingPath: [any CodingKey]) throws -> JSONValue {
        guard v.isFinite else {
            throw EncodingError.invalidValue(
                v, .init(codingPath: codingPath, debugDescription: "\(v) is not valid JSON"))
        }
        var text = "\(v)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .number(text)
    }

    /// Compact UTF-8 text with object keys sorted (successive files diff cleanly); `/` is not escaped.
    func serialized() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(to: &out)
        return out
    }

    private func write(to out: inout [UInt8]) {
        switch self {
        case .null: out += "null".utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        case .number(let n): out += n.utf8
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, key) in members.keys.sorted().enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                members[key]!.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ s: String, to out: inout [UInt8]) {
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += "\\\"".utf8
            case UInt8(ascii: "\\"): out += "\\\\".utf8
            case 0x0A: out += "\\n".utf8
            case 0x0D: out += "\\r".utf8
            case 0x09: out += "\\t".utf8
            case 0x08: out += "\\b".utf8
            case 0x0C: out += "\\f".utf8
            case 0..<0x20: out += "\\u00".utf8; out.append(hex[Int(byte >> 4)]); out.append(hex[Int(byte & 15)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
