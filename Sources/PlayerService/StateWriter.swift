import Dispatch
import PlayerCore
import QueueStore
import Synchronization

/// Writes the player's state to the queue database on a utility queue of its own, off the main actor: the
/// database saves incrementally, but a large edit (a 100,000-track folder queued) still takes a moment.
///
/// Concurrency: `database` is used only on `writer` (its one writer); the last failure sits in a mutex.
final class StateWriter: Sendable {
    private let database: QueueDatabase
    private let writer = DispatchQueue(label: "linnet.state", qos: .utility)
    private let lastFailure = Mutex<String?>(nil)

    init(database: QueueDatabase) { self.database = database }

    /// Writes `state` and returns when it is written.
    func writeNow(_ state: PlayerState) { writer.sync { write(state) } }

    /// Writes `state` soon, in order with the other writes.
    func write(later state: PlayerState) { writer.async { self.write(state) } }

    /// A failure (disk full) leaves the last good state in the file; it is logged once until it changes or a
    /// save succeeds again, and every later save retries.
    private func write(_ state: PlayerState) {
        do {
            try database.save(state)
            if lastFailure.withLock({ $0 }) != nil { Log.info("the queue is saved again in \(database.path)") }
            lastFailure.withLock { $0 = nil }
        } catch {
            let text = "\(error)" + (error.isFull ? " (disk full: the last saved queue is kept)" : "")
            let repeated = lastFailure.withLock { last in
                defer { last = text }
                return last == text
            }
            if !repeated { Log.error(text) }
        }
    }
}
