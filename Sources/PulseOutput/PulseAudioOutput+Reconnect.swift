import Dispatch
import PlayerCore
import Pulse

/// The sound server comes and goes: reconnect with backoff — 100 ms doubling to 5 s — on one
/// DispatchSourceTimer that exists only while disconnected (no timer otherwise). A reconnect builds a fresh
/// `PulseContext` (a failed pa_context cannot be reused) and announces `.serverReturned`; the owner reopens the
/// stream where it was.
///
/// Threading: `reconnectTimer`, `reconnectDelayMilliseconds` and `context` are touched with the mainloop lock
/// held; the timer's handler runs on its own queue and takes the lock (it is never the loop thread, so the
/// blocking `connect` may wait for the loop there).
extension PulseAudioOutput {
    /// Starts the reconnect timer if it is not running (lock held).
    func scheduleReconnect() {
        guard reconnectTimer == nil else { return }
        reconnectDelayMilliseconds = 100
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "linnet.pulse.reconnect"))
        timer.setEventHandler { [weak self] in self?.attemptReconnect() }
        timer.schedule(deadline: .now() + .milliseconds(reconnectDelayMilliseconds))
        reconnectTimer = timer
        timer.resume()
    }

    /// One attempt, on the timer's queue.
    private func attemptReconnect() {
        mainloop.withLock {
            guard let timer = reconnectTimer else { return }
            guard context.state != .ready else {  // reconnected by `reconnect()` meanwhile
                timer.cancel()
                reconnectTimer = nil
                return
            }
            do throws(PulseError) {
                let fresh = try PulseContext(mainloop: mainloop, properties: configuration.baseProperties)
                try fresh.connect(server: configuration.server)
                attach(fresh)  // cancels the timer
                client?.outputEvent(.serverReturned)
            } catch {
                reconnectDelayMilliseconds = min(5_000, reconnectDelayMilliseconds * 2)
                timer.schedule(deadline: .now() + .milliseconds(reconnectDelayMilliseconds))
            }
        }
    }
}
