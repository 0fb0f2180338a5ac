/// How long one play of a track has really been heard, from samples of the heard position against a monotonic
/// clock. Between two samples while playing, the credit is the smaller of the wall time and the position's advance:
/// a pause advances neither, a stall (a stream buffering) advances only the clock, rate 2 advances the position
/// twice as fast as the clock, rate 0.5 half as fast; none of them inflates the count. A jump (a seek) is told
/// with `jumped`: the stretch before it was sampled by the caller, the jump itself is never credited.
public struct HeardTime: Sendable, Hashable {
    public private(set) var microseconds: Int64 = 0
    /// The last sample while playing (nil while paused or before the first playing sample).
    private var mark: Mark?

    struct Mark: Sendable, Hashable {
        var clock: Int64
        var position: Int64
    }

    public init() {}

    /// A sample: the heard position (µs into the track), whether it plays, and the monotonic clock (µs).
    public mutating func observe(position: Int64, playing: Bool, clock: Int64) {
        if let mark {
            let wall = clock.subtractingSaturating(mark.clock)
            let media = position.subtractingSaturating(mark.position)
            microseconds = microseconds.addingSaturating(max(0, min(wall, media)))
        }
        mark = playing ? Mark(clock: clock, position: position) : nil
    }

    /// The position jumped (or is about to): nothing is credited across the jump; `position` (when known) starts
    /// the next stretch.
    public mutating func jumped(to position: Int64?, playing: Bool, clock: Int64) {
        mark = playing ? position.map { Mark(clock: clock, position: $0) } : nil
    }

    /// Whether a stretch is open (the last sample said playing).
    public var isRunning: Bool { mark != nil }
}
