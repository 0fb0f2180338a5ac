/// The byte input libsndfile pulls from through SF_VIRTUAL_IO (a file, later a network stream).
///
/// Called back synchronously from inside `SndfileHandle` calls, on the thread making that call.
public protocol SndfileInput: AnyObject {
    /// Total length in bytes; for an input of unknown length, a large value (libsndfile needs one).
    func sndfileLength() -> Int64
    /// Moves like `lseek(2)`; returns the new offset or -1 when the input cannot seek there.
    func sndfileSeek(offset: Int64, whence: Int32) -> Int64
    /// Reads up to `buffer.count` bytes; returns the count, 0 at the end (and on error: libsndfile has no error
    /// return here, so the input remembers its error for the caller).
    func sndfileRead(into buffer: UnsafeMutableRawBufferPointer) -> Int64
    /// The current byte offset.
    func sndfileTell() -> Int64
}
