/// Which meters run, decided from who listens and what plays: the player's meter only while someone listens
/// and music plays (never while paused), the recorder's only while someone listens and it captures (not while
/// paused).
public struct MeterPlan: Sendable, Equatable {
    /// At most this many `Levels` per second and meter.
    public static let updatesPerSecond = 20
    public static var intervalMilliseconds: Int { 1000 / updatesPerSecond }

    public var player: Bool
    public var recorder: Bool

    public init(listeners: Int, playing: Bool, recording: Bool) {
        player = listeners > 0 && playing
        recorder = listeners > 0 && recording
    }
}
