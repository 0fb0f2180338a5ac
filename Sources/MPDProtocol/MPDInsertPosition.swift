/// Where added songs go (`add URI POS`, `findadd … position POS`): absolute, or relative to the current song.
public enum MPDInsertPosition: Sendable, Equatable {
    /// At this queue position.
    case absolute(UInt32)
    /// `+N`: this many places after the song after the current one (`+0` is right after it).
    case afterCurrent(UInt32)
    /// `-N`: this many places before the current song (`-0` is right before it).
    case beforeCurrent(UInt32)

    /// Parses `N`, `+N` or `-N`; checking against the queue's length is the handler's.
    public static func parse(_ text: String) throws(MPDArgumentError) -> MPDInsertPosition {
        switch text.utf8.first {
        case UInt8(ascii: "+"): .afterCurrent(try unsignedDigits(text.utf8.dropFirst(), of: text))
        case UInt8(ascii: "-"): .beforeCurrent(try unsignedDigits(text.utf8.dropFirst(), of: text))
        default: .absolute(try unsignedDigits(text.utf8[...], of: text))
        }
    }

    private static func unsignedDigits(_ digits: Substring.UTF8View, of text: String) throws(MPDArgumentError)
        -> UInt32
    {
        guard let first = digits.first, isASCIIDigit(first) else { throw .integerExpected(text) }
        return try MPDArguments.unsigned(String(Substring(digits)))
    }
}
