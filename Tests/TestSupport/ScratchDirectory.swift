import FileSystem
import Glibc

/// A fresh directory under /tmp for one test, removed (with everything in it, whatever the names' bytes) at the end.
public final class ScratchDirectory: Sendable {
    public let path: FilePath

    /// A new directory `/tmp/PREFIX-XXXXXX`.
    public init(prefix: String = "linnet-fs") {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed: errno \(errno)")
        path = FilePath(bytes: template.dropLast().map { UInt8(bitPattern: $0) })
    }

    /// `path/name` for a name given as bytes.
    public func child(_ name: [UInt8]) -> FilePath { path.appending(name) }
    /// `path/name` for a UTF-8 name.
    public func child(_ name: String) -> FilePath { path.appending(Array(name.utf8)) }

    /// Creates a file holding `bytes` (test setup: fails the process loudly rather than quietly).
    @discardableResult
    public func file(_ name: [UInt8], _ bytes: [UInt8] = []) -> FilePath {
        let file = child(name)
        let fd = file.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        precondition(fd >= 0, "cannot create \(file)")
        precondition(bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count)
        close(fd)
        return file
    }

    deinit { Self.removeTree(path) }

    private static func removeTree(_ path: FilePath) {
        if (try? path.linkStatus())?.isDirectory == true {
            for entry in (try? path.entries()) ?? [] { removeTree(path.appending(entry.name)) }
            _ = path.withCString { rmdir($0) }
        } else {
            try? path.remove()
        }
    }
}
