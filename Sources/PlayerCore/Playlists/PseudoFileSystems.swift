import FileSystem

extension FileStatus {
    /// The devices of the kernel's pseudo-filesystems (/proc, /sys, /dev/pts, cgroups, debugfs), looked up once:
    /// their files are never media and /proc can be walked forever (statfs' magic numbers are not in Glibc's
    /// Swift module, so the mount points' devices stand in for them). A mount point that is absent is no device.
    static let pseudoFileSystemDevices: Set<UInt64> = {
        let mountPoints = ["/proc", "/sys", "/dev/pts", "/sys/fs/cgroup", "/sys/kernel/debug", "/sys/kernel/tracing"]
        return Set(mountPoints.compactMap { try? FilePath($0).status().identity.device })
    }()

    /// True for a directory on one of those pseudo-filesystems.
    var isOnPseudoFileSystem: Bool { Self.pseudoFileSystemDevices.contains(identity.device) }
}
