/// Something that measures the levels of the audio on its own path (the player's output, the recorder's
/// capture) and publishes them from that path's own wake-ups: no timer of its own, nothing while the audio is
/// paused, no work at all while nobody listens.
public protocol LevelMetering: AnyObject, Sendable {
    /// Starts metering, with `sink` receiving the levels of what was heard (or captured) since its previous
    /// call, after volume, at most `MeterPlan.updatesPerSecond` times a second, on the audio thread; nil stops
    /// (history dropped). Any thread.
    func setMeterSink(_ sink: (@Sendable (LevelReading) -> Void)?)
}

/// Spaces meter updates: due every `MeterPlan.intervalMilliseconds` on average, never faster over time; a
/// wake-up that comes late does not cause a burst to catch up.
public struct MeterPacer: Sendable {
    private var nextDue: UInt64 = 0
    private let interval: UInt64 = UInt64(MeterPlan.intervalMilliseconds) * 1_000

    public init() {}

    /// True (and the next one scheduled) when an update is due at `now` (microseconds, monotonic).
    public mutating func isDue(at now: UInt64) -> Bool {
        guard now >= nextDue else { return false }
        // Keep the cadence when on time; restart it from now after a gap (a pause, a stall).
        nextDue = nextDue + interval >= now ? nextDue + interval : now + interval
        return true
    }
}
