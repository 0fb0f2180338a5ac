internal import CDBus
import Dispatch
import Synchronization

/// Calling methods and properties of other services.
extension DBusConnection {
    /// The default reply timeout of a call.
    public static let defaultTimeout: Duration = .seconds(25)

    /// Calls a method and blocks until the reply (or `timeout`: `NoReply`). Any thread. In loop mode, from a
    /// thread other than the queue, the call is sent and answered through the loop while the caller waits (so
    /// the loop keeps sole ownership of the socket); on the queue itself it blocks the loop meanwhile, so never
    /// call this connection's own objects that way: use `callAsync`.
    public func call(
        destination: String, path: String, interface: String, method: String,
        arguments: [DBusValue] = [], timeout: Duration = defaultTimeout
    ) throws(DBusError) -> [DBusValue] {
        let message = try Message.methodCall(
            destination: destination, path: path, interface: interface,
            member: method, arguments: arguments)
        guard !core.isClosed else { throw .disconnected }
        let timeoutMs = timeout.libdbusMilliseconds
        if let loop = core.loop, !loop.isCurrent {
            return try BlockingWait.run(timeoutMs: timeoutMs) { done in
                let core = self.core
                loop.queue.async {
                    PendingCall.start(core: core, message: message, timeoutMs: timeoutMs, completion: done)
                }
            }
        }
        var err = CDBus.DBusError()
        dbus_error_init(&err)
        let raw = dbus_connection_send_with_reply_and_block(core.raw, message.raw, timeoutMs, &err)
        // Messages read while blocking were queued; make sure the loop dispatches them.
        if let loop = core.loop, dbus_connection_get_dispatch_status(core.raw) == DBUS_DISPATCH_DATA_REMAINS {
            loop.scheduleDispatch()
        }
        guard let raw else { throw takeError(&err, context: nil) }
        return try Message(owning: raw).arguments()
    }

    /// Calls a method without blocking; `completion` runs once on the queue (or, in blocking mode, on the thread
    /// calling `process`) with the reply values or the error (including `NoReply` after `timeout`).
    public func callAsync(
        destination: String, path: String, interface: String, method: String,
        arguments: [DBusValue] = [], timeout: Duration = defaultTimeout,
        completion: @escaping @Sendable (Result<[DBusValue], DBusError>) -> Void
    ) {
        let message: Message
        do {
            message = try Message.methodCall(
                destination: destination, path: path, interface: interface,
                member: method, arguments: arguments)
        } catch {
            core.onLoop { completion(.failure(error)) }
            return
        }
        let core = self.core
        // Sending and attaching the notify happen on the loop so the reply cannot be dispatched in between.
        core.onLoop {
            PendingCall.start(
                core: core, message: message, timeoutMs: timeout.libdbusMilliseconds,
                completion: completion)
        }
    }

    /// Reads one property (`org.freedesktop.DBus.Properties.Get`), unwrapped from its variant.
    public func getProperty(
        destination: String, path: String, interface: String, name: String,
        timeout: Duration = defaultTimeout
    ) throws(DBusError) -> DBusValue {
        let out = try call(
            destination: destination, path: path, interface: "org.freedesktop.DBus.Properties",
            method: "Get", arguments: [.string(interface), .string(name)], timeout: timeout)
        guard out.count == 1, case .variant(let value) = out[0] else {
            throw .invalidArgs("Properties.Get on \(destination) returned '\(DBusValue.signature(of: out))'")
        }
        return value
    }

    /// Writes one property (`org.freedesktop.DBus.Properties.Set`).
    public func setProperty(
        destination: String, path: String, interface: String, name: String, value: DBusValue,
        timeout: Duration = defaultTimeout
    ) throws(DBusError) {
        _ = try call(
            destination: destination, path: path, interface: "org.freedesktop.DBus.Properties",
            method: "Set", arguments: [.string(interface), .string(name), .variant(value)], timeout: timeout)
    }

