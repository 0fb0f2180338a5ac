import Dispatch
import TestSupport

/// Collects values delivered by handlers on other threads; `wait(count:)` blocks until enough arrived.
final class Collector<T: Sendable>: @unchecked Sendable {
    // Safe: `items` is a LockedBox; `arrived` is a semaphore.
    private let items = LockedBox<[T]>([])
    private let arrived = DispatchSemaphore(value: 0)

    func add(_ item: T) {
        items.update { $0.append(item) }
        arrived.signal()
    }

    var all: [T] { items.get() }

    /// Waits until at least `count` items arrived or `timeout` passes; returns the items.
    @discardableResult
    func wait(count: Int, timeout: Double = 20) -> [T] {
        let deadline = DispatchTime.now() + timeout
        while items.get().count < count {
            if arrived.wait(timeout: deadline) == .timedOut { break }
        }
        return items.get()
    }
}
