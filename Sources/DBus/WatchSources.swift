internal import CDBus
import Dispatch
import Synchronization

/// One libdbus watch as Dispatch read/write sources on the loop queue.
///
/// Dispatch sources start inactive and must be activated once, and suspend/resume must balance (and a source
/// must not be released suspended or inactive), so the state is tracked under `state`.
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
    private let state = Mutex(Lifecycle())

    init(watch: OpaquePointer, loop: EventLoop) {
        self.watch = watch
        self.loop = loop
        let fd = dbus_watch_get_unix_fd(watch)
        let flags = dbus_watch_get_flags(watch)
        var sources: [any DispatchSourceProtocol] = []
        if flags & DBUS_WATCH_READABLE.rawValue != 0 {
            sources.append(DispatchSource.makeReadSource(fileDescriptor: fd, queue: loop.queue))
        }
        if flags & DBUS_WATCH_WRITABLE.rawValue != 0 {
            sources.append(DispatchSource.makeWriteSource(fileDescriptor: fd, queue: loop.queue))
        }
        self.sources = sources
        for source in sources {
            let condition = source is DispatchSourceRead ? DBUS_WATCH_READABLE.rawValue : DBUS_WATCH_WRITABLE.rawValue
            source.setEventHandler { [weak self] in
                guard let self, self.isLive else { return }
                self.loop.handle(self.watch, flags: condition)
            }
        }
    }

    private var isLive: Bool { state.withLock { !$0.cancelled } }

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
