/// Position between signals, extrapolated like playerctl: the last value the player reported, when it was
/// learnt (monotonic time), and the rate while Playing. Seeked and property reads reset it.
public struct PositionClock: Sendable, Equatable {
    /// The position last reported, in microseconds.
    public var baseMicroseconds: Int64
    /// Monotonic time of that report, in nanoseconds.
    public var baseNanoseconds: UInt64
    public var isPlaying: Bool
    public var rate: Double

    public init(position: Int64, at nanoseconds: UInt64, isPlaying: Bool, rate: Double = 1) {
        baseMicroseconds = position
        baseNanoseconds = nanoseconds
        self.isPlaying = isPlaying
        self.rate = rate.isFinite && rate > 0 ? rate : 1
    }

    /// The position at monotonic time `now`, clamped to `[0, length]` when the length is known.
    public func position(at now: UInt64, length: Int64? = nil) -> Int64 {
        var p = baseMicroseconds
        if isPlaying, now > baseNanoseconds {
            // Position and rate come from the bus: an advance or sum beyond Int64 pins to Int64.max.
            let advance = Int64(exactly: (Double(now - baseNanoseconds) / 1000 * rate).rounded(.towardZero)) ?? .max
            let (sum, overflow) = p.addingReportingOverflow(advance)
            p = overflow ? .max : sum
        }
        p = max(0, p)
        if let length, length > 0 { p = min(p, length) }
        return p
    }

    /// Re-bases at `now` (keeping the extrapolated position), e.g. before the play state changes.
    public mutating func rebase(at now: UInt64, length: Int64? = nil) {
        baseMicroseconds = position(at: now, length: length)
        baseNanoseconds = now
    }

    /// Nanoseconds from `now` until the displayed whole second changes, nil when nothing changes (not playing).
    /// A few milliseconds are added so the redraw lands just after the boundary, not just before it.
    public func nanosecondsUntilNextSecond(at now: UInt64) -> UInt64? {
        guard isPlaying else { return nil }
        let p = position(at: now)
        let remainingUs = 1_000_000 - p % 1_000_000
        // A rate near 0 from the bus would make this enormous (or inf): an hour is as good as never.
        let wait = min((Double(remainingUs) * 1000 / rate).rounded(.up), 3_600e9)
        return UInt64(wait) + 5_000_000  // wait is in [0, 3.6e12]: cannot trap
    }
}
