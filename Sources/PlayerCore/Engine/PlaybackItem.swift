/// One thing the engine can play: an opaque id chosen by the owner plus where the audio lives.
///
/// The engine never interprets `location`; it hands the whole item to the owner's `openDecoder` closure.
public struct PlaybackItem: Sendable, Hashable, CustomStringConvertible {
    /// The owner's identity for this entry (e.g. an MPRIS track id); two queue entries of one file differ here.
    public var id: String
    /// A file path or URI.
    public var location: String

    public init(id: String, location: String) {
        self.id = id
        self.location = location
    }

    public var description: String { "\(id) <\(location)>" }
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
