import Glibc

/// A failed file-system call: which call (`open`, `stat`, …), on which path, and the errno it set.
public struct FileSystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call that failed, as its C name ("open", "stat", "opendir", "rename", …).
    public var operation: String
    /// The path it was given (for `rename`, the source).
    public var path: FilePath
    /// The errno it set (ENOENT, EACCES, …).
    public var errno: Int32

    public init(_ operation: String, path: FilePath, errno: Int32) {
        (self.operation, self.path, self.errno) = (operation, path, errno)
    }

    /// strerror's text for the errno ("No such file or directory").
    public var message: String { String(cString: strerror(errno)) }

    /// The path or one of its directories does not exist.
    public var isNotFound: Bool { errno == ENOENT || errno == ENOTDIR }

    /// "stat /m/a.mp3: No such file or directory".
    public var description: String { "\(operation) \(path): \(message)" }
}

extension FileSystemError {
    /// The error for a call that just failed, reading errno before anything can change it.
    static func last(_ operation: String, _ path: FilePath) -> FileSystemError {
        FileSystemError(operation, path: path, errno: Glibc.errno)
    }
}
