import Glibc

/// An open file descriptor and the path it was opened by (for errors). A plain value: whoever opened it closes
/// it once, with `close()` or `closeAfter`.
public struct FileDescriptor: Sendable {
    /// The kernel's descriptor number.
    public let rawValue: Int32
    /// The path it was opened by, named in this descriptor's errors.
    public let path: FilePath

    /// open(2) with `flags` (O_RDONLY, O_WRONLY | O_CREAT, …); O_CLOEXEC is always added, so children the daemon
    /// starts inherit no files. `permissions` apply to a file O_CREAT makes.
    public static func open(_ path: FilePath, _ flags: Int32, permissions: mode_t = 0o644)
        throws(FileSystemError) -> FileDescriptor
    {
        let fd = retryingInterrupts { path.withCString { Glibc.open($0, flags | O_CLOEXEC, permissions) } }
        guard fd >= 0 else { throw .last("open", path) }
        return FileDescriptor(rawValue: fd, path: path)
    }

    /// close(2). Not retried on EINTR: Linux has released the descriptor either way, and a retry could close
    /// one another thread just opened.
    public func close() throws(FileSystemError) {
        guard Glibc.close(rawValue) == 0 else { throw .last("close", path) }
    }

    /// Runs `body`, then closes the descriptor whatever happened. A failed close is not reported: use this for
    /// descriptors only read from (a failed close loses no data); writers call `close()` and check it.
    public func closeAfter<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        defer { _ = Glibc.close(rawValue) }
        return try body()
    }

    /// fstat(2): the open file's status.
    public func status() throws(FileSystemError) -> FileStatus {
        var st = stat()
        guard fstat(rawValue, &st) == 0 else { throw .last("fstat", path) }
        return FileStatus(st)
    }

    /// fstatat(2) of `name` in this open directory, following symlinks (no walk of the whole path per entry).
    public func status(ofEntry name: [UInt8]) throws(FileSystemError) -> FileStatus {
        var st = stat()
        let entry = FilePath(bytes: name)
        guard entry.withCString({ fstatat(rawValue, $0, &st, 0) }) == 0 else {
            throw .last("fstatat", path.appending(name))
        }
        return FileStatus(st)
    }
}
