import Dispatch

/// Maps items on every core (BackgroundWorkers: own threads at a lower priority), keeping their order: the scanner reads the tags
/// of a folder's files in parallel while one thread writes the database.
enum ParallelMap {
    static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        guard items.count > 1 else { return items.map(transform) }
        return map(items, transform, alongside: nil)
    }

    /// Maps items on every core while one of the workers runs `alongside` once, first: the scanner writes the
    /// previous batch to the database while this batch's tags are read (the writes and the reads then overlap;
    /// with two cores, one writes and one reads). The caller's thread is blocked until both are done, so
    /// `alongside` may use what the caller owns.
    static func map<T: Sendable, R: Sendable>(
        _ items: [T], _ transform: @Sendable (T) -> R,
        alongside: (() -> Void)?
    ) -> [R] {
        let slots = Slots<R>(count: items.count)
        let first = alongside == nil ? 0 : 1
        items.withUnsafeBufferPointer { input in
            let base = UnsafeSendable(input)
            BackgroundWorkers.run(count: items.count + first) { i in
                if i < first {
                    alongside?()
                } else {
                    slots.set(i - first, transform(base.value[i - first]))
                }
            }
        }
        return slots.results()
    }

    /// Result storage: a buffer of its own, written through its pointer. Each index is written by exactly one
    /// iteration, and nothing reads until BackgroundWorkers.run has returned (the joins order the writes before the
    /// reads). Not an array property: `withUnsafeMutableBufferPointer` on one is a mutating access of the whole
    /// array, and two workers doing it at once raced (a slot read back nil: a crash in CI during a scan).
    private final class Slots<R>: @unchecked Sendable {
        private let storage: UnsafeMutableBufferPointer<R?>
        init(count: Int) {
            storage = .allocate(capacity: count)
            storage.initialize(repeating: nil)
        }
        deinit {
            storage.deinitialize()
            storage.deallocate()
        }
        func set(_ i: Int, _ value: R) { storage[i] = value }
        func results() -> [R] { storage.map { $0! } }
    }

    /// A read-only buffer lent to the workers' iterations for the duration of the call.
    private struct UnsafeSendable<T>: @unchecked Sendable {
        let value: UnsafeBufferPointer<T>
        init(_ value: UnsafeBufferPointer<T>) { self.value = value }
    }
}
