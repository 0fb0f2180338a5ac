/// What Linnet's `org.mpris.MediaPlayer2.linnet.Stream` interface says about the current network stream.
public struct StreamStatus: Sendable, Equatable {
    /// Nothing is heard for lack of data (connecting, filling the buffer).
    public var buffering: Bool
    /// Buffer fill, 0…1.
    public var level: Double
    /// Seconds of audio buffered ahead.
    public var seconds: Double
    /// The station's name (ICY), "" when unknown.
    public var stationName: String

    public init(buffering: Bool, level: Double, seconds: Double, stationName: String = "") {
        self.buffering = buffering
        self.level = level
        self.seconds = seconds
        self.stationName = stationName
    }

    /// `Buffering… 35 %` or `Buffer: 12.3 s (35 %)`.
    public var line: String {
        let percent = Int((min(1, max(0, level)) * 100).rounded())
        if buffering { return "Buffering… \(percent) %" }
        let tenths = Int((max(0, seconds) * 10).rounded())
        return "Buffer: \(tenths / 10).\(tenths % 10) s (\(percent) %)"
    }
}
