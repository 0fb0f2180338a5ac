import FileSystem
import Glibc

/// A fresh directory under /tmp for one test, removed (with everything in it, whatever the names' bytes) at the end.
final class ScratchDirectory {
    let path: FilePath

    init() {
        var template = Array("/tmp/linnet-fs-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed: errno \(errno)")
        path = FilePath(bytes: template.dropLast().map { UInt8(bitPattern: $0) })
    }

    /// `path/name` for a name given as bytes.
    func child(_ name: [UInt8]) -> FilePath { path.appending(name) }
    /// `path/name` for a UTF-8 name.
    func child(_ name: String) -> FilePath { path.appending(Array(name.utf8)) }

    /// Creates a file holding `bytes` (test setup: fails the process loudly rather than quietly).
    @discardableResult
    func file(_ name: [UInt8], _ bytes: [UInt8] = []) -> FilePath {
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
