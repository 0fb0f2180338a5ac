/// A range argument: `START:END` (END excluded), `START:` (open-ended), `N` (one item) or `-1` (everything).
///
/// Bounds are at most `Int32.max` as in MPD, so arithmetic on them in an `Int` cannot overflow.
public struct MPDRange: Sendable, Equatable, Hashable {
    /// The first position.
    public var start: Int
    /// The position after the last one; nil when open-ended.
    public var end: Int?

    /// A range from `start` up to (not including) `end`, or open-ended.
    public init(start: Int, end: Int?) {
        self.start = start
        self.end = end
    }

    /// Everything (`0:`, also what MPD's legacy `-1` means).
    public static let all = MPDRange(start: 0, end: nil)

    /// Whether the range has no end.
    public var isOpenEnded: Bool { end == nil }

    /// Whether `position` lies inside.
    public func contains(_ position: Int) -> Bool {
        position >= start && (end.map { position < $0 } ?? true)
    }

    /// The range cut to a list of `count` items (MPD's ClipRelaxed); empty when it starts beyond the list.
    public func clamped(toCount count: Int) -> Range<Int> {
        let upper = Swift.max(0, Swift.min(end ?? count, count))
        return Swift.min(start, upper)..<upper
    }

    /// Parses a range as MPD's ParseCommandArgRange does, with its messages.
    public static func parse(_ text: String) throws(MPDArgumentError) -> MPDRange {
        let parts = text.utf8.split(separator: UInt8(ascii: ":"), maxSplits: 1, omittingEmptySubsequences: false)
        let hasColon = parts.count == 2
        let start = try bound(Substring(parts[0]), of: text)
        guard let start else {
            if !hasColon, case .value(true, 1) = MPDArguments.decimal(String(Substring(parts[0]))) { return .all }
            throw .numberNegative(text)
        }
        guard hasColon else { return MPDRange(start: start, end: start + 1) }
        if parts[1].isEmpty { return MPDRange(start: start, end: nil) }
        guard let end = try bound(Substring(parts[1]), of: text) else { throw .numberNegative(text) }
        guard start <= end else { throw .malformedRange(text) }
        return MPDRange(start: start, end: end)
    }

    /// One side of the range: its value, nil when negative, or MPD's error.
    private static func bound(_ part: Substring, of text: String) throws(MPDArgumentError) -> Int? {
        switch MPDArguments.decimal(String(part)) {
        case .invalid: throw .rangeExpected(text)
        case .overflow: throw .numberTooLarge(text)
        case .value(let negative, let magnitude):
            if negative && magnitude != 0 { return nil }
            guard magnitude <= UInt64(Int32.max) else { throw .numberTooLarge(text) }
            return Int(magnitude)
        }
    }
}
