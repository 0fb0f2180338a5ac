import PlayerCore
import Threading

extension CombinedOutput {
    /// Frames pulled per tick at most, and the tick period.
    static let tickMicroseconds: UInt64 = 20_000

    /// One step of the paced stream (lock held): pull what is due from the engine and hand it to the senders,
    /// then fire a due mark and finished drains. Tells the pacer whether more ticks are needed.
    func tick() {
        let now = Self.now()
        guard let format = pacedFormat, let client else { return pacer.update(active: false) }
        let due = playout.framesDue(at: now)
        if due > 0 {
            let bpf = format.bytesPerFrame
            let bytes = Int(clamping: due.multipliedSaturating(by: Int64(bpf)))
            if scratch == nil || scratch!.count < bytes {
                scratch?.deallocate()
                scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes, 64 * 1024), alignment: 16)
            }
            let buffer = UnsafeMutableRawBufferPointer(rebasing: scratch![0..<bytes])
            var filled = 0
            rendering = true
            while filled < bytes {
                let n = client.render(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                // The engine may have closed or reopened the stream from inside render (end of queue).
                guard n > 0, pacedFormat == format else { break }
                filled += n
            }
            rendering = false
            handOver(UnsafeRawBufferPointer(rebasing: buffer[0..<filled]), format: format)
            guard pacedFormat == format else { return }
            let frames = Int64(filled / bpf)
            playout.didSend(frames, asked: due, at: now)
            if frames < due {
                if !stalled {
                    stalled = true
                    pacedUnderruns += 1
                    client.outputDidUnderrun()
                }
            } else {
                stalled = false
            }
        }
        checkMark(now: now)
        if !drainCompletions.isEmpty, let heard = playout.heard(at: now), heard >= playout.sent {
            let completions = drainCompletions
            drainCompletions.removeAll()
            for c in completions { c() }
        }
        pacer.update(active: pacedFormat != nil && (!corked || !drainCompletions.isEmpty))
    }

    func checkMark(now: UInt64) {
        guard let mark = markFrame, let heard = playout.heard(at: now), heard > mark else { return }
        markFrame = nil
        client?.outputReachedMark()
    }

    /// The paced stream's clock: a thread that ticks every 20 ms while the stream plays (or drains) and waits
    /// without a timer otherwise. `update` is called with the output lock held; the thread takes the output
    /// lock only outside its own.
    final class Pacer: Sendable {
        private let lock = ConditionLock()
        private let state = StateBox()

        /// `@unchecked Sendable`: touched only with `lock` held.
        final class StateBox: @unchecked Sendable {
            var active = false
            var closed = false
            var started = false
        }

        init(owner: CombinedOutput) {
            let started = startDetachedThread { [lock, state, weak owner] in
                var next = monotonicSeconds()
                while true {
                    let go: Bool = lock.withLock {
                        while !state.closed && !state.active {
                            lock.wait(until: monotonicSeconds() + 3600)
                            next = monotonicSeconds()
                        }
                        if state.closed { return false }
                        next += Double(CombinedOutput.tickMicroseconds) / 1e6
                        let now = monotonicSeconds()
                        if next < now - 0.1 { next = now }  // far behind (a stopped machine): do not burst
                        while !state.closed && monotonicSeconds() < next { lock.wait(until: next) }
                        return !state.closed
                    }
                    guard go, let owner else { return }
                    owner.withLock { owner.tick() }
                }
            }
            state.started = started
        }

        /// False when no thread could be made (then the paced stream cannot play).
        var isRunning: Bool { lock.withLock { state.started && !state.closed } }

        func update(active: Bool) {
            lock.withLock {
                guard state.active != active else { return }
                state.active = active
                lock.broadcast()
            }
        }

        func close() {
            lock.withLock {
                state.closed = true
                lock.broadcast()
            }
        }
    }
}
