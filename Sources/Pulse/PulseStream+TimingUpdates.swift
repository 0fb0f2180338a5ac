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
    /// The longest wait between requests while queued data waits for the sink to start.
    static let waitingIntervalMicroseconds: UInt64 = 100_000

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
                self.timingIntervalMicroseconds = min(
                    Self.lastTimingIntervalMicroseconds,
                    self.timingIntervalMicroseconds * 2)
                self.armTimingUpdate()
            }
        }
        timingTimer?.arm(afterMicroseconds: timingIntervalMicroseconds)
    }
}

/// One timing reply of a playback stream, as the server sent it (`pa_timing_info`), stamped with when it arrived.
public struct PulseTiming: Sendable, Equatable {
    /// Bytes the server has read from the stream's queue (may step back when the sink rewinds).
    public var readIndex: Int64
    /// The sink's own latency: how long a byte just read takes to be heard.
    public var sinkMicroseconds: UInt64
    /// Half the round trip of the request: how old the reply is on arrival.
    public var transportMicroseconds: UInt64
    /// The server is passing this stream's data to the sink (not corked, not prebuffering, not underrun).
    public var playing: Bool
    /// pa_rtclock µs when the reply arrived.
    public var receivedAt: UInt64
}

extension PulseStream {
    /// Keeps the reply behind a latency update, once per reply (libpulse also calls the latency callback for
    /// local index changes; those carry no new server time, recognised by an unchanged timestamp).
    func recordTiming() {
        guard let ti = pa_stream_get_timing_info(raw) else { return }
        let t = ti.pointee
        let stamp = (t.timestamp.tv_sec, t.timestamp.tv_usec)
        guard timing == nil || stamp != lastTimingStamp else { return }
        lastTimingStamp = stamp
        guard t.read_index_corrupt == 0 else { return }
        timing = PulseTiming(
            readIndex: t.read_index, sinkMicroseconds: t.sink_usec,
            transportMicroseconds: t.transport_usec, playing: t.playing != 0,
            receivedAt: pa_rtclock_now())
        // Data is queued but the sink has not started on it (prebuffer, or a sink still sleeping through a long
        // idle block, as null sinks do for up to 2 s): ask again when it should have started, so the position
        // starts moving within a few ms of the first sound rather than at the next step of the ramp.
        if t.playing == 0, !isCorked, t.write_index_corrupt == 0, t.write_index > t.read_index {
            let wait = min(Self.waitingIntervalMicroseconds, max(2_000, t.sink_usec &+ 2_000))
            timingIntervalMicroseconds = Self.firstTimingIntervalMicroseconds
            timingTimer?.arm(afterMicroseconds: wait)
        }
    }
}
