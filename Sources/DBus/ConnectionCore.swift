internal import CDBus
import Dispatch
import Synchronization

/// libdbus must be made thread safe before the first connection exists (a global `let` runs exactly once).
private let libdbusThreadsReady: Bool = dbus_threads_init_default() != 0

/// The mutable tables of a connection, guarded by `ConnectionCore.state`.
struct CoreState {
    var objects = ObjectTable()
    var subscriptions: [UInt64: SignalSubscription] = [:]
    var nextToken: UInt64 = 1
    var ownedNames: Set<String> = []
    var nameLostHandler: (@Sendable (String) -> Void)?
    var disconnectHandler: (@Sendable () -> Void)?
    var methodCallObserver: (@Sendable (String?, String) -> Void)?
    var closed = false
    /// Property changes marked during the current queue turn, per "path\0interface", in marking order.
    var pendingChanges: [String: (path: String, interface: String, names: [String])] = [:]
    var pendingOrder: [String] = []
}

/// Owns the libdbus connection and routes every incoming message (see `DBusConnection` for the threading model).
final class ConnectionCore: @unchecked Sendable {
    // Safe: `raw` is immutable and libdbus is thread safe; mutable Swift state is inside the `state` Mutex;
    // `loop` is set once in init.
    let raw: OpaquePointer
    let queue: DispatchQueue?
    let uniqueName: String
    let state = Mutex(CoreState())
    let loop: EventLoop?

    init(bus: DBusConnection.Bus, queue: DispatchQueue?) throws(DBusError) {
        precondition(libdbusThreadsReady, "dbus_threads_init_default failed")
        var err = CDBus.DBusError()
        dbus_error_init(&err)
        var conn: OpaquePointer?
        switch bus {
        case .session: conn = dbus_bus_get_private(DBUS_BUS_SESSION, &err)
        case .system: conn = dbus_bus_get_private(DBUS_BUS_SYSTEM, &err)
        case .address(let address):
            conn = address.withCString { dbus_connection_open_private($0, &err) }
            if let c = conn, dbus_bus_register(c, &err) == 0 {
                dbus_connection_close(c)
                dbus_connection_unref(c)
                conn = nil
            }
        }
        guard let conn else { throw takeError(&err, context: "connecting to the \(bus) bus") }
        dbus_connection_set_exit_on_disconnect(conn, 0)
        raw = conn
        self.queue = queue
        uniqueName = dbus_bus_get_unique_name(conn).map { String(cString: $0) } ?? ""
        loop = queue.map { EventLoop(connection: conn, queue: $0) }
        // libdbus keeps the core alive through the filter until close() removes it.
        dbus_connection_add_filter(conn, coreFilter, Unmanaged.passRetained(self).toOpaque(), releaseCore)
        loop?.install()
    }

    deinit { dbus_connection_unref(raw) }

    /// Closes once: forgets handlers, stops the loop, disconnects. In loop mode the libdbus teardown runs on the
    /// queue, so no watch or timeout handler can be running while libdbus frees its watches.
    func close() {
        if let loop, !loop.isCurrent {
            loop.queue.sync { closeNow() }
        } else {
            closeNow()
        }
    }

    private func closeNow() {
        let wasOpen = state.withLock { s -> Bool in
            if s.closed { return false }
            s.closed = true
            s.objects = ObjectTable()
            s.subscriptions = [:]
            s.nameLostHandler = nil
            s.disconnectHandler = nil
            return true
        }
        guard wasOpen else { return }
        dbus_connection_close(raw)
        loop?.uninstall()
        dbus_connection_remove_filter(raw, coreFilter, Unmanaged.passUnretained(self).toOpaque())
    }

    var isClosed: Bool { state.withLock { $0.closed } }

    /// Queues a message for sending (libdbus writes immediately when the socket allows).
    func send(_ message: Message) throws(DBusError) {
        guard !isClosed else { throw .disconnected }
        guard dbus_connection_send(raw, message.raw, nil) != 0 else {
            throw DBusError(name: DBusError.Name.noMemory, message: "dbus_connection_send")
        }
    }

    /// Runs `body` on the loop queue (now if already there), or directly in blocking mode.
    func onLoop(_ body: @escaping @Sendable () -> Void) {
        guard let loop else { return body() }
        if loop.isCurrent { body() } else { loop.queue.async(execute: body) }
    }

    /// Every incoming message passes here (on the queue, or the thread calling `process`).
    /// Returns true when the message was consumed.
    func handle(_ rawMessage: OpaquePointer) -> Bool {
        let type = dbus_message_get_type(rawMessage)
        if type == DBUS_MESSAGE_TYPE_METHOD_CALL {
            ObjectDispatcher.handleCall(Message(borrowing: rawMessage), core: self)
            return true
        }
        if type == DBUS_MESSAGE_TYPE_SIGNAL {
            handleSignal(Message(borrowing: rawMessage))
        }
        return false
    }

    private func handleSignal(_ message: Message) {
        let interface = message.interface
        let member = message.member
        if interface == "org.freedesktop.DBus.Local", member == "Disconnected" {
            let handler = state.withLock { s in
                defer { s.disconnectHandler = nil }
                return s.disconnectHandler
            }
            handler?()
            return
        }
        if interface == "org.freedesktop.DBus", member == "NameLost", message.sender == "org.freedesktop.DBus",
            case .string(let name)? = (try? message.arguments())?.first
        {
            let handler = state.withLock { s -> (@Sendable (String) -> Void)? in
                s.ownedNames.remove(name) == nil ? nil : s.nameLostHandler
            }
            handler?(name)
        }
        dispatchToSubscriptions(message)
    }
}

/// Converts and frees a libdbus error.
/// With a nil `context` the message is kept as the peer sent it (remote error replies).
func takeError(_ err: inout CDBus.DBusError, context: String?) -> DBusError {
    defer { dbus_error_free(&err) }
    guard dbus_error_is_set(&err) != 0 else { return .failed("\(context ?? "D-Bus call"): unknown failure") }
    let name = err.name.map { String(cString: $0) } ?? DBusError.Name.failed
    let message = err.message.map { String(cString: $0) } ?? ""
    return DBusError(name: name, message: context.map { "\($0): \(message)" } ?? message)
}

private func coreFilter(
    _ connection: OpaquePointer?, _ message: OpaquePointer?,
    _ data: UnsafeMutableRawPointer?
) -> DBusHandlerResult {
    guard let message, let data else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
    let core = Unmanaged<ConnectionCore>.fromOpaque(data).takeUnretainedValue()
    return core.handle(message) ? DBUS_HANDLER_RESULT_HANDLED : DBUS_HANDLER_RESULT_NOT_YET_HANDLED
}

private func releaseCore(_ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    Unmanaged<ConnectionCore>.fromOpaque(data).release()
}
