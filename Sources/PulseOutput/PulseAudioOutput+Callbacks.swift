import PlayerCore
import Pulse

/// What the loop thread does on libpulse's behalf (lock held).
extension PulseAudioOutput {
    /// Pulls from the client straight into the server's buffers until the request is met or the client stalls.
    func fill() {
        guard !filling, let stream, stream.state == .ready, let client else { return }
        filling = true
        defer { filling = false }
        while true {
            let want = stream.writableSize
            guard want > 0 else { break }
            let written: Int
            do throws(PulseError) {
                written = try stream.write(upTo: want) { buffer in
                    let n = client.render(into: buffer)
                    if metering, n > 0 { meter(UnsafeRawBufferPointer(rebasing: buffer[..<n]), atByte: epochBytes) }
                    return n
                }
            } catch {
                failed(error, kind: .streamFailed)
                return
            }
            epochBytes = epochBytes.addingSaturating(Int64(clamping: written))
            if written == 0 || self.stream !== stream { break }
        }
        if metering { publishLevelsIfDue() }
        if needsTrigger && !corked && epochBytes > 0 {
            needsTrigger = false
            stream.trigger()
        }
    }

    public func heardFrame() -> Int64? {
        guard let stream, let format else { return frozenHeard }
        if anchorBytes == nil, let w = stream.writeIndex {
            anchorBytes = w.subtractingSaturating(epochBytes)
        }
        guard let anchor = anchorBytes, let timing = stream.timing else { return nil }
        let bpf = Int64(format.bytesPerFrame)
        if clock.sample != HeardClock.Sample(timing) { clock.update(HeardClock.Sample(timing)) }
        let anchorFrame = anchor / bpf
        let writtenFrame = anchorFrame.addingSaturating(epochBytes / bpf)
        guard let heard = clock.heard(now: pulseClockMicroseconds(), corked: corked, writtenFrame: writtenFrame) else {
            return nil
        }
        return heard.subtractingSaturating(anchorFrame)
    }

    public func notify(whenHeard frame: Int64?) {
        markFrame = frame
        if frame == nil { markTimer.disarm() } else { checkMark() }
    }

    /// Fires the mark when its frame is being heard, else arms the timer for when it should be.
    func checkMark() {
        guard let mark = markFrame, let format else { return }
        guard let heard = heardFrame() else { return }  // the timing update that resolves the anchor calls back
        if heard > mark {
            markFrame = nil
            markTimer.disarm()
            client?.outputReachedMark()
        } else {
            let frames = mark - heard + 1
            let us = UInt64(clamping: max(2_000, frames.multipliedSaturating(by: 1_000_000) / Int64(format.sampleRate)))
            markTimer.arm(afterMicroseconds: us)
        }
    }

    func streamStateChanged(_ state: PulseStream.State) {
        switch state {
        case .ready:
            // The first fill comes with the server's first write request (right after READY).
            retiring = nil
            if let stream { routeMonitor.streamReady(index: stream.index, sink: stream.deviceIndex) }
            if let was = connectedWith, was != (volume, balance, muted), let stream {
                context.setSinkInputVolume(
                    index: stream.index, channels: stream.channels, volume: volume, balance: balance)
                context.setSinkInputMute(index: stream.index, muted: muted)
            }
            connectedWith = nil
        case .failed:
            retiring = nil
            // The server is fine but killed our stream: its sink went away with nowhere to move to.
            if context.state == .ready { routeMonitor.streamKilled() }
            failed(context.lastError("stream"), kind: .streamFailed)
        default:
            break
        }
    }

    func underflow() {
        underrunCount += 1
        client?.outputDidUnderrun()
    }

    func streamEvent(_ name: String) {
        switch name {
        case "request-cork": client?.outputEvent(.corkRequested)
        case "request-uncork": client?.outputEvent(.uncorkRequested)
        default: break
        }
    }

    func moved() {
        if let name = stream?.deviceName { client?.outputEvent(.movedToSink(name: name)) }
        if let stream { routeMonitor.streamMoved(to: stream.deviceIndex) }
    }

    func sinkInputChanged(_ index: UInt32, removed: Bool) {
        guard !removed, let stream, stream.state == .ready, stream.index == index else { return }
        let sets = volumeSets
        context.sinkInputVolume(index: index) { [weak self] v in
            // Stale when we set the volume since asking: the server's answer predates our own change.
            guard let self, let v, self.stream === stream, self.volumeSets == sets else { return }
            if abs(v.volume - self.volume) > 0.0005 || v.muted != self.muted {
                self.volume = v.volume
                self.muted = v.muted
                self.client?.outputVolumeChanged(volume: v.volume, muted: v.muted)
            }
            // Balance changed outside (pactl, pavucontrol); mono streams have none to read.
            if stream.channels > 1, abs(v.balance - self.balance) > 0.005 {
                self.balance = v.balance
                self.client?.outputBalanceChanged(v.balance)
            }
        }
    }

    /// Timing info arrived: remember what was heard when (for the estimate after a server loss), check the mark.
    func timingUpdated() {
        if let f = heardFrame() { lastTiming = (f, pulseClockMicroseconds()) }
        checkMark()
    }

    /// The frame heard now, extrapolated from the last timing info (the stream cannot be asked any more).
    func estimatedHeardFrame() -> Int64? {
        guard let t = lastTiming, let format else { return nil }
        let elapsed = corked ? 0 : clock.frames(forMicroseconds: pulseClockMicroseconds() &- t.at)
        return min(t.frame.addingSaturating(elapsed), epochBytes / Int64(format.bytesPerFrame))
    }

    func connectionLost(_ error: PulseError) {
        let estimate = estimatedHeardFrame()
        close()
        frozenHeard = estimate
        routeMonitor.serverLost()
        scheduleReconnect()
        client?.outputEvent(.serverLost)
        client?.outputFailed(AudioOutputError(.disconnected, operation: error.operation, message: error.message))
    }

    func failed(_ error: PulseError, kind: AudioOutputError.Kind) {
        let estimate = estimatedHeardFrame()
        close()
        frozenHeard = estimate  // the engine keeps this position
        client?.outputFailed(AudioOutputError(kind, operation: error.operation, message: error.message))
    }
}

extension HeardClock.Sample {
    init(_ t: PulseTiming) {
        self.init(
            readIndex: t.readIndex, sinkMicroseconds: t.sinkMicroseconds,
            transportMicroseconds: t.transportMicroseconds, playing: t.playing, receivedAt: t.receivedAt)
    }
}
