import Glibc

extension FilePath {
    /// stat(2): the file the path names, following symlinks.
    public func status() throws(FileSystemError) -> FileStatus {
        var st = stat()
        guard withCString({ stat($0, &st) }) == 0 else { throw .last("stat", self) }
        return FileStatus(st)
    }

    /// lstat(2): the path itself (a symlink is reported as one, not followed).
    public func linkStatus() throws(FileSystemError) -> FileStatus {
        var st = stat()
        guard withCString({ lstat($0, &st) }) == 0 else { throw .last("lstat", self) }
        return FileStatus(st)
    }
}
