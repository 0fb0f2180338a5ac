/// Arithmetic that pins to the representable range instead of trapping, for values that come from C libraries,
/// the bus or files (see "Conventions" in README). One copy for every target above PlayerCore.
extension Int64 {
    /// `self + other`, pinned to the representable range instead of trapping.
    public func addingSaturating(_ other: Int64) -> Int64 {
        let (r, o) = addingReportingOverflow(other)
        return o ? (other > 0 ? .max : .min) : r
    }

    /// `self * other`, pinned to the representable range instead of trapping.
    public func multipliedSaturating(by other: Int64) -> Int64 {
        let (r, o) = multipliedReportingOverflow(by: other)
        return o ? ((self < 0) == (other < 0) ? .max : .min) : r
    }

    /// `self - other`, pinned to the representable range instead of trapping.
    public func subtractingSaturating(_ other: Int64) -> Int64 {
        let (r, o) = subtractingReportingOverflow(other)
        return o ? (other > 0 ? .min : .max) : r
    }

    /// `value` rounded toward zero and pinned to the representable range (±inf → .max/.min); nil for NaN.
    public init?(saturating value: Double) {
        if value.isNaN { return nil }
        // 2^63 is exactly representable as a Double; anything at or above it does not fit.
        if value >= 9_223_372_036_854_775_808.0 { self = .max; return }
        if value < -9_223_372_036_854_775_808.0 { self = .min; return }
        self = Int64(value.rounded(.towardZero))  // in range by the two checks above
    }
}
