import Dispatch
import Glibc

/// SIGTERM/SIGINT (and Quit, and losing the bus) end the service the same way: save, then exit 0.
/// Signals arrive as Dispatch sources on the service's queue, so the handler is ordinary queue code.
enum Shutdown {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Installs the handlers; `finish` runs on `queue`.
    static func install(on queue: DispatchQueue, finish: @escaping @Sendable (String) -> Void) {
        // A parent may have handed us a blocked SIGTERM (test runners do): unblock it on this thread so the
        // signal can be delivered at all.
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGTERM)
        sigaddset(&mask, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        for (number, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
            signal(number, SIG_IGN)  // delivered through the source instead of killing us
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { finish(name) }
            source.resume()
            sources.append(source)
        }
    }
}
