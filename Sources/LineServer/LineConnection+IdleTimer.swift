import Dispatch

extension LineConnection {
    /// Arms, moves or removes the idle timer for `idleTimeout`. One timer per connection with a timeout and none
    /// without; it is not pushed back on every byte: when it fires it looks at the last activity and, if the
    /// connection was not idle all along, waits for the rest.
    func updateIdleTimer() {
        guard let timeout = idleTimeout, !isClosed else {
            idleTimer?.cancel()
            idleTimer = nil
            return
        }
        let timer: any DispatchSourceTimer
        if let existing = idleTimer {
            timer = existing
        } else {
            timer = DispatchSource.makeTimerSource(queue: .main)
            timer.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.idleTimerFired() } }
            idleTimer = timer
            timer.schedule(deadline: deadline(after: timeout))
            timer.activate()
            return
        }
        timer.schedule(deadline: deadline(after: timeout))
    }

    private var isClosed: Bool {
        if case .closed = state { return true }
        return false
    }

    private func deadline(after timeout: Duration) -> DispatchTime {
        DispatchTime(uptimeNanoseconds: lastActivity) + .nanoseconds(Self.nanoseconds(timeout))
    }

    private func idleTimerFired() {
        guard let timeout = idleTimeout, !isClosed else { return }
        idleTimerFirings += 1
        let now = DispatchTime.now().uptimeNanoseconds
        // Reading paused: the handler is busy for this client (a long command), which is not the client idling.
        if isReadingPaused { lastActivity = now }
        if now &- lastActivity >= UInt64(Self.nanoseconds(timeout)) { return finish(.idleTimeout) }
        idleTimer?.schedule(deadline: deadline(after: timeout))
    }

    /// A duration in whole nanoseconds, at least 1, clamped to what `DispatchTimeInterval` holds.
    static func nanoseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return seconds < 0 ? 1 : Int.max }
        let (total, overflow2) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        guard !overflow2 else { return Int.max }
        return max(Int(clamping: total), 1)
    }
}
