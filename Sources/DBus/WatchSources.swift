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
final class WatchSource: @unchecked Sendable {
    // Safe: `watch`, `loop` and the sources are immutable after init; the lifecycle flags live in `state`.
    private struct Lifecycle {
        var activated = false
        var running = false
        var cancelled = false
    }

    private let watch: OpaquePointer
    private let loop: EventLoop
    private let fd: Int32
    private let sources: [any DispatchSourceProtocol]
    /// The libdbus condition each source reports, index for index with `sources`.
    private let conditions: [UInt32]
    private let state = Mutex(Lifecycle())

    init(watch: OpaquePointer, loop: EventLoop) {
        self.watch = watch
        self.loop = loop
        let fd = dbus_watch_get_unix_fd(watch)
        self.fd = fd
        let flags = dbus_watch_get_flags(watch)
        var sources: [any DispatchSourceProtocol] = []
        var conditions: [UInt32] = []
        if flags & DBUS_WATCH_READABLE.rawValue != 0 {
            sources.append(DispatchSource.makeReadSource(fileDescriptor: fd, queue: loop.queue))
            conditions.append(DBUS_WATCH_READABLE.rawValue)
        }
        if flags & DBUS_WATCH_WRITABLE.rawValue != 0 {
            sources.append(DispatchSource.makeWriteSource(fileDescriptor: fd, queue: loop.queue))
            conditions.append(DBUS_WATCH_WRITABLE.rawValue)
        }
        self.sources = sources
        self.conditions = conditions
        for (source, condition) in zip(sources, conditions) {
            source.setEventHandler { [weak self] in self?.drain(condition) }
        }
    }

    private var isLive: Bool { state.withLock { !$0.cancelled } }
    private var isRunning: Bool { state.withLock { !$0.cancelled && $0.running } }

    /// Handles the watch until the fd is no longer ready for `condition` (on the loop queue).
    private func drain(_ condition: UInt32) {
        for _ in 0..<64 {
            guard isRunning else { return }
            loop.handle(watch, flags: condition)
            guard isRunning, stillReady(condition) else { return }
        }
        loop.queue.async { [weak self] in self?.drain(condition) }
    }

    private func stillReady(_ condition: UInt32) -> Bool {
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
                    let conditions = self.conditions
                    loop.queue.async { [weak self] in conditions.forEach { self?.drain($0) } }
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