    /// Reads all properties of an interface (`org.freedesktop.DBus.Properties.GetAll`), unwrapped from variants.
    public func getAllProperties(
        destination: String, path: String, interface: String,
        timeout: Duration = defaultTimeout
    ) throws(DBusError) -> [String: DBusValue] {
        let out = try call(
            destination: destination, path: path, interface: "org.freedesktop.DBus.Properties",
            method: "GetAll", arguments: [.string(interface)], timeout: timeout)
        guard out.count == 1, let dict = out[0].stringKeyedDictionary else {
            throw .invalidArgs("Properties.GetAll on \(destination) returned '\(DBusValue.signature(of: out))'")
        }
        return dict.mapValues { $0.unwrappingVariants }
    }
}

/// One outstanding asynchronous call: owns the libdbus pending call until its notify runs exactly once.
final class PendingCall: @unchecked Sendable {
    // Safe: `pending` is written once before the notify is attached and read only by `fire`, which the `fired`
    // atomic makes run once.
    private var pending: OpaquePointer?
    private let completion: @Sendable (Result<[DBusValue], DBusError>) -> Void
    private let fired = Atomic<Bool>(false)

    private init(completion: @escaping @Sendable (Result<[DBusValue], DBusError>) -> Void) {
        self.completion = completion
    }

    static func start(
        core: ConnectionCore, message: Message, timeoutMs: Int32,
        completion: @escaping @Sendable (Result<[DBusValue], DBusError>) -> Void
    ) {
        guard !core.isClosed else { return completion(.failure(.disconnected)) }
        var pending: OpaquePointer?
        guard dbus_connection_send_with_reply(core.raw, message.raw, &pending, timeoutMs) != 0, let pending else {
            return completion(.failure(.disconnected))
        }
        let call = PendingCall(completion: completion)
        call.pending = pending
        guard
            dbus_pending_call_set_notify(
                pending, pendingNotify, Unmanaged.passRetained(call).toOpaque(),
                releasePendingCall) != 0
        else {
            dbus_pending_call_cancel(pending)
            call.fire()
            return
        }
        // A reply dispatched by another thread before the notify was attached would never call it.
        if dbus_pending_call_get_completed(pending) != 0 { call.fire() }
    }

    func fire() {
        guard !fired.exchange(true, ordering: .acquiringAndReleasing), let pending else { return }
        let result: Result<[DBusValue], DBusError>
        if let raw = dbus_pending_call_steal_reply(pending) {
            let reply = Message(owning: raw)
            if reply.isError {
                result = .failure(reply.asError())
            } else {
                do { result = .success(try reply.arguments()) } catch { result = .failure(error) }
            }
        } else {
            result = .failure(DBusError(name: DBusError.Name.noReply, message: "the call was cancelled"))
        }
        dbus_pending_call_unref(pending)
        completion(result)
    }
}

private func pendingNotify(_ pending: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    Unmanaged<PendingCall>.fromOpaque(data).takeUnretainedValue().fire()
}

private func releasePendingCall(_ data: UnsafeMutableRawPointer?) {
    if let data { Unmanaged<PendingCall>.fromOpaque(data).release() }
}

/// A caller thread waiting for a reply that the loop delivers.
final class BlockingWait: @unchecked Sendable {
    // Safe: `result` is guarded by `lock`; the semaphore is thread safe.
    private let lock = Mutex<Result<[DBusValue], DBusError>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    static func run(
        timeoutMs: Int32,
        start: (@escaping @Sendable (Result<[DBusValue], DBusError>) -> Void) -> Void
    )
        throws(DBusError) -> [DBusValue]
    {
        let wait = BlockingWait()
        start { result in
            wait.lock.withLock { $0 = result }
            wait.done.signal()
        }
        // libdbus' own timeout answers first; the margin only guards against a loop that stopped running.
        let limit = DispatchTime.now() + .milliseconds(Int(timeoutMs) + 5_000)
        guard wait.done.wait(timeout: limit) == .success, let result = wait.lock.withLock({ $0 }) else {
            throw DBusError(name: DBusError.Name.noReply, message: "no reply: the connection's queue did not run")
        }
        return try result.get()
    }
}
