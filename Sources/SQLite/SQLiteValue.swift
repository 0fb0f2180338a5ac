/// One SQLite value in Swift terms: what a column holds or a parameter binds.
public enum SQLiteValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The integer, when this is an integer (a real is not converted).
    public var integer: Int64? { if case .integer(let v) = self { v } else { nil } }
    /// The text, when this is text.
    public var text: String? { if case .text(let v) = self { v } else { nil } }
    /// The bytes, when this is a blob.
    public var blob: [UInt8]? { if case .blob(let v) = self { v } else { nil } }
    /// The number, when this is a real or an integer.
    public var real: Double? {
        switch self {
        case .real(let v): v
        case .integer(let v): Double(v)
        default: nil
        }
    }
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByNilLiteral,
    ExpressibleByFloatLiteral
{
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(floatLiteral value: Double) { self = .real(value) }
}
