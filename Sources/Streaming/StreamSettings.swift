/// Limits and knobs for network streams (set from linnetd's environment/config; tests shorten the timeouts).
public struct StreamSettings: Sendable, Hashable {
    /// The cap on undecoded bytes held per stream.
    public var bufferBytes = 2 * 1024 * 1024
    /// A PEM file of CA certificates to trust instead of the system store.
    public var caFile: String?
    /// A read that waits longer than this for a byte fails (the server stalled).
    public var readTimeoutSeconds = 15.0
    public var connectTimeoutSeconds = 10
    /// Below this many bytes per second for `lowSpeedSeconds`, the transfer fails (a trickling server).
    public var lowSpeedBytesPerSecond = 256
    public var lowSpeedSeconds = 10
    /// Reconnects after a drop before giving up, and the first back-off (doubling up to `maxReconnectDelay`).
    public var reconnectAttempts = 5
    public var reconnectDelaySeconds = 0.5
    public var maxReconnectDelaySeconds = 8.0
    /// Decoded audio kept ahead of the output, and how much must be there before sound starts (or restarts).
    public var decodedAheadSeconds = 2.0
    public var startSeconds = 0.3
    /// Remote playlists and HLS playlists larger than this are refused.
    public var maxPlaylistBytes = 1024 * 1024
    /// HLS: at most this many segments are taken from one playlist.
    public var maxSegments = 10_000
    /// A live stream paused longer than this reconnects on Play (what is heard is live again, not the stale
    /// buffer from before the pause).
    public var liveRestartSeconds = 10.0

    public init() {}

    /// The back-off before reconnect `attempt` (1-based): doubling from `reconnectDelaySeconds`.
    public func reconnectDelay(attempt: Int) -> Double {
        var d = reconnectDelaySeconds
        for _ in 1..<max(1, attempt) where d < maxReconnectDelaySeconds { d *= 2 }
        return min(d, maxReconnectDelaySeconds)
    }
}
