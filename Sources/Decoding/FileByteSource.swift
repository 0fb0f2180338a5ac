import FileSystem
import Glibc
import PlayerCore

/// A regular local file read through a file descriptor; seekable.
///
/// Opening checks what the engine needs to report clearly: missing, unreadable, a directory or other non-file,
/// and empty files each throw their own `DecodeError.Kind`. The descriptor stays open for the decoder's life,
/// so a file deleted while playing keeps playing to its end.
///
/// Small reads are served from a 16 KB read-ahead buffer filled with pread: decoders probe headers a few bytes
/// at a time, and a library scan opening thousands of files spent more time in read(2) than in parsing.
public final class FileByteSource: ByteSource {
    public let path: String
    public var isSeekable: Bool { true }
    public private(set) var length: Int64?
    public private(set) var position: Int64 = 0
    private let file: FileDescriptor
    private static let bufferCapacity = 16 * 1024
    private var buffer: UnsafeMutableRawBufferPointer?
    /// File offset of `buffer`'s first byte, and how many bytes it holds.
    private var bufferStart: Int64 = 0
    private var bufferCount = 0

    /// Opens `path` read-only.
    public init(path: String) throws(DecodeError) {
        self.path = path
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(FilePath(path), O_RDONLY)
        } catch {
            let kind: DecodeError.Kind
            switch error.errno {
            case ENOENT, ENOTDIR: kind = .notFound
            case EACCES, EPERM: kind = .permissionDenied
            case EISDIR: kind = .notAFile
            default: kind = .io
            }
            throw DecodeError(kind, path: path, message: "cannot open: \(error.message)")
        }
        // Closing a descriptor only read from loses nothing, so a failed close on the way out is not reported.
        let status: FileStatus
        do {
            status = try file.status()
        } catch {
            try? file.close()
            throw DecodeError(.io, path: path, message: "cannot stat: \(error.message)")
        }
        guard status.isRegularFile else {
            try? file.close()
            throw DecodeError(
                .notAFile, path: path,
                message: status.isDirectory ? "is a directory" : "is not a regular file")
        }
        guard status.size > 0 else {
            try? file.close()
            throw DecodeError(.empty, path: path, message: "file is empty (0 bytes)")
        }
        self.file = file
        length = status.size
    }

    deinit {
        buffer?.deallocate()
        try? file.close()
    }

    /// Fills `target` as a regular file's read(2) does: fully, unless the file ends first.
    public func read(into target: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
        var filled = 0
        while filled < target.count {
            let rest = UnsafeMutableRawBufferPointer(rebasing: target[filled...])
            // Large reads (the decoders' audio blocks) go straight to the file.
            if rest.count >= Self.bufferCapacity {
                let n = try pread(into: rest, at: position)
                position += Int64(n)
                return filled + n
            }
            let offsetInBuffer = position - bufferStart
            if offsetInBuffer < 0 || offsetInBuffer >= Int64(bufferCount) {
                let storage =
                    buffer ?? UnsafeMutableRawBufferPointer.allocate(byteCount: Self.bufferCapacity, alignment: 16)
                buffer = storage
                bufferStart = position
                bufferCount = try pread(into: storage, at: position)
                if bufferCount == 0 { break }  // end of file
            }
            let start = Int(truncatingIfNeeded: position - bufferStart)
            let n = min(rest.count, bufferCount - start)
            rest.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer![start..<(start + n)]))
            position += Int64(n)
            filled += n
        }
        return filled
    }

    private func pread(into target: UnsafeMutableRawBufferPointer, at offset: Int64) throws(DecodeError) -> Int {
        do {
            return try file.read(into: target, at: offset)
        } catch {
            throw DecodeError(.io, path: path, offset: offset, message: "read failed: \(error.message)")
        }
    }

    public func seek(to offset: Int64) throws(DecodeError) {
        guard offset >= 0 else {
            throw DecodeError(
                .io, path: path, offset: offset, message: "seek failed: \(String(cString: strerror(EINVAL)))")
        }
        // pread reads at `position`, so a seek moves nothing in the kernel; the buffer stays valid.
        position = offset
    }
}
