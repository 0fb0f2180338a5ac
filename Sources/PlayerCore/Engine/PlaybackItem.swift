/// One thing the engine can play: an id chosen by the owner plus where the audio lives.
///
/// The engine never interprets `location`; it hands the whole item to the owner's `openDecoder` closure.
public struct PlaybackItem: Sendable, Hashable, CustomStringConvertible {
    /// The owner's identity for this entry; two queue entries of one file differ here.
    public var id: PlaybackItemID
    /// A file path or URI.
    public var location: String

    public init(id: PlaybackItemID, location: String) {
        self.id = id
        self.location = location
    }

    public var description: String { "\(id) <\(location)>" }
}

/// Who an item is to its owner: the queue entry it plays, or a name for an owner without a queue (a tool, a
/// test). Typed, so an event comes back with the entry itself, not a string to parse.
public enum PlaybackItemID: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    case entry(QueueEntryID)
    case name(String)

    public init(stringLiteral name: String) { self = .name(name) }

    /// The queue entry, or nil for a named item.
    public var entry: QueueEntryID? {
        if case .entry(let id) = self { return id }
        return nil
    }

    public var description: String {
        switch self {
        case .entry(let id): return id.description
        case .name(let name): return name
        }
    }
}

/// What the engine learned about an item when it opened it; delivered with `trackStarted`.
public struct TrackInfo: Sendable, Hashable {
    /// The format as played: a mono track is played as stereo (see `MonoUpmix`), so balance applies to it.
    public var format: AudioFormat
    /// Exact duration in microseconds, or nil when unknown (streams).
    public var durationMicroseconds: Int64?
    public var isSeekable: Bool
    public var tags: TrackTags

    public init(format: AudioFormat, durationMicroseconds: Int64?, isSeekable: Bool, tags: TrackTags) {
        self.format = format
        self.durationMicroseconds = durationMicroseconds
        self.isSeekable = isSeekable
        self.tags = tags
    }
}
