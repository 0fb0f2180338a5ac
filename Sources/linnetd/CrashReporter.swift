import CProgramImage
import Glibc
import Synchronization

/// When linnetd dies of a fatal signal, one line on stderr (the journal under systemd) says which signal, where
/// (the binary and offset, and for a Swift runtime trap the file and line through addr2line when it is installed)
/// and what the service was doing (the last D-Bus call, the thread); then the signal's default action runs, so the
/// exit status, the core dump and the supervisor's Restart=on-failure behave as without the handler.
///
/// Everything the handler touches is allocated in `install()`; the handler formats into a fixed buffer with no
/// allocation and no locks (only async-signal-safe calls, plus dladdr and fork/exec for the crash site).
enum CrashReporter {
    /// Installs the handlers for SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE and SIGABRT on an alternate stack.
    static func install() {
        crashState = CrashState()
        var stack = stack_t()
        stack.ss_sp = UnsafeMutableRawPointer(crashState.altStack)
        stack.ss_size = CrashState.altStackSize
        sigaltstack(&stack, nil)
        for sig in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT] {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = fatalSignalHandler
            action.sa_flags = SA_SIGINFO | SA_ONSTACK | Int32(bitPattern: UInt32(SA_RESETHAND))
            sigemptyset(&action.sa_mask)
            sigaction(sig, &action, nil)
        }
    }

    /// Notes what the service is doing now (called on the service queue; cheap: two copies into fixed buffers).
    static func note(_ interface: String?, _ member: String) {
        guard let state = crashState else { return }
        let next = 1 &- state.active.load(ordering: .relaxed)
        let buffer = state.activity[next]
        var n = 0
        func put(_ s: String) {
            for b in s.utf8 where n < CrashState.activityCapacity - 1 {
                buffer[n] = b
                n += 1
            }
        }
        put("D-Bus ")
        if let interface { put(interface); put(".") }
        put(member)
        buffer[n] = 0
        state.active.store(next, ordering: .releasing)
    }
}

/// The handler's preallocated memory. Set once in `install()` before any handler can run.
final class CrashState: Sendable {
    static let activityCapacity = 160
    static let altStackSize = 64 * 1024
    static let lineCapacity = 1024
    // Raw buffers: written by `note` on the service queue and read only by the handler of a dying process.
    nonisolated(unsafe) let activity: [UnsafeMutablePointer<UInt8>]
    let active = Atomic<Int>(0)
    nonisolated(unsafe) let line = UnsafeMutablePointer<UInt8>.allocate(capacity: CrashState.lineCapacity)
    nonisolated(unsafe) let altStack = UnsafeMutablePointer<UInt8>.allocate(capacity: CrashState.altStackSize)
    nonisolated(unsafe) let scratch = UnsafeMutablePointer<CChar>.allocate(capacity: 64)
    /// The executable's path and where it is loaded, to turn a pc into an offset addr2line understands.
    nonisolated(unsafe) let imagePath = UnsafeMutablePointer<CChar>.allocate(capacity: Int(PATH_MAX) + 1)
    let imageStart: UInt
    let imageEnd: UInt

    init() {
        imagePath.initialize(repeating: 0, count: Int(PATH_MAX) + 1)
        // Without the path there is nothing for addr2line to read: report raw pcs then.
        (imageStart, imageEnd) =
            readlink("/proc/self/exe", imagePath, Int(PATH_MAX)) > 0
            ? (linnet_program_start(), linnet_program_end()) : (0, 0)
        activity = (0..<2).map { _ in
            let p = UnsafeMutablePointer<UInt8>.allocate(capacity: CrashState.activityCapacity)
            p.initialize(repeating: 0, count: CrashState.activityCapacity)
            return p
        }
        let start = "starting up"
        for (i, b) in start.utf8.enumerated() { activity[0][i] = b }
    }
}

// Written once by install() on the main thread before the handlers exist; read by the handler.
nonisolated(unsafe) private var crashState: CrashState!

private func fatalSignalHandler(
    _ sig: Int32, _ info: UnsafeMutablePointer<siginfo_t>?,
    _ context: UnsafeMutableRawPointer?
) {
    if let state = crashState {
        var line = CrashLine(state: state)
        line.report(sig, info, context)
    }
    raise(sig)  // SA_RESETHAND restored the default action; delivered as soon as this handler returns
}
