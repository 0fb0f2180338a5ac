import Glibc

/// The file-system calls the scanner needs, on byte paths (Linux file names are bytes, not necessarily UTF-8).
enum ByteFileSystem {
    /// What stat(2) says (following symlinks).
    struct Status: Hashable, Sendable {
        var isDirectory: Bool
        var isRegularFile: Bool
        var size: Int64
        var mtimeNanoseconds: Int64
        var device: UInt64
        var inode: UInt64
    }

    /// One directory entry: its name bytes and the type readdir reported (DT_UNKNOWN on some file systems).
    struct Entry {
        var name: [UInt8]
        var type: UInt8
    }

    static func withCPath<R>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    /// stat(2) on `path`; errno on failure.
    static func status(_ path: [UInt8]) -> Result<Status, Errno> {
        var st = stat()
        let rc = withCPath(path) { stat($0, &st) }
        guard rc == 0 else { return .failure(Errno(code: errno)) }
        let type = st.st_mode & S_IFMT
        let (seconds, overflow) = Int64(st.st_mtim.tv_sec).multipliedReportingOverflow(by: 1_000_000_000)
        return .success(Status(isDirectory: type == S_IFDIR, isRegularFile: type == S_IFREG,
                               size: Int64(st.st_size),
                               mtimeNanoseconds: overflow ? Int64(st.st_mtim.tv_sec) : seconds &+ Int64(st.st_mtim.tv_nsec),
                               device: UInt64(truncatingIfNeeded: st.st_dev), inode: UInt64(truncatingIfNeeded: st.st_ino)))
    }

    /// The entries of a directory (without `.` and `..`); errno when it cannot be listed.
    static func entries(_ path: [UInt8]) -> Result<[Entry], Errno> {
        guard let dir = withCPath(path, { opendir($0) }) else { return .failure(Errno(code: errno)) }
        defer { closedir(dir) }
        var out: [Entry] = []
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                return errno == 0 ? .success(out) : .failure(Errno(code: errno))
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            out.append(Entry(name: name, type: entry.pointee.d_type))
        }
    }

    /// An errno with its text.
    struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
        var code: Int32
        var description: String { String(cString: strerror(code)) }
    }
}

extension Array where Element == UInt8 {
    /// `self + "/" + name` for byte paths.
    func appendingComponent(_ name: [UInt8]) -> [UInt8] {
        var out = self
        if out.last != 0x2F { out.append(0x2F) }
        out.append(contentsOf: name)
        return out
    }
}
