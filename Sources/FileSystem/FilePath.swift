// FileSystem: the daemon's one layer over the file-system calls (in the style of swift-system), on Glibc alone.
// Paths are bytes (`FilePath`), every failure is a `FileSystemError` (operation, path, errno), and calls a signal
// can interrupt are retried on EINTR.
//
// Concurrency: every type here is a plain value (a path, a status, an errno, a descriptor's number); nothing is
// shared or cached, so each call is as thread-safe as the system call it makes.

import Glibc

/// A file path as the kernel sees it: bytes, which need not be UTF-8 (Linux names are any bytes but NUL and `/`).
public struct FilePath: Hashable, Sendable, CustomStringConvertible {
    /// The path's bytes, without a terminating NUL.
    public var bytes: [UInt8]

    /// The path made of exactly these bytes.
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// The path a `BytePath` string stands for: escaped bytes become the raw bytes again, nothing is decoded lossily.
    public init(_ string: String) { bytes = BytePath.bytes(string) }

    /// The path as a `BytePath` string (lossless: `FilePath(path.string) == path`).
    public var string: String { BytePath.string(bytes) }

    /// The path for people to read (bytes that are not UTF-8 shown as U+FFFD); never use it to reach the file.
    public var description: String { String(decoding: bytes, as: UTF8.self) }

    /// `self/name`, with one slash between them.
    public func appending(_ name: some Collection<UInt8>) -> FilePath {
        var out = bytes
        if out.last != UInt8(ascii: "/") { out.append(UInt8(ascii: "/")) }
        out.append(contentsOf: name)
        return FilePath(bytes: out)
    }

    /// Calls `body` with the path's bytes as a NUL-terminated C string (for the calls this layer does not wrap).
    /// errno is as `body` left it: freeing the temporary C string afterwards cannot change it.
    public func withCString<R>(_ body: (UnsafePointer<CChar>) -> R) -> R {
        var errnoAfterBody: Int32 = 0
        let result = (bytes + [0]).withUnsafeBufferPointer { buffer in
            let r = buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
            errnoAfterBody = errno
            return r
        }
        errno = errnoAfterBody
        return result
    }
}
