import Dispatch
import PlayerCore
import Pulse

/// The sound server comes and goes (issue 5): reconnect with backoff — 100 ms doubling to 5 s — on one
/// DispatchSourceTimer that exists only while disconnected (no timer otherwise). A reconnect builds a fresh
/// `PulseContext` (a failed pa_context cannot be reused) and announces `.serverReturned`; the owner reopens the
/// stream where it was.
///
/// Threading: `reconnectTimer`, `reconnectDelayMilliseconds` and `context` are touched with the mainloop lock
/// held; the timer's handler runs on its own queue and takes the lock (it is never the loop thread, so the
/// blocking `connect` may wait for the loop there).
extension PulseAudioOutput {
    /// Whether the output has a live connection to a sound server.
    public var isConnected: Bool {
        if mainloop.isLoopThread { return context.state == .ready }
        return mainloop.withLock { context.state == .ready }
    }

    /// Installs handlers and subscriptions on a connected context (lock held).
    func adopt(_ context: PulseContext) {
        self.context = context
        context.onDisconnect = { [weak self] error in self?.connectionLost(error) }
        context.onSinkInputEvent = { [weak self] index, removed in self?.sinkInputChanged(index, removed: removed) }
        context.onSubscription = { [weak self] facility, change, index in
            self?.routeMonitor.subscription(facility, change, index)
        }
        context.subscribeRouteEvents()
        routeMonitor.context = context
        markTimer.disarm()
        markTimer = context.makeTimer { [weak self] in self?.checkMark() }
    }

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
            do throws(PulseError) {
                let fresh = try PulseContext(mainloop: mainloop, properties: configuration.baseProperties)
                try fresh.connect(server: configuration.server)
                timer.cancel()
                reconnectTimer = nil
                adopt(fresh)
                client?.outputEvent(.serverReturned)
            } catch {
                reconnectDelayMilliseconds = min(5_000, reconnectDelayMilliseconds * 2)
                timer.schedule(deadline: .now() + .milliseconds(reconnectDelayMilliseconds))
            }
        }
    }
}
