import Dispatch
import Glibc
import PlayerService

/// SIGTERM/SIGINT (and Quit, and losing the bus) end the service the same way: save, then exit 0.
/// Signals arrive as Dispatch sources on the main queue, so the handler is ordinary main-actor code.
@MainActor
enum Shutdown {
    private static var sources: [any DispatchSourceSignal] = []

    /// Installs the handlers; `finish` runs on the main actor.
    static func install(finish: @escaping @MainActor @Sendable (String) -> Void) {
        // A parent may have handed us a blocked SIGTERM (test runners do): unblock it on this thread so the
        // signal can be delivered at all.
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGTERM)
        sigaddset(&mask, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        for (number, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
            signal(number, SIG_IGN)  // delivered through the source instead of killing us
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler(handler: onMainQueue { finish(name) })
            source.resume()
            sources.append(source)
        }
    }
}
