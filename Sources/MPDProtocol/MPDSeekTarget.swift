/// The argument of `seekcur`: a time in seconds, or an offset from the current position when signed.
public enum MPDSeekTarget: Sendable, Equatable {
    /// Seek to this many seconds (not negative).
    case absolute(Double)
    /// Seek by this many seconds from where playback is (`+N` forward, `-N` back).
    case relative(Double)

    /// Parses `N`, `+N` or `-N` (as MPD: a leading sign makes it relative).
    public static func parse(_ text: String) throws(MPDArgumentError) -> MPDSeekTarget {
        let value = try MPDArguments.float(text)
        guard let sign = text.utf8.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else {
            return .absolute(value)
        }
        return .relative(value)
    }
}
