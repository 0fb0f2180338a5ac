internal import CDBus
import Dispatch
import Glibc
import Synchronization

/// One libdbus watch as Dispatch read/write sources on the loop queue.
///
/// Dispatch sources start inactive and must be activated once, and suspend/resume must balance (and a source
/// must not be released suspended or inactive), so the state is tracked under `state`.
///
/// libdbus moves at most 2 KiB per `dbus_watch_handle`, so each event drains: handle, then ask the kernel (`poll`
/// with zero timeout) whether the fd is still ready, and repeat while it is and the watch is enabled, instead of
/// paying a Dispatch wakeup per 2 KiB; after a batch the rest continues in a later queue turn so other work can
/// interleave. (On Linux every `DispatchSource` conforms to all the source protocols, so the condition of each
/// source is recorded when it is made, never inferred with `is`.)
///
/// libdispatch requires an fd to stay open until its source's cancel handler has run, but libdbus closes its
/// socket right after removing the watch (and the number is soon reused by the next connection: libdispatch then
/// crashed in its event loop). So each source watches its own `dup` of the socket, closed in its cancel handler.
final class WatchSource: @unchecked Sendable {
    // Safe: `watch`, `loop` and the sources are immutable after init; the lifecycle flags live in `state`.
    private struct Lifecycle {
        var activated = false
        var running = false
        var cancelled = false
    }

    private let watch: OpaquePointer
    private let loop: EventLoop
    private let sources: [any DispatchSourceProtocol]
    /// The libdbus condition each source reports, and the duplicate fd it watches, index for index with `sources`.
    private let conditions: [UInt32]
    private let fds: [Int32]
    private let state = Mutex(Lifecycle())

    init(watch: OpaquePointer, loop: EventLoop) {
        self.watch = watch
        self.loop = loop
        let fd = dbus_watch_get_unix_fd(watch)
        let flags = dbus_watch_get_flags(watch)
        var sources: [any DispatchSourceProtocol] = []
        var conditions: [UInt32] = []
        var fds: [Int32] = []
        for condition in [DBUS_WATCH_READABLE.rawValue, DBUS_WATCH_WRITABLE.rawValue] where flags & condition != 0 {
            let own = fcntl(fd, F_DUPFD_CLOEXEC, 0)
            guard own >= 0 else { continue }  // out of fds: libdbus then sees no events and times out its calls
            let source: any DispatchSourceProtocol =
                condition == DBUS_WATCH_READABLE.rawValue
                ? DispatchSource.makeReadSource(fileDescriptor: own, queue: loop.queue)
                : DispatchSource.makeWriteSource(fileDescriptor: own, queue: loop.queue)
            source.setCancelHandler { close(own) }
            sources.append(source)
            conditions.append(condition)
            fds.append(own)
        }
        self.sources = sources
        self.conditions = conditions
        self.fds = fds
        for (index, source) in sources.enumerated() {
            let condition = conditions[index], own = fds[index]
            source.setEventHandler { [weak self] in self?.drain(condition, fd: own) }
        }
    }

    private var isLive: Bool { state.withLock { !$0.cancelled } }
    private var isRunning: Bool { state.withLock { !$0.cancelled && $0.running } }

    /// Handles the watch until `fd` is no longer ready for `condition` (on the loop queue).
    private func drain(_ condition: UInt32, fd: Int32) {
        for _ in 0..<64 {
            guard isRunning else { return }
            loop.handle(watch, flags: condition)
            guard isRunning, stillReady(condition, fd: fd) else { return }
        }
        loop.queue.async { [weak self] in self?.drain(condition, fd: fd) }
    }

    private func stillReady(_ condition: UInt32, fd: Int32) -> Bool {
        let wanted: Int16 = condition == DBUS_WATCH_READABLE.rawValue ? Int16(POLLIN) : Int16(POLLOUT)
        var pfd = pollfd(fd: fd, events: wanted, revents: 0)
        return poll(&pfd, 1, 0) > 0 && pfd.revents != 0
    }

    func setEnabled(_ enabled: Bool) {
        state.withLock { s in
            guard !s.cancelled else { return }
            if enabled {
                if !s.activated {
                    sources.forEach { $0.activate() }
                    s.activated = true
                    s.running = true
                } else if !s.running {
                    sources.forEach { $0.resume() }
                    s.running = true
                    // Data may have been pending while disabled; a resumed source need not report it again.
                    let pairs = Array(zip(conditions, fds))
                    loop.queue.async { [weak self] in pairs.forEach { self?.drain($0.0, fd: $0.1) } }
                }
            } else if s.activated && s.running {
                sources.forEach { $0.suspend() }
                s.running = false
            }
        }
    }

    func cancel() {
        state.withLock { s in
            guard !s.cancelled else { return }
            s.cancelled = true
            sources.forEach { $0.cancel() }
            if !s.activated {
                sources.forEach { $0.activate() }
            } else if !s.running {
                sources.forEach { $0.resume() }
            }
        }
    }
}

/// One libdbus timeout as a repeating Dispatch timer on the loop queue; exists only while libdbus has a timeout
/// enabled (pending calls with a deadline, authentication), so an idle connection has no timer.
final class TimeoutSource: @unchecked Sendable {
    // Safe: `timeout` and `loop` are immutable; the timer and flag live in `state`.
    private struct Lifecycle {
        var timer: (any DispatchSourceTimer)?
        var cancelled = false
    }

    private let timeout: OpaquePointer
    private let loop: EventLoop
    private let state = Mutex(Lifecycle())

    init(timeout: OpaquePointer, loop: EventLoop) {
        self.timeout = timeout
        self.loop = loop
    }

    /// (Re)arms the timer from now when enabled, as libdbus expects after a toggle; disarms it otherwise.
    func setEnabled(_ enabled: Bool, intervalMs: Int) {
        state.withLock { s in
            s.timer?.cancel()
            s.timer = nil
            guard enabled, !s.cancelled else { return }
            let timer = DispatchSource.makeTimerSource(queue: loop.queue)
            let interval = DispatchTimeInterval.milliseconds(max(intervalMs, 1))
            timer.schedule(deadline: .now() + interval, repeating: interval)
            timer.setEventHandler { [weak self] in
                guard let self, self.isLive else { return }
                dbus_timeout_handle(self.timeout)
                self.loop.dispatchAll()
            }
            timer.activate()
            s.timer = timer
        }
    }

    private var isLive: Bool { state.withLock { !$0.cancelled && $0.timer != nil } }

    func cancel() {
        state.withLock { s in
            s.cancelled = true
            s.timer?.cancel()
            s.timer = nil
        }
    }
}
