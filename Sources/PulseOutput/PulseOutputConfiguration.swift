/// How `PulseAudioOutput` connects and buffers.
public struct PulseOutputConfiguration: Sendable {
    /// Server address (nil: the normal client rules — PULSE_SERVER, then the user's runtime dir).
    public var server: String?
    /// Sink to play on (nil: the server's choice, i.e. default or restored).
    public var sink: String?
    public var applicationName = "Linnet"
    public var applicationID = "org.mpris.MediaPlayer2.linnet"
    public var iconName = "linnet"
    /// Target length of the stream's queue on the server: the slack before an underrun when Linnet's loop thread
    /// is not scheduled in time.
    public var targetLatencyMicroseconds: Int = 250_000
    /// Size of each request, and (with PA_STREAM_EARLY_REQUESTS) about the sink's latency: a cork or seek is heard
    /// within about this long even on a sink that cannot rewind. Larger means fewer wake-ups (less CPU).
    public var minimumRequestMicroseconds: Int = 40_000
    /// Data needed before playback starts (after open, flush or an underrun). Set explicitly: with
    /// ADJUST_LATENCY the server may shrink the target below its default prebuffer and then wait forever.
    public var prebufferMicroseconds: Int = 40_000

    public init(server: String? = nil, sink: String? = nil) {
        self.server = server
        self.sink = sink
    }

    /// The client and stream properties every Linnet stream carries.
    var baseProperties: [String: String] {
        [
            "application.name": applicationName, "application.id": applicationID,
            "application.icon_name": iconName, "media.role": "music"
        ]
    }
}
