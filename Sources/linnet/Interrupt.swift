import Glibc

/// Ctrl-C (and SIGTERM) as a flag the long-running commands look at between bus waits, so they can finish
/// cleanly (stop a recording, leave the terminal tidy) instead of dying in the middle.
enum Interrupt {
    /// Set from the signal handler; read by the loops. `nonisolated(unsafe)`: a sig_atomic_t written only by
    /// the handler and read by the one thread that runs the command.
    nonisolated(unsafe) static var raised: sig_atomic_t = 0

    static func install() {
        signal(SIGINT) { _ in Interrupt.raised = 1 }
        signal(SIGTERM) { _ in Interrupt.raised = 1 }
    }

    static var isRaised: Bool { raised != 0 }
}
