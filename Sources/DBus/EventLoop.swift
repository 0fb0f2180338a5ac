internal import CDBus
import Dispatch
import Synchronization

/// Maps libdbus watches and timeouts onto Dispatch sources on one serial queue, and dispatches incoming
/// messages as soon as they are read. Installed only in loop mode.
///
/// libdbus calls the add/remove/toggle functions from whichever thread is inside libdbus at the time (with its
/// connection lock held), so each `WatchSource`/`TimeoutSource` guards its own bookkeeping with a Mutex and never
/// calls back into libdbus while holding it. Source handlers always run on `queue`.
final class EventLoop: @unchecked Sendable {
    // Safe: `connection` and `queue` are immutable; `dispatchPending` is atomic; the key is set once in init.
    let connection: OpaquePointer
    let queue: DispatchQueue
    private let key = DispatchSpecificKey<ObjectIdentifier>()
    /// True while a dispatch run is already scheduled or about to run, so status callbacks do not pile up.
    private let dispatchPending = Atomic<Bool>(false)

    init(connection: OpaquePointer, queue: DispatchQueue) {
        self.connection = dbus_connection_ref(connection)
        self.queue = queue
        queue.setSpecific(key: key, value: ObjectIdentifier(self))
    }

    deinit { dbus_connection_unref(connection) }

    var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == ObjectIdentifier(self) }

    func install() {
        // Each registration holds its own +1 on the loop, dropped by libdbus through `releaseLoop`.
        dbus_connection_set_watch_functions(
            connection, addWatch, removeWatch, toggleWatch,
            Unmanaged.passRetained(self).toOpaque(), releaseLoop)
        dbus_connection_set_timeout_functions(
            connection, addTimeout, removeTimeout, toggleTimeout,
            Unmanaged.passRetained(self).toOpaque(), releaseLoop)
        dbus_connection_set_dispatch_status_function(
            connection, dispatchStatusChanged,
            Unmanaged.passRetained(self).toOpaque(), releaseLoop)
        // Messages may already be queued (e.g. read during Hello); drain them on the queue.
        scheduleDispatch()
    }

    func uninstall() {
        dbus_connection_set_watch_functions(connection, nil, nil, nil, nil, nil)
        dbus_connection_set_timeout_functions(connection, nil, nil, nil, nil, nil)
        dbus_connection_set_dispatch_status_function(connection, nil, nil, nil)
    }

    /// Called from any thread when libdbus has messages queued: one dispatch run on the queue.
    func scheduleDispatch() {
        if dispatchPending.exchange(true, ordering: .acquiringAndReleasing) { return }
        queue.async { [self] in
            dispatchPending.store(false, ordering: .releasing)
            dispatchAll()
        }
    }

    /// Handles I/O on a watch, then dispatches everything it brought in. On `queue`.
    func handle(_ watch: OpaquePointer, flags: UInt32) {
        // The status callback fires inside dbus_watch_handle; we dispatch right after, so it need not schedule.
        dispatchPending.store(true, ordering: .releasing)
        dbus_watch_handle(watch, flags)
        dispatchPending.store(false, ordering: .releasing)
        dispatchAll()
    }

    /// Dispatches until libdbus reports `DBUS_DISPATCH_COMPLETE`, yielding the queue after a large batch so one
    /// flood cannot starve other work on it.
    func dispatchAll() {
        var budget = 512
        while dbus_connection_dispatch(connection) == DBUS_DISPATCH_DATA_REMAINS {
            budget -= 1
            if budget == 0 {
                scheduleDispatch()
                return
            }
        }
    }
}

// MARK: libdbus callbacks (C function pointers; `data` is the retained EventLoop)

private func loopFrom(_ data: UnsafeMutableRawPointer?) -> EventLoop {
    Unmanaged<EventLoop>.fromOpaque(data!).takeUnretainedValue()
}

private func releaseLoop(_ data: UnsafeMutableRawPointer?) {
    if let data { Unmanaged<EventLoop>.fromOpaque(data).release() }
}

private func addWatch(_ watch: OpaquePointer?, _ data: UnsafeMutableRawPointer?) -> dbus_bool_t {
    guard let watch else { return 0 }
    let source = WatchSource(watch: watch, loop: loopFrom(data))
    dbus_watch_set_data(watch, Unmanaged.passRetained(source).toOpaque(), releaseWatchSource)
    source.setEnabled(dbus_watch_get_enabled(watch) != 0)
    return 1
}

private func removeWatch(_ watch: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    guard let watch, let p = dbus_watch_get_data(watch) else { return }
    Unmanaged<WatchSource>.fromOpaque(p).takeUnretainedValue().cancel()
}

private func toggleWatch(_ watch: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    guard let watch, let p = dbus_watch_get_data(watch) else { return }
    Unmanaged<WatchSource>.fromOpaque(p).takeUnretainedValue().setEnabled(dbus_watch_get_enabled(watch) != 0)
}

private func releaseWatchSource(_ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    let source = Unmanaged<WatchSource>.fromOpaque(data).takeRetainedValue()
    source.cancel()
}

private func addTimeout(_ timeout: OpaquePointer?, _ data: UnsafeMutableRawPointer?) -> dbus_bool_t {
    guard let timeout else { return 0 }
    let source = TimeoutSource(timeout: timeout, loop: loopFrom(data))
    dbus_timeout_set_data(timeout, Unmanaged.passRetained(source).toOpaque(), releaseTimeoutSource)
    source.setEnabled(dbus_timeout_get_enabled(timeout) != 0, intervalMs: Int(dbus_timeout_get_interval(timeout)))
    return 1
}

private func removeTimeout(_ timeout: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    guard let timeout, let p = dbus_timeout_get_data(timeout) else { return }
    Unmanaged<TimeoutSource>.fromOpaque(p).takeUnretainedValue().cancel()
}

private func toggleTimeout(_ timeout: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    guard let timeout, let p = dbus_timeout_get_data(timeout) else { return }
    Unmanaged<TimeoutSource>.fromOpaque(p).takeUnretainedValue()
        .setEnabled(dbus_timeout_get_enabled(timeout) != 0, intervalMs: Int(dbus_timeout_get_interval(timeout)))
}

private func releaseTimeoutSource(_ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    Unmanaged<TimeoutSource>.fromOpaque(data).takeRetainedValue().cancel()
}

private func dispatchStatusChanged(
    _ connection: OpaquePointer?, _ status: DBusDispatchStatus,
    _ data: UnsafeMutableRawPointer?
) {
    if status == DBUS_DISPATCH_DATA_REMAINS { loopFrom(data).scheduleDispatch() }
}
