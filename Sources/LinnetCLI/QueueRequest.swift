/// `linnet queue …`; numbers are queue positions from 1, as `linnet queue` prints them.
public enum QueueRequest: Sendable, Equatable {
    case list(QueueListOptions)
    /// Files, folders, playlists or URIs: after the last entry, or (`next`) right after the current one.
    case add(uris: [String], next: Bool)
    /// Entries by number and range (`3 7-9`); resolved against one listing, removed in one call.
    case remove(QueueSelection)
    /// Entry `from` so that it stands at `to` afterwards.
    case move(from: Int, to: Int)
    case clear
    case goto(index: Int)
}

/// How `linnet queue` lists.
public struct QueueListOptions: Sendable, Equatable {
    /// One JSON object per entry, in an array.
    public var json = false
    /// Only these positions (from 1; clamped to the queue).
    public var range: ClosedRange<Int>?

    public init(json: Bool = false, range: ClosedRange<Int>? = nil) {
        self.json = json
        self.range = range
    }
}

/// Queue positions (from 1) named on the command line: single numbers and `A-B` ranges.
public struct QueueSelection: Sendable, Equatable {
    public var ranges: [ClosedRange<Int>]

    public init(_ ranges: [ClosedRange<Int>]) { self.ranges = ranges }

    /// Parses `N` or `A-B` (A ≤ B, both ≥ 1); nil when it is neither.
    public static func range(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2, let a = Int(parts[0]), a >= 1 else { return nil }
        guard parts.count == 2 else { return a...a }
        guard let b = Int(parts[1]), b >= a else { return nil }
        return a...b
    }

    /// The distinct positions, ascending.
    public var positions: [Int] { Array(Set(ranges.flatMap { Array($0) })).sorted() }

    /// The largest position named.
    public var highest: Int { ranges.map(\.upperBound).max() ?? 0 }
}
