import CPulse

/// Timing updates on a ramp while the stream plays, none while it is corked.
///
/// libpulse's PA_STREAM_AUTO_TIMING_UPDATE does the same ramp (10 ms doubling to 1.5 s, restarted on cork, flush,
/// drain and underflow) but keeps its timer running while the stream is corked: a paused player would wake every
/// 1.5 s for nothing. Interpolation (PA_STREAM_INTERPOLATE_TIMING) carries the position between updates and
/// freezes it while corked. Runs with the mainloop lock held, like every other stream method.
extension PulseStream {
    static let firstTimingIntervalMicroseconds: UInt64 = 10_000
    static let lastTimingIntervalMicroseconds: UInt64 = 1_500_000

    /// Asks for timing info now and, unless corked, again on a fresh ramp; corked: stops the ramp.
    func restartTimingUpdates() {
        guard state == .ready else { return }
        requestTimingUpdate()
        timingIntervalMicroseconds = Self.firstTimingIntervalMicroseconds
        armTimingUpdate()
    }

    private func armTimingUpdate() {
        if isCorked {
            timingTimer?.disarm()
            return
        }
        if timingTimer == nil {
            timingTimer = context.makeTimer { [unowned self] in
                self.requestTimingUpdate()
                self.timingIntervalMicroseconds = min(Self.lastTimingIntervalMicroseconds,
                                                      self.timingIntervalMicroseconds * 2)
                self.armTimingUpdate()
            }
        }
        timingTimer?.arm(afterMicroseconds: timingIntervalMicroseconds)
    }
}
