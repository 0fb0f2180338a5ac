import Dispatch

/// Maps items on every core (BackgroundWorkers: own threads at a lower priority), keeping their order: the scanner reads the tags
/// of a folder's files in parallel while one thread writes the database.
enum ParallelMap {
    static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        guard items.count > 1 else { return items.map(transform) }
        let slots = Slots<R>(count: items.count)
        items.withUnsafeBufferPointer { input in
            let base = UnsafeSendable(input)
            BackgroundWorkers.run(count: items.count) { i in
                slots.set(i, transform(base.value[i]))
            }
        }
        return slots.results()
    }

    /// Result storage. Safe without a lock: each index is written by exactly one iteration, and nothing reads
    /// until BackgroundWorkers.run has returned (which orders the writes before the reads).
    private final class Slots<R>: @unchecked Sendable {
        private var storage: [R?]
        init(count: Int) { storage = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ value: R) {
            storage.withUnsafeMutableBufferPointer { $0[i] = value }
        }
        func results() -> [R] { storage.map { $0! } }
    }

    /// A read-only buffer lent to the workers' iterations for the duration of the call.
    private struct UnsafeSendable<T>: @unchecked Sendable {
        let value: UnsafeBufferPointer<T>
        init(_ value: UnsafeBufferPointer<T>) { self.value = value }
    }
}
