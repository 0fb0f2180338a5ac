import Glibc
import Mpg123
import PlayerCore
import Sndfile

/// Lends a `ByteSource` to libmpg123 and libsndfile as their I/O callbacks.
///
/// The C libraries only see -1 or 0 when the source fails; the bridge keeps the source's typed error so the
/// decoder reports it (with path and offset) instead of the library's vaguer one.
final class ByteSourceBridge: Mpg123Input, SndfileInput {
    let source: any ByteSource
    /// The last error the source threw inside a callback, if any.
    private(set) var sourceError: DecodeError?

    init(_ source: any ByteSource) { self.source = source }

    /// Forgets a remembered error (after a successful seek restarts decoding).
    func clearError() { sourceError = nil }

    private func read(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
        do {
            return try source.read(into: buffer)
        } catch {
            sourceError = error
            return -1
        }
    }

    /// lseek semantics over the source; asking a non-seekable source where it is still works.
    private func seek(_ offset: Int64, _ whence: Int32) -> Int64 {
        let target: Int64
        switch whence {
        case SEEK_SET: target = offset
        case SEEK_CUR: target = source.position + offset
        case SEEK_END:
            guard let length = source.length else { return -1 }
            target = length + offset
        default: return -1
        }
        if target == source.position { return target }
        guard target >= 0 else { return -1 }
        do {
            try source.seek(to: target)
            return target
        } catch {
            // A non-seekable source refusing is an answer, not a failure (it may allow seeks back into its
            // first bytes, which is all libsndfile's header parsing needs).
            if error.kind != .notSeekable { sourceError = error }
            return -1
        }
    }

    func mpg123Read(into buffer: UnsafeMutableRawBufferPointer) -> Int { read(buffer) }

    func mpg123Seek(offset: Int64, whence: Int32) -> Int64 {
        // mpg123 probes the length with SEEK_END; a non-seekable source must say "cannot" so mpg123 treats the
        // stream as one it may not seek in.
        if !source.isSeekable && whence == SEEK_END { return -1 }
        return seek(offset, whence)
    }

    func sndfileLength() -> Int64 { source.length ?? Int64(Int32.max) }

    func sndfileSeek(offset: Int64, whence: Int32) -> Int64 { seek(offset, whence) }

    func sndfileRead(into buffer: UnsafeMutableRawBufferPointer) -> Int64 { Int64(max(0, read(buffer))) }

    func sndfileTell() -> Int64 { source.position }
}
