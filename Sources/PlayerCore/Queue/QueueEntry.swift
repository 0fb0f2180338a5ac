/// The stable identity of one queue entry: assigned from a monotonically increasing counter,
/// never reused within a run and persisted with the queue, so `/org/linnet/Track/<rawValue>` stays valid.
public struct QueueEntryID: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    public var description: String { String(rawValue) }

    public init(from decoder: any Swift.Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(UInt64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
}

/// Something playable, before it has a place in the queue: where it is, plus hints from a playlist file.
public struct MediaItem: Hashable, Sendable, Codable {
    public var location: MediaLocation
    /// Title given by the playlist (#EXTINF, TitleN); tags from the file take precedence.
    public var title: String?
    /// Duration given by the playlist, in microseconds; nil when unknown or given as -1.
    public var durationMicroseconds: Int64?

    public init(_ location: MediaLocation, title: String? = nil, durationMicroseconds: Int64? = nil) {
        self.location = location
        self.title = title
        self.durationMicroseconds = durationMicroseconds
    }
}

/// One entry of the play queue: an item with its stable identity.
public struct QueueEntry: Hashable, Sendable, Codable, Identifiable {
    public let id: QueueEntryID
    public var item: MediaItem

    public init(id: QueueEntryID, item: MediaItem) {
        self.id = id
        self.item = item
    }

    /// Shortcut for `item.location`.
    public var location: MediaLocation { item.location }
}
