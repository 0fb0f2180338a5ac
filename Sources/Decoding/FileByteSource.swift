import Glibc
import PlayerCore

/// A regular local file read through a file descriptor; seekable.
///
/// Opening checks what the engine needs to report clearly: missing, unreadable, a directory or other non-file,
/// and empty files each throw their own `DecodeError.Kind`. The descriptor stays open for the decoder's life,
/// so a file deleted while playing keeps playing to its end.
public final class FileByteSource: ByteSource {
    public let path: String
    public var isSeekable: Bool { true }
    public private(set) var length: Int64?
    public private(set) var position: Int64 = 0
    private let fd: Int32

    /// Opens `path` read-only.
    public init(path: String) throws(DecodeError) {
        self.path = path
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            let e = errno
            let kind: DecodeError.Kind
            switch e {
            case ENOENT, ENOTDIR: kind = .notFound
            case EACCES, EPERM: kind = .permissionDenied
            case EISDIR: kind = .notAFile
            default: kind = .io
            }
            throw DecodeError(kind, path: path, message: "cannot open: \(errnoText(e))")
        }
        var st = stat()
        if fstat(fd, &st) != 0 {
            let e = errno
            close(fd)
            throw DecodeError(.io, path: path, message: "cannot stat: \(errnoText(e))")
        }
        let type = st.st_mode & S_IFMT
        guard type == S_IFREG else {
            close(fd)
            throw DecodeError(.notAFile, path: path,
                              message: type == S_IFDIR ? "is a directory" : "is not a regular file")
        }
        guard st.st_size > 0 else {
            close(fd)
            throw DecodeError(.empty, path: path, message: "file is empty (0 bytes)")
        }
        self.fd = fd
        length = Int64(st.st_size)
    }

    deinit { close(fd) }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
        while true {
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if n >= 0 {
                position += Int64(n)
                return n
            }
            let e = errno
            if e == EINTR { continue }
            throw DecodeError(.io, path: path, offset: position, message: "read failed: \(errnoText(e))")
        }
    }

    public func seek(to offset: Int64) throws(DecodeError) {
        let r = lseek(fd, off_t(offset), SEEK_SET)
        if r < 0 {
            throw DecodeError(.io, path: path, offset: offset, message: "seek failed: \(errnoText(errno))")
        }
        position = Int64(r)
    }
}

/// The text of an errno value.
func errnoText(_ code: Int32) -> String {
    String(cString: strerror(code))
}
