import Foundation

/// Reads /proc files whole. They report a size of 0, and `String(contentsOfFile:)` stops after its first read: of
/// /proc/PID/maps that is 4 KB, which leaves out the libraries a process opened later (the ones tests look for).
public enum ProcFile {
    /// The whole text of `path`.
    public static func read(_ path: String) throws -> String {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    }

    /// Whether process `pid` maps a file whose path contains `name` (a library: "libsndfile").
    public static func maps(_ pid: Int32, _ name: String) throws -> Bool {
        let text = try read("/proc/\(pid)/maps")
        precondition(text.contains("[stack]"), "/proc/\(pid)/maps read incompletely")
        return text.contains(name)
    }
}
