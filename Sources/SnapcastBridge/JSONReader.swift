import LinnetCLI
import PlayerCore

/// Reads one JSON text (RFC 8259) from bytes that came from outside (a line on the plug-in's stdin) into the
/// client's `JSONValue`, with PlayerCore's `JSONParser`. Strict and bounded: one value with only whitespace around
/// it, nesting at most `maximumDepth` deep (hostile input cannot exhaust the stack), input at most `maximumBytes`
/// long (the line framer already cut it to that). Integers that fit Int64 stay integers; other numbers become
/// doubles.
public enum JSONReader {
    /// Malformed JSON, with the byte offset where reading stopped.
    public typealias SyntaxError = JSONParser.SyntaxError

    public static let maximumDepth = 32
    public static let maximumBytes = 1 << 20

    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        guard bytes.count <= maximumBytes else {
            throw SyntaxError(offset: 0, reason: "longer than \(maximumBytes) bytes")
        }
        return try JSONParser.parse(bytes, as: JSONValue.self, maximumDepth: maximumDepth)
    }
}

extension JSONValue: JSONTree {
    /// An integer beyond Int64 is read as a double (its magnitude kept, its last digits not).
    public static func number(text: String) -> JSONValue? {
        let integral = !text.contains { $0 == "." || $0 == "e" || $0 == "E" }
        if integral, let n = Int64(text) { return .integer(n) }
        return Double(text).map(JSONValue.number)
    }

    public static func object(members: [(String, JSONValue)]) -> JSONValue { .object(members) }
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
