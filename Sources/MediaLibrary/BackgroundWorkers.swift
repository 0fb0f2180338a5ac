import Glibc
import Synchronization

/// Runs `count` iterations on short-lived threads of their own at a lower CPU priority (nice 10), one per core,
/// and returns when all are done. The scan reads tags here instead of on libdispatch's pool: a thread's nice
/// value cannot be raised again without privilege, so pool threads must not be niced, and at nice 10 the daemon's
/// main thread (the bus) wins the CPU whenever it has work, even while a scan keeps every core busy.
final class BackgroundWorkers: @unchecked Sendable {
    // Safe: `next` is atomic; `body` is immutable and called concurrently by design.
    private let next = Atomic<Int>(0)
    private let count: Int
    private let body: (Int) -> Void

    static let niceness: Int32 = 10

    private init(count: Int, body: @escaping (Int) -> Void) {
        self.count = count
        self.body = body
    }

    /// Calls `body(i)` for every i in 0..<count, on up to one thread per core; falls back to this thread when
    /// no thread can be created.
    static func run(count: Int, _ body: (Int) -> Void) {
        // Every thread is joined before returning, so `body` does not outlive this call.
        withoutActuallyEscaping(body) { body in run(BackgroundWorkers(count: count, body: body)) }
    }

    private static func run(_ work: BackgroundWorkers) {
        let count = work.count
        let cores = max(1, Int(truncatingIfNeeded: sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        var threads: [pthread_t] = []
        for _ in 0..<min(cores, count) {
            var thread = pthread_t()
            let context = Unmanaged.passRetained(work).toOpaque()
            let rc = pthread_create(
                &thread, nil,
                { raw in
                    let work = Unmanaged<BackgroundWorkers>.fromOpaque(raw!).takeRetainedValue()
                    // On Linux, PRIO_PROCESS with id 0 sets the calling thread's nice value only.
                    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, BackgroundWorkers.niceness)
                    work.drain()
                    return nil
                }, context)
            if rc == 0 {
                threads.append(thread)
            } else {
                Unmanaged<BackgroundWorkers>.fromOpaque(context).release()
            }
        }
        if threads.isEmpty { work.drain() }
        for thread in threads { pthread_join(thread, nil) }
    }

    private func drain() {
        while true {
            // Relaxed is enough: the body's writes reach the caller through pthread_join.
            let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard i < count else { return }
            body(i)
        }
    }
}
