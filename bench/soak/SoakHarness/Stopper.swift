import Foundation

/// Tells the worker threads when the chaos ends; their pacing sleeps wake at once when it does.
final class Stopper: @unchecked Sendable {
    // Safe: `stopped` is only touched with `condition` locked.
    private let condition = NSCondition()
    private var stopped = false

    var isStopped: Bool { condition.withLock { stopped } }

    func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
    }

    /// Waits `seconds` (a deliberate pace between actions), or less when stopped meanwhile.
    func sleep(_ seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        condition.withLock {
            while !stopped, condition.wait(until: deadline) {}
        }
    }
}
