/// The player's state in the terms of MPD's `status`.
public struct MPDPlayerStatus: Sendable, Equatable {
    /// `play`, `pause` or `stop`.
    public enum State: String, Sendable {
        case play, pause, stop
    }

    public var state: State = .stop
    /// 0…100.
    public var volume: Int = 100
    public var repeatOn = false
    public var randomOn = false
    public var single: String = "0"
    /// Whether played songs leave the queue.
    public var consume = false
    /// The queue and its current and next songs.
    public var queueLength = 0
    public var currentPosition: Int?
    public var currentID: UInt32?
    public var nextPosition: Int?
    public var nextID: UInt32?
    /// Seconds heard of the current song, and its length when known.
    public var elapsed: Double?
    public var duration: Double?
    /// `RATE:BITS:CHANNELS` of what plays, when known.
    public var audioFormat: String?
    /// The running library scan's job id (`updating_db`), nil when none runs.
    public var updatingJob: UInt32?

    public init() {}
}
