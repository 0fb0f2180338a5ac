internal import CDBus
import Dispatch
import Synchronization

/// A private connection to a message bus (or a peer), with exported objects and a client side.
///
/// Threading model
/// - Loop mode (`queue` given, the service): libdbus' watches and timeouts become Dispatch sources targeting
///   `queue` (see `EventLoop`). When a socket is readable, its source runs `dbus_watch_handle` and then
///   `dbus_connection_dispatch` until `DBUS_DISPATCH_COMPLETE`, so every message is handled as soon as it
///   arrives, with no polling timer. Messages queued by another thread (e.g. while a blocking call on a worker
///   reads the socket) raise the dispatch-status callback, which schedules one dispatch run on `queue`.
///   Every method handler, property getter/setter, signal subscription handler, async-call completion,
///   name-lost and disconnect handler runs on `queue`. Handlers must not block on calls to this same connection
///   from `queue` (use `callAsync`); blocking calls to other peers from `queue` work but stall the loop.
/// - Blocking mode (`queue` nil, the CLI): nothing runs by itself. `call` blocks with a timeout
///   (`dbus_connection_send_with_reply_and_block`); `process(timeout:)` reads, writes and dispatches once
///   (`dbus_connection_read_write_dispatch`) and all handlers run on the thread calling it.
/// - Thread safety: libdbus is made thread safe (`dbus_threads_init_default`) before any connection opens, so
///   sending (`emitSignal`, `emitPropertiesChanged`, `call`) works from any thread. This layer's own tables
///   (exported objects, subscriptions, owned names, handlers) live in `ConnectionCore.state`, a `Mutex`; it is
///   never held while a user handler or a blocking libdbus call runs.
/// - Ownership: the libdbus connection is owned by `ConnectionCore` (one reference, dropped in its deinit);
///   libdbus holds the core retained through the filter's user data until `close()` removes the filter.
///   Handlers that capture the connection create a cycle that `close()` breaks.
public final class DBusConnection: Sendable {
    let core: ConnectionCore

    /// Which bus to connect to.
    public enum Bus: Sendable, Hashable {
        /// The session bus (`DBUS_SESSION_BUS_ADDRESS`).
        case session
        /// The system bus.
        case system
        /// An explicit address (`unix:path=/tmp/…`); registered with `Hello` as a bus.
        case address(String)
    }

    /// Opens a private connection. With a `queue` the connection runs itself on that serial queue (loop mode);
    /// without, the caller drives it with `call`/`process(timeout:)` (blocking mode).
    public init(bus: Bus = .session, queue: DispatchQueue? = nil) throws(DBusError) {
        core = try ConnectionCore(bus: bus, queue: queue)
    }

    deinit { core.close() }

    /// The serial queue handlers run on, nil in blocking mode.
    public var queue: DispatchQueue? { core.queue }

    /// Our unique name on the bus (`:1.42`).
    public var uniqueName: String { core.uniqueName }

    /// False once the connection is closed or the peer went away.
    public var isConnected: Bool { dbus_connection_get_is_connected(core.raw) != 0 }

    /// Closes the connection, drops exported objects and subscriptions (breaking handler cycles). Idempotent.
    public func close() { core.close() }

    /// Blocks until all queued outgoing messages are written (useful before a CLI exits).
    public func flush() { dbus_connection_flush(core.raw) }

    /// Blocking mode: waits up to `timeout` for I/O, then dispatches at most one message (handlers run on this
    /// thread). Returns false when the connection is gone. In loop mode it is a programming error.
    @discardableResult
    public func process(timeout: Duration) -> Bool {
        precondition(core.queue == nil, "process(timeout:) is for connections without a queue")
        return dbus_connection_read_write_dispatch(core.raw, Int32(clamping: timeout.milliseconds)) != 0
    }

    /// Called on the queue when a well-known name we owned is taken away (`NameLost`).
    public var onNameLost: (@Sendable (String) -> Void)? {
        get { core.state.withLock { $0.nameLostHandler } }
        set { core.state.withLock { $0.nameLostHandler = newValue } }
    }

    /// Called on the queue once when the connection to the bus is lost.
    public var onDisconnect: (@Sendable () -> Void)? {
        get { core.state.withLock { $0.disconnectHandler } }
        set { core.state.withLock { $0.disconnectHandler = newValue } }
    }
}

extension Duration {
    /// Whole milliseconds, rounded up so that a tiny positive timeout never becomes "no wait" by accident.
    var milliseconds: Int64 {
        let (s, atto) = components
        return s * 1000 + (atto + 999_999_999_999_999) / 1_000_000_000_000_000
    }
}
