/// Whether the player was playing when the state was saved (restored as paused by the service).
public enum SavedPlayback: String, Sendable, Hashable, Codable {
    case playing, paused, stopped
}

/// Everything Linnet remembers across restarts: the queue (entries, ids, next id, current entry, loop, shuffle
/// order and history), the position in the current entry, the volume and the playback status.
///
/// Decoding is lenient so a state file survives upgrades in both directions: unknown keys (from a newer
/// version) are ignored, missing keys take defaults, out-of-range numbers are clamped. `version` records the
/// writer's format so a later version can migrate deliberately.
public struct PlayerState: Sendable, Hashable, Codable {
    /// The format this code writes.
    public static let currentVersion = 1

    public var version: Int
    public var queue: PlaybackQueue
    /// Position in the current entry, in microseconds (≥ 0).
    public var positionMicroseconds: Int64
    /// Volume as MPRIS sees it (1.0 = 100%, ≥ 0).
    public var volume: Double
    public var playback: SavedPlayback
    /// Left/right balance, −1 … 1 (0 when the file predates it).
    public var balance: Double = 0

    public init(
        queue: PlaybackQueue, positionMicroseconds: Int64 = 0, volume: Double = 1.0,
        playback: SavedPlayback = .stopped
    ) {
        self.version = Self.currentVersion
        self.queue = queue
        self.positionMicroseconds = max(0, positionMicroseconds)
        self.volume = Self.clampVolume(volume)
        self.playback = playback
    }

    private enum CodingKeys: String, CodingKey {
        case version, queue, positionMicroseconds = "positionUs", volume, playback, balance
    }

    public init(from decoder: any Swift.Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decodeIfPresent(Int.self, forKey: .version) ?? 0
        queue = try c.decodeIfPresent(PlaybackQueue.self, forKey: .queue) ?? PlaybackQueue()
        positionMicroseconds = max(0, try c.decodeIfPresent(Int64.self, forKey: .positionMicroseconds) ?? 0)
        volume = Self.clampVolume(try c.decodeIfPresent(Double.self, forKey: .volume) ?? 1.0)
        // An unknown status from a newer writer degrades to paused rather than failing the whole file.
        let raw = try c.decodeIfPresent(String.self, forKey: .playback) ?? "stopped"
        playback = SavedPlayback(rawValue: raw) ?? .paused
        let b = try c.decodeIfPresent(Double.self, forKey: .balance) ?? 0
        balance = b.isFinite ? min(1, max(-1, b)) : 0
        if queue.isEmpty { positionMicroseconds = 0 }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.currentVersion, forKey: .version)
        try c.encode(queue, forKey: .queue)
        try c.encode(positionMicroseconds, forKey: .positionMicroseconds)
        try c.encode(volume, forKey: .volume)
        try c.encode(playback, forKey: .playback)
        try c.encode(balance, forKey: .balance)
    }

    /// The loudest volume Linnet keeps (10 = +60 dB); louder values from the bus or a file are clamped to it.
    public static let maximumVolume = 10.0

    static func clampVolume(_ v: Double) -> Double {
        v.isFinite ? min(max(v, 0), maximumVolume) : 1.0
    }
}
