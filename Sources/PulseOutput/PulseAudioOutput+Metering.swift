import PlayerCore
import Pulse

/// Level meters on the player's own output path: `fill` hands every rendered block to `meter` while
/// metering is on, and at the end of each fill (the stream's write requests, every few tens of ms while
/// playing, none while corked) `publishLevelsIfDue` reports the blocks heard since the previous report
/// (aligned by `heardFrame`, so the meter shows what plays now, not what was written a buffer ago), scaled by
/// the stream volume the server applies. No timer: the audio path's own wake-ups pace it.
extension PulseAudioOutput: LevelMetering {
    public func setMeterSink(_ sink: (@Sendable (LevelReading) -> Void)?) {
        mainloop.withLock {
            meterSink = sink
            metering = sink != nil
            meterPacer = MeterPacer()
            if sink == nil { meterHistory = nil }
        }
    }

    /// Called from `fill` (loop thread, lock held) with the bytes just rendered at byte `offset` of the epoch.
    func meter(_ bytes: UnsafeRawBufferPointer, atByte offset: Int64) {
        guard let format else { return }
        if meterHistory?.format != format { meterHistory = MeterHistory(format: format) }
        meterHistory!.record(bytes, at: offset / Int64(format.bytesPerFrame))
    }

    /// Sends the levels heard since the last report when one is due (loop thread, lock held).
    func publishLevelsIfDue() {
        guard let sink = meterSink, stream != nil, meterPacer.isDue(at: pulseClockMicroseconds()),
            var history = meterHistory, let heard = heardFrame()
        else { return }
        meterHistory = nil  // keep the storage uniquely referenced while it is changed
        let statistics = history.take(heard: heard)
        meterHistory = history
        guard let statistics else { return }
        sink(statistics.reading(gain: muted ? 0 : PulseVolume.linearGain(volume: volume)))
    }
}
