import CPulse

/// Owns a `pa_threaded_mainloop`: the thread on which every libpulse callback of Linnet runs.
///
/// `@unchecked Sendable`: the handle is immutable; libpulse makes lock/unlock/wait/signal thread-safe,
/// and everything else must be called with the lock held (`withLock`) or from the loop's own thread.
public final class PulseMainloop: @unchecked Sendable {
    let raw: OpaquePointer

    /// Creates and starts the loop thread.
    public init(name: String = "linnet-pulse") throws(PulseError) {
        guard let m = pa_threaded_mainloop_new() else {
            throw PulseError(operation: "pa_threaded_mainloop_new", message: "out of memory")
        }
        raw = m
        pa_threaded_mainloop_set_name(m, name)
        let r = pa_threaded_mainloop_start(m)
        if r < 0 {
            pa_threaded_mainloop_free(m)
            throw PulseError(code: -r, operation: "pa_threaded_mainloop_start")
        }
    }

    deinit {
        pa_threaded_mainloop_stop(raw)
        pa_threaded_mainloop_free(raw)
    }

    var api: UnsafeMutablePointer<pa_mainloop_api> { pa_threaded_mainloop_get_api(raw) }

    /// True on the loop's own thread (inside a callback), where the lock is already held.
    public var isLoopThread: Bool { pa_threaded_mainloop_in_thread(raw) != 0 }

    /// Runs `body` with the loop lock held. Must not be called from the loop thread (the lock is held there).
    public func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        precondition(!isLoopThread, "withLock called from the pulse loop thread, which already holds the lock")
        pa_threaded_mainloop_lock(raw)
        defer { pa_threaded_mainloop_unlock(raw) }
        return try body()
    }

    /// Waits for `signal()` from the loop thread; the lock must be held (it is released while waiting).
    public func wait() { pa_threaded_mainloop_wait(raw) }

    /// Wakes every `wait()`er; call from the loop thread.
    public func signal() { pa_threaded_mainloop_signal(raw, 0) }
}
