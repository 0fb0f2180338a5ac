import FileSystem
import Glibc

/// What stat(2) says about a path (following symlinks): the few facts folder expansion needs.
struct FileStatus: Hashable, Sendable {
    /// Identity of the file across paths and symlinks (device, inode), for loop detection.
    struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    var isDirectory: Bool
    var isRegularFile: Bool
    var size: Int64
    var identity: Identity

    /// Stats `path`; on failure returns the errno (ENOENT, EACCES, ELOOP, …).
    static func of(_ path: String) -> Result<FileStatus, StatError> {
        var st = stat()
        guard BytePath.withCString(path, { stat($0, &st) }) == 0 else { return .failure(StatError(errno: errno)) }
        let type = st.st_mode & S_IFMT
        return .success(
            FileStatus(
                isDirectory: type == S_IFDIR, isRegularFile: type == S_IFREG,
                size: Int64(st.st_size),
                identity: Identity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))))
    }
}

extension FileStatus {
    /// The devices of the kernel's pseudo-filesystems (/proc, /sys, /dev/pts, cgroups, debugfs), looked up once:
    /// their files are never media and /proc can be walked forever (statfs' magic numbers are not in Glibc's
    /// Swift module, so the mount points' devices stand in for them).
    static let pseudoFileSystemDevices: Set<UInt64> = {
        let mountPoints = ["/proc", "/sys", "/dev/pts", "/sys/fs/cgroup", "/sys/kernel/debug", "/sys/kernel/tracing"]
        return Set(
            mountPoints.compactMap { path in
                if case .success(let s) = FileStatus.of(path) { return s.identity.device } else { return nil }
            })
    }()

    /// True for a directory on one of those pseudo-filesystems.
    var isOnPseudoFileSystem: Bool { Self.pseudoFileSystemDevices.contains(identity.device) }
}

/// A failed stat(2), carrying errno.
struct StatError: Error, Hashable, Sendable {
    var errno: Int32
    var isNotFound: Bool { errno == ENOENT || errno == ENOTDIR }
}
