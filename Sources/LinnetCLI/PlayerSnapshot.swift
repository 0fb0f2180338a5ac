/// What the client knows about a player at one moment (every field optional: players omit properties).
public struct PlayerSnapshot: Sendable, Equatable {
    /// The short player name (`linnet`, `mpv`, `linnet.instance42`).
    public var player: String
    public var status: PlaybackStatus?
    public var loop: LoopStatus?
    public var shuffle: Bool?
    public var volume: Double?
    /// Position in microseconds at the time the snapshot was taken.
    public var positionMicroseconds: Int64?
    public var rate: Double?
    public var metadata: TrackMetadata
    /// Linnet's network-stream state, when the current track is a stream (nil otherwise and for other players).
    public var stream: StreamStatus?

    public init(
        player: String, status: PlaybackStatus? = nil, loop: LoopStatus? = nil, shuffle: Bool? = nil,
        volume: Double? = nil, positionMicroseconds: Int64? = nil, rate: Double? = nil,
        metadata: TrackMetadata = TrackMetadata()
    ) {
        self.player = player
        self.status = status
        self.loop = loop
        self.shuffle = shuffle
        self.volume = volume
        self.positionMicroseconds = positionMicroseconds
        self.rate = rate
        self.metadata = metadata
    }
}
