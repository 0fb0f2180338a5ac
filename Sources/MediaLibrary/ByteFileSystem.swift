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
        return .success(status(st))
    }

    /// fstatat(2) of `name` inside the open directory `directory` (no walk of the whole path per file).
    static func status(of name: [UInt8], in directory: Int32) -> Result<Status, Errno> {
        var st = stat()
        let rc = withCPath(name) { fstatat(directory, $0, &st, 0) }
        guard rc == 0 else { return .failure(Errno(code: errno)) }
        return .success(status(st))
    }

    /// Opens a directory for fstatat; -1 on failure.
    static func openDirectory(_ path: [UInt8]) -> Int32 {
        withCPath(path) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    }

    private static func status(_ st: stat) -> Status {
        let type = st.st_mode & S_IFMT
        let (seconds, overflow) = Int64(st.st_mtim.tv_sec).multipliedReportingOverflow(by: 1_000_000_000)
        return Status(
            isDirectory: type == S_IFDIR, isRegularFile: type == S_IFREG,
            size: Int64(st.st_size),
            mtimeNanoseconds: overflow ? Int64(st.st_mtim.tv_sec) : seconds &+ Int64(st.st_mtim.tv_nsec),
            device: UInt64(truncatingIfNeeded: st.st_dev), inode: UInt64(truncatingIfNeeded: st.st_ino))
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

/// A byte path as a dictionary key, hashed in one pass over its bytes (hashing `[UInt8]` element by element was
/// a tenth of an unchanged rescan).
struct PathKey: Hashable {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
    static func == (a: PathKey, b: PathKey) -> Bool { a.bytes == b.bytes }
}

/// A file's identity (device, inode), to visit each directory once despite symlink loops.
struct FileID: Hashable {
    var device: UInt64
    var inode: UInt64
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
