import Dispatch
import Glibc

/// Runs a folder walk on a thread of its own with an 8 MiB stack. The walk recurses once per folder level (up to
/// `MediaCollector.maxDirectoryDepth`); Dispatch's worker threads have 512 KiB, which a debug build overflowed
/// walking "/" through deep build trees. A thread of our own also keeps libdispatch's pool monitor (a 1 s timer
/// for the daemon's life) from starting, as the serial walk queue did.
enum WalkThread {
    static let stackBytes = 8 * 1024 * 1024

    /// Starts `body` inside `group` (entered now, left when `body` returns); falls back to a serial queue when
    /// no thread can be made.
    static func run(in group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
        group.enter()
        let task = ThreadBody(body: {
            body(); group.leave()
        })
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackBytes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let context = Unmanaged.passRetained(task).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, &attributes,
            { raw in
                let task = Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue()
                task.body()
                return nil
            }, context)
        if started != 0 {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            DispatchQueue(label: "linnet.walk", qos: .userInitiated).async { task.body() }
        }
    }

    /// The closure handed to the thread (through pthread_create's context pointer).
    private final class ThreadBody: Sendable {
        let body: @Sendable () -> Void
        init(body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
