/// The byte input mpg123 pulls from (a file, later a network stream).
///
/// Called back synchronously from inside `Mpg123Handle` calls, on the thread making that call.
public protocol Mpg123Input: AnyObject {
    /// Reads up to `buffer.count` bytes into `buffer`; returns the count, 0 at the end, or -1 on error.
    func mpg123Read(into buffer: UnsafeMutableRawBufferPointer) -> Int
    /// Moves like `lseek(2)` (`whence` is SEEK_SET/SEEK_CUR/SEEK_END); returns the new offset, or -1 when the
    /// input cannot seek (mpg123 then treats the stream as non-seekable).
    func mpg123Seek(offset: Int64, whence: Int32) -> Int64
}
