import Synchronization

/// Cancels one load of the engine (an item being opened on the loader queue) from any thread: the engine
/// cancels it when a newer play or stop supersedes the load, and whoever opens the item registers how to wake
/// what it blocks on (e.g. closing a connection), so a blocked open fails at once and frees the loader queue.
public final class LoadCancellation: Sendable {
    /// Identifies one registered handler, for `remove(_:)`.
    public struct Registration: Sendable, Hashable {
        let key: UInt64
    }

    private struct State {
        var cancelled = false
        var nextKey: UInt64 = 0
        var handlers: [UInt64: @Sendable () -> Void] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Runs `handler` once when the load is cancelled; at once (on this thread) when it already is, and then
    /// returns nil. The engine cancels with its output lock held: a handler only wakes what the open waits on
    /// (close a connection, signal a condition) and never calls into the engine or the output.
    @discardableResult
    public func onCancel(_ handler: @escaping @Sendable () -> Void) -> Registration? {
        let key: UInt64? = state.withLock { s in
            guard !s.cancelled else { return nil }
            s.nextKey &+= 1
            s.handlers[s.nextKey] = handler
            return s.nextKey
        }
        guard let key else {
            handler()
            return nil
        }
        return Registration(key: key)
    }

    /// Forgets a handler whose resource is gone (it will not run).
    public func remove(_ registration: Registration?) {
        guard let registration else { return }
        _ = state.withLock { $0.handlers.removeValue(forKey: registration.key) }
    }

    /// Cancels the load: runs every registered handler once; later calls do nothing.
    public func cancel() {
        let handlers: [@Sendable () -> Void] = state.withLock { s in
            guard !s.cancelled else { return [] }
            s.cancelled = true
            defer { s.handlers = [:] }
            return Array(s.handlers.values)
        }
        for handler in handlers { handler() }
    }
}
