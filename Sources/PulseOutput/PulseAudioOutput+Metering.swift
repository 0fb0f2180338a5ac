import PlayerCore
import Pulse

/// Level meters on the player's own output path (issue 13): `fill` hands every rendered block to `meter` while
/// metering is on, `takeLevels` reports the blocks heard since its previous call (aligned by `heardFrame`, so
/// the meter shows what plays now, not what was written a buffer ago), scaled by the stream volume the
/// server applies. Storage and work exist only while metering is on.
extension PulseAudioOutput: LevelMetering {
    public func setMetering(_ on: Bool) {
        mainloop.withLock {
            metering = on
            if !on { meterHistory = nil }
        }
    }

    public func takeLevels() -> LevelReading? {
        mainloop.withLock { () -> LevelReading? in
            guard metering, stream != nil, var history = meterHistory, let heard = heardFrame() else { return nil }
            meterHistory = nil  // keep the storage uniquely referenced while it is changed
            let statistics = history.take(heard: heard)
            meterHistory = history
            let gain = muted ? 0 : PulseVolume.linearGain(volume: volume)
            return statistics?.reading(gain: gain)
        }
    }

    /// Called from `fill` (loop thread, lock held) with the bytes just rendered at byte `offset` of the epoch.
    func meter(_ bytes: UnsafeRawBufferPointer, atByte offset: Int64) {
        guard let format else { return }
        if meterHistory?.format != format { meterHistory = MeterHistory(format: format) }
        meterHistory!.record(bytes, at: offset / Int64(format.bytesPerFrame))
    }
}
