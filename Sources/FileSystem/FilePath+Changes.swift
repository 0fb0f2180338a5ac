import Glibc

extension FilePath {
    /// rename(2): moves the file to `target`, replacing what is there, atomically.
    public func rename(to target: FilePath) throws(FileSystemError) {
        let rc = withCString { source in target.withCString { Glibc.rename(source, $0) } }
        guard rc == 0 else { throw .last("rename", self) }
    }

    /// unlink(2): removes the file (not a directory).
    public func remove() throws(FileSystemError) {
        guard withCString({ unlink($0) }) == 0 else { throw .last("unlink", self) }
    }

    /// Sets the file's access and modification times to now (utimensat(2), like `touch` on an existing file).
    public func touch() throws(FileSystemError) {
        guard withCString({ utimensat(AT_FDCWD, $0, nil, 0) }) == 0 else { throw .last("utimensat", self) }
    }
}
