import Glibc

/// One-line messages on stderr (journald and terminals read them as they come).
public enum Log {
    public static func info(_ message: String) { write("linnetd: " + message) }
    public static func error(_ message: String) { write("linnetd: error: " + message) }

    private static func write(_ line: String) {
        let flat = line.split(whereSeparator: \.isNewline).joined(separator: " ") + "\n"
        raw(flat)
    }

    /// One write(2) per line, so lines from different threads never interleave.
    public static func raw(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes {
                Glibc.write(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset)
            }
            if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
            offset += n
        }
    }
}
