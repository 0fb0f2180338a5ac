/// Typed parsing of single arguments, with MPD's checks and messages (`src/protocol/ArgParser.cxx`).
///
/// Stricter than MPD's strtol: no leading white space, no `0x`; an optional `+` sign is accepted as strtol does.
/// Digits accumulate with overflow-reporting arithmetic, so no input traps.
public enum MPDArguments {
    /// An unsigned integer at most `max` ("Integer expected: x", "Number too large: x").
    public static func unsigned(_ text: String, max: UInt32 = .max) throws(MPDArgumentError) -> UInt32 {
        switch decimal(text) {
        case .invalid: throw .integerExpected(text)
        case .overflow: throw .numberTooLarge(text)
        // strtoul wraps "-5" into a huge number, which MPD then reports as too large.
        case .value(true, let magnitude) where magnitude != 0: throw .numberTooLarge(text)
        case .value(_, let magnitude):
            guard magnitude <= UInt64(max) else { throw .numberTooLarge(text) }
            return UInt32(magnitude)
        }
    }

    /// A signed integer within `range` ("Integer expected: x", "Number too large: x").
    public static func int(_ text: String, in range: ClosedRange<Int32> = .min ... .max) throws(MPDArgumentError)
        -> Int32
    {
        switch decimal(text) {
        case .invalid: throw .integerExpected(text)
        case .overflow: throw .numberTooLarge(text)
        case .value(let negative, let magnitude):
            let value = negative ? -Int64(magnitude) : Int64(magnitude)
            guard let narrow = Int32(exactly: value), range.contains(narrow) else { throw .numberTooLarge(text) }
            return narrow
        }
    }

    /// `0` or `1` ("Boolean (0/1) expected: x").
    public static func bool(_ text: String) throws(MPDArgumentError) -> Bool {
        guard case .value(false, let magnitude) = decimal(text), magnitude <= 1 else {
            throw .booleanExpected(text)
        }
        return magnitude == 1
    }

    /// A finite decimal number: `[+-]digits[.digits][e[+-]digits]` ("Float expected: x").
    ///
    /// Swift's `Double(String)` alone would also take `nan`, `inf` and hexadecimal floats.
    public static func float(_ text: String) throws(MPDArgumentError) -> Double {
        guard isDecimalFloat(text), let value = Double(text), value.isFinite else { throw .floatExpected(text) }
        return value
    }

    /// A non-negative time in seconds (`seek`, `seekid`): "Negative value not allowed: x".
    public static func seconds(_ text: String) throws(MPDArgumentError) -> Double {
        let value = try float(text)
        guard value >= 0 else { throw .negativeNotAllowed(text) }
        return value
    }

    /// The outcome of reading an optionally signed decimal integer.
    enum Decimal: Equatable {
        case invalid
        case overflow
        case value(negative: Bool, magnitude: UInt64)
    }

    /// Reads `[+-]digits` with nothing around it; magnitudes above `Int64.max` are `.overflow`.
    static func decimal(_ text: String) -> Decimal {
        var digits = Substring(text).utf8
        var negative = false
        if let sign = digits.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            negative = sign == UInt8(ascii: "-")
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty else { return .invalid }
        var magnitude: UInt64 = 0
        var overflowed = false
        for byte in digits {
            guard isASCIIDigit(byte) else { return .invalid }
            let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            overflowed = overflowed || o1 || o2 || sum > UInt64(Int64.max)
            magnitude = sum
        }
        return overflowed ? .overflow : .value(negative: negative, magnitude: magnitude)
    }

    /// Whether `text` has the shape `[+-]digits[.digits][e[+-]digits]` (digits on at least one side of the dot).
    static func isDecimalFloat(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        func digits() -> Int {
            let count = bytes.prefix(while: isASCIIDigit).count
            bytes = bytes.dropFirst(count)
            return count
        }
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        var mantissa = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if let e = bytes.first, e | 0x20 == UInt8(ascii: "e") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                bytes = bytes.dropFirst()
            }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}
