internal import CDBus
import Dispatch
import Synchronization

/// A private connection to a message bus (or a peer), with exported objects and a client side.
///
/// Threading model
/// - Loop mode (`queue` given, the service): libdbus' watches and timeouts become Dispatch sources targeting
///   `queue` (see `EventLoop`, `WatchSource`, `TimeoutSource`). When the socket is readable (or writable while
///   libdbus has output pending), its source runs `dbus_watch_handle` until the fd is drained and then
///   `dbus_connection_dispatch` until `DBUS_DISPATCH_COMPLETE`: every message is handled as soon as it arrives,
///   with no polling timer and no timer at all while idle (libdbus timeouts exist only for pending async calls).
///   The dispatch-status callback (fired from whichever thread queued messages) schedules one dispatch run on
///   `queue`. The loop alone does socket I/O: a blocking `call` from another thread is sent and answered through
///   the loop while that thread waits on a semaphore.
///   Every method handler, property getter/setter, signal subscription handler, async-call completion,
///   `markPropertiesChanged` flush, name-lost and disconnect handler runs on `queue`. A blocking `call` made ON
///   `queue` blocks the loop until its reply (fine for the bus daemon or another peer; never for this same
///   connection's objects: use `callAsync`).
/// - Blocking mode (`queue` nil, the CLI): nothing runs by itself. `call` blocks with a timeout
///   (`dbus_connection_send_with_reply_and_block`); `process(timeout:)` reads, writes and dispatches once
///   (`dbus_connection_read_write_dispatch`), and handlers and `callAsync` completions run on the thread calling
///   it (async calls only time out while `process` runs). Use it from one thread at a time.
/// - Thread safety: libdbus is made thread safe (`dbus_threads_init_default`) before any connection opens, so
///   sending (`emitSignal`, `emitPropertiesChanged`, `call`, `callAsync`) and `export` work from any thread. This
///   layer's own tables (exported objects, subscriptions, owned names, handlers, pending property changes) live
///   in `ConnectionCore.state`, a `Mutex`, never held while a user handler or a blocking libdbus call runs.
/// - Ownership: the libdbus connection is owned by `ConnectionCore` (one reference, dropped in its deinit);
///   libdbus holds the core retained through the filter's user data until `close()` removes the filter. `close()`
///   (also run by deinit) tears libdbus down on `queue`, so no source handler can race libdbus freeing a watch.
///   Handlers that capture the connection strongly form a cycle that `close()` breaks.
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
        return dbus_connection_read_write_dispatch(core.raw, timeout.libdbusMilliseconds) != 0
    }

    /// Called on the queue when a well-known name we owned is taken away (`NameLost`).
    public var onNameLost: (@Sendable (String) -> Void)? {
        get { core.state.withLock { $0.nameLostHandler } }
        set { core.state.withLock { $0.nameLostHandler = newValue } }
    }

    /// Called on the queue before each incoming method call is routed, with its interface and member (for crash
    /// reports and tracing: keep it cheap, it runs on every call).
    public var onMethodCall: (@Sendable (_ interface: String?, _ member: String) -> Void)? {
        get { core.state.withLock { $0.methodCallObserver } }
        set { core.state.withLock { $0.methodCallObserver = newValue } }
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
        // Overflow-reporting: a Duration near ±Int64.max seconds pins instead of trapping (libdbus clamps it anyway).
        let (ms, overflow) = s.multipliedReportingOverflow(by: 1000)
        let (sum, overflow2) = ms.addingReportingOverflow((atto + 999_999_999_999_999) / 1_000_000_000_000_000)
        return overflow || overflow2 ? (s < 0 ? .min : .max) : sum
    }

    /// Milliseconds as libdbus takes them: 0…Int32.max (libdbus aborts on negative values other than -1).
    var libdbusMilliseconds: Int32 { Int32(clamping: Swift.max(0, milliseconds)) }
}
