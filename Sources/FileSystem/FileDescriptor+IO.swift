import Glibc

extension FileDescriptor {
    /// read(2) into `buffer`: the bytes read, 0 at the end of the file.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileSystemError) -> Int {
        let n = retryingInterrupts { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
        guard n >= 0 else { throw .last("read", path) }
        return n
    }

    /// pread(2) into `buffer` at `offset` (the descriptor's own position does not move).
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws(FileSystemError) -> Int {
        let n = retryingInterrupts { pread(rawValue, buffer.baseAddress, buffer.count, off_t(offset)) }
        guard n >= 0 else { throw .last("pread", path) }
        return n
    }

    /// write(2) until all of `bytes` is written (a short write continues where it stopped).
    public func writeAll(_ bytes: [UInt8]) throws(FileSystemError) {
        var written = 0
        while written < bytes.count {
            let n = retryingInterrupts {
                bytes[written...].withUnsafeBytes { Glibc.write(rawValue, $0.baseAddress, $0.count) }
            }
            guard n >= 0 else { throw .last("write", path) }
            // write(2) of a non-empty buffer returning 0 has no errno: report it as an I/O error.
            guard n > 0 else { throw FileSystemError("write", path: path, errno: EIO) }
            written += n
        }
    }

    /// fsync(2): the file's data and metadata are on the disk.
    public func synchronize() throws(FileSystemError) {
        guard retryingInterrupts({ fsync(rawValue) }) == 0 else { throw .last("fsync", path) }
    }
}
