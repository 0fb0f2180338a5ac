import Dispatch
import Glibc
import LinnetCLI

/// Standard output and error, the terminal's size, and the monotonic clock.
enum Terminal {
    /// Writes `text` to standard output at once, unbuffered (scripts reading a pipe see each line as it comes).
    static func out(_ text: String) { writeAll(text, to: STDOUT_FILENO) }

    /// Writes a line to standard error.
    static func err(_ line: String) { writeAll(line + "\n", to: STDERR_FILENO) }

    private static func writeAll(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return }  // a closed pipe: nobody is reading any more
            bytes = bytes.dropFirst(n)
        }
    }

    /// True when standard output is a terminal (the live line redraws in place only there).
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// The terminal's width in columns, nil when unknown.
    static var columns: Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Monotonic nanoseconds (not affected by clock changes).
    static var now: UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// The current directory, for resolving relative paths.
    static var workingDirectory: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return buffer.withUnsafeBufferPointer { CommandLineBytes.string(cString: $0.baseAddress!) }
    }

    /// Unblocks the signals a client must react to. A process started from a thread that blocks them (Dispatch
    /// worker threads do) inherits the mask, and `status --follow` would then outlive its terminal's hangup.
    static func unblockTerminationSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for s in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&set, s) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// On Ctrl-C while a live line is shown: end the line so the shell prompt starts on a fresh one.
    static func finishLineOnInterrupt() {
        signal(SIGINT) { _ in
            _ = write(STDOUT_FILENO, "\n", 1)
            _exit(130)
        }
        signal(SIGTERM) { _ in
            _ = write(STDOUT_FILENO, "\n", 1)
            _exit(143)
        }
    }
}
