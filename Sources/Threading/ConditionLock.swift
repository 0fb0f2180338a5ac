import Glibc

/// A mutex with one condition variable, for blocking hand-offs between threads (a stream's network and decode
/// threads and the engine; the Snapcast sender and the audio thread): Synchronization's `Mutex` has no condition
/// wait.
///
/// `@unchecked Sendable`: the pthread objects are heap-allocated once, never moved, and made for sharing.
public final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    public func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits (lock held by the caller, inside `withLock`) until signalled or `deadline` (monotonic seconds)
    /// passes; returns false on timeout.
    @discardableResult
    public func wait(until deadline: Double) -> Bool {
        var ts = timespec()
        let whole = deadline.rounded(.down)
        ts.tv_sec = Int(exactly: whole) ?? Int.max / 2
        ts.tv_nsec = Int((deadline - whole) * 1e9)
        return pthread_cond_timedwait(condition, mutex, &ts) != ETIMEDOUT
    }

    /// Wakes every waiter (call with the lock held).
    public func broadcast() { pthread_cond_broadcast(condition) }
}

/// Seconds on the monotonic clock.
public func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
