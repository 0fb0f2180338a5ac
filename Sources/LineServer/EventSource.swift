import Dispatch

/// A Dispatch read or write source on the main queue, with the bookkeeping Dispatch demands kept here: a source
/// starts inactive and is activated once, suspend and resume must balance, and a source must not be released
/// suspended or inactive (so cancel resumes it first). Its handlers enter the main actor (they run on the main
/// queue, the main actor's executor; `assumeIsolated` traps anywhere else).
@MainActor
final class EventSource {
    enum Condition { case readable, writable }

    private let source: any DispatchSourceProtocol
    private var activated = false
    private var running = false
    private var cancelled = false

    init(_ condition: Condition, fd: Int32, barrier: CancelBarrier, handler: @escaping @MainActor () -> Void) {
        source =
            condition == .readable
            ? DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
            : DispatchSource.makeWriteSource(fileDescriptor: fd, queue: .main)
        source.setEventHandler { MainActor.assumeIsolated { handler() } }
        source.setCancelHandler { MainActor.assumeIsolated { barrier.arrive() } }
    }

    /// Starts or stops delivering events (level-triggered: a readable socket fires until drained or stopped).
    func setRunning(_ wanted: Bool) {
        guard !cancelled, wanted != running else { return }
        running = wanted
        if wanted {
            if activated {
                source.resume()
            } else {
                activated = true
                source.activate()
            }
        } else {
            source.suspend()
        }
    }

    /// Cancels the source, once; its cancel handler (the barrier) follows on a later turn of the main queue.
    func cancel() {
        guard !cancelled else { return }
        cancelled = true
        source.cancel()
        if !activated {
            source.activate()
        } else if !running {
            source.resume()
        }
    }
}
