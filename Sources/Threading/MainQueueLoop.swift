import CDispatchSPI
import Dispatch
import Glibc

/// Runs the main dispatch queue (and with it the main actor) on the main thread for the life of the process: the
/// daemons' replacement for `dispatchMain()`.
///
/// Why not dispatchMain(): it ends the main thread with pthread_exit, whose forced unwind loads libgcc_s and
/// binary-searches the executable's unwind tables, and the kernel's fault-around then maps all 300 KB of them;
/// for one unwind at start-up, about 0.6 MB of idle RSS for the daemon's whole life. Waiting on the queue's
/// eventfd (as CFRunLoop does) blocks in poll with no timeout: no wake-ups while nothing is queued.
public enum MainQueueLoop {
    /// Never returns; call it on the main thread once everything is set up (blocks queued before it runs are drained first).
    public static func run() -> Never {
        let fd = _dispatch_get_main_queue_handle_4CF()
        let flags = fd >= 0 ? fcntl(fd, F_GETFL) : -1
        // Without the eventfd (another libdispatch), or when it cannot be made non-blocking, the old way still works.
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else { dispatchMain() }
        var watch = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            _dispatch_main_queue_callback_4CF(nil)
            // Wait for the next wake-up; a signal interrupting poll just loops (signal sources are queue work).
            while poll(&watch, 1, -1) < 0 {
                guard errno == EINTR else { dispatchMain() }
            }
            // Clear the counter before draining: work queued during the drain writes it again.
            var count: UInt64 = 0
            while read(fd, &count, MemoryLayout<UInt64>.size) > 0 {}
        }
    }
}
