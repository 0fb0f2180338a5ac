import FileSystem
import Glibc

/// The few file-system calls PlayerCore needs, on Glibc directly (no FoundationEssentials in the daemon: it costs
/// the idle daemon about 4 MB of resident memory). Failures carry errno.
public enum FileIO {
    /// A failed call's errno.
    public struct Failure: Error, Hashable, Sendable {
        public var errno: Int32
        /// strerror's text for the errno.
        public var message: String { String(cString: strerror(errno)) }
    }

    /// The file's first `limit` bytes (all of it when shorter), or errno. Callers pass one more than they accept
    /// to tell "exactly full" from "too large".
    public static func read(_ path: String, upTo limit: Int) -> Result<[UInt8], FileIO.Failure> {
        let fd = BytePath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return .failure(Failure(errno: errno)) }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while out.count < limit {
            let want = min(chunk.count, limit - out.count)
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, want) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(Failure(errno: errno))
            }
            if n == 0 { return .success(out) }
            out += chunk[..<n]
        }
        return .success(out)
    }

    /// The names in a directory (without `.` and `..`, in no particular order), or errno.
    static func directoryEntries(_ path: String) -> Result<[String], FileIO.Failure> {
        guard let dir = BytePath.withCString(path, { opendir($0) }) else { return .failure(Failure(errno: errno)) }
        defer { closedir(dir) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                return errno == 0 ? .success(names) : .failure(Failure(errno: errno))
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                BytePath.string(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }

    /// `mkdir -p` (mode 0755 for what it creates); errno of the first failure.
    public static func createDirectories(_ path: String) -> Int32? {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            if mkdir(prefix, 0o755) != 0, errno != EEXIST { return errno }
        }
        guard let status = try? FilePath(path).status() else { return ENOENT }
        return status.isDirectory ? nil : ENOTDIR
    }
}
