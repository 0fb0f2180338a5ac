/// Which meters run, decided from who listens and what plays: the player's meter only while someone listens
/// and music plays (never while paused), the recorder's only while someone listens and it captures (not while
/// paused), and the update timer only while one of them runs.
public struct MeterPlan: Sendable, Equatable {
    /// At most this many `Levels` per second and meter.
    public static let updatesPerSecond = 20
    public static var intervalMilliseconds: Int { 1000 / updatesPerSecond }

    public var player: Bool
    public var recorder: Bool
    public var needsTimer: Bool { player || recorder }

    public init(listeners: Int, playing: Bool, recording: Bool) {
        player = listeners > 0 && playing
        recorder = listeners > 0 && recording
    }
}
