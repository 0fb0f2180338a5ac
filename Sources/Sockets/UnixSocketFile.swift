import FileSystem
import Glibc

/// A Unix listening socket's file: made safe to bind before, restricted after, and removed only while it is
/// still the same file (device and inode), so closing never deletes a socket another process bound since.
struct UnixSocketFile: Sendable {
    let path: FilePath
    let device: UInt64
    let inode: UInt64

    /// Before bind: the parent directory exists (missing ones are made 0700: only this user reaches the socket),
    /// and nothing is at the path (a stale socket file, one whose listener has gone, is removed).
    static func prepare(_ path: FilePath, _ address: SocketAddress) throws(SocketError) {
        try makeParents(of: path, address)
        var status = stat()
        guard path.withCString({ lstat($0, &status) }) == 0 else {
            if errno == ENOENT { return }
            throw .last("lstat", address)
        }
        guard status.st_mode & S_IFMT == S_IFSOCK else { throw SocketError("bind", address: address, errno: EEXIST) }
        try refuseIfLive(address)
        guard path.withCString({ unlink($0) }) == 0 || errno == ENOENT else { throw .last("unlink", address) }
    }

    /// A socket file that accepts a connection (or whose backlog is full) belongs to a running listener.
    /// ECONNREFUSED means nobody listens: stale. ENOENT: it just went.
    private static func refuseIfLive(_ address: SocketAddress) throws(SocketError) {
        let probe = try SocketDescriptor.stream(AF_UNIX, for: address)
        defer { try? probe.close(address) }  // a probe only ever connected: nothing to lose in its close
        let outcome = address.withCAddress { Glibc.connect(probe.rawValue, $0, $1) == 0 ? 0 : errno }
        switch outcome {
        case .success(0), .success(EAGAIN), .success(EINPROGRESS):
            throw SocketError("bind", address: address, errno: EADDRINUSE)
        case .success(ECONNREFUSED), .success(ENOENT): return
        case .success(let code): throw SocketError("connect", address: address, errno: code)
        case .failure(let error): throw SocketError("connect", address: address, errno: error.code)
        }
    }

    /// mkdir of each missing directory above `path`, mode 0700.
    private static func makeParents(of path: FilePath, _ address: SocketAddress) throws(SocketError) {
        let slash = UInt8(ascii: "/")
        var components = path.bytes.split(separator: slash, omittingEmptySubsequences: true)
        components.removeLast()
        var prefix: [UInt8] = []
        for component in components {
            prefix.append(slash)
            prefix += component
            let directory = FilePath(bytes: prefix)
            if directory.withCString({ mkdir($0, 0o700) }) != 0, errno != EEXIST { throw .last("mkdir", address) }
        }
    }

    /// After bind, before listen (so no client can connect in between): mode 0600, and the file's identity.
    static func bound(_ path: FilePath, _ address: SocketAddress) throws(SocketError) -> UnixSocketFile {
        guard path.withCString({ chmod($0, 0o600) }) == 0 else { throw .last("chmod", address) }
        var status = stat()
        guard path.withCString({ lstat($0, &status) }) == 0 else { throw .last("lstat", address) }
        return UnixSocketFile(
            path: path, device: UInt64(truncatingIfNeeded: status.st_dev),
            inode: UInt64(truncatingIfNeeded: status.st_ino))
    }

    /// unlink(2) of the file if it is still this one; a file already gone is fine.
    func remove(_ address: SocketAddress) throws(SocketError) {
        var status = stat()
        guard path.withCString({ lstat($0, &status) }) == 0 else {
            if errno == ENOENT { return }
            throw .last("lstat", address)
        }
        let same =
            UInt64(truncatingIfNeeded: status.st_dev) == device
            && UInt64(truncatingIfNeeded: status.st_ino) == inode
        guard same else { return }
        guard path.withCString({ unlink($0) }) == 0 || errno == ENOENT else { throw .last("unlink", address) }
    }
}
