import Glibc

/// What stat(2) says about a file: its type, size, modification time and identity.
public struct FileStatus: Hashable, Sendable {
    public var type: FileType
    /// Bytes (for a regular file).
    public var size: Int64
    public var modified: FileTime
    public var identity: FileIdentity
    /// The permission bits (st_mode & 0o7777).
    public var permissions: UInt32 = 0

    public var isDirectory: Bool { type == .directory }
    public var isRegularFile: Bool { type == .regular }

    public init(type: FileType, size: Int64, modified: FileTime, identity: FileIdentity) {
        (self.type, self.size, self.modified, self.identity) = (type, size, modified, identity)
    }

    /// The status in a C `stat`; conversions clamp or keep bit patterns, so no value from the kernel traps.
    init(_ st: stat) {
        self.init(
            type: FileType(mode: st.st_mode), size: Int64(clamping: st.st_size), modified: FileTime(st.st_mtim),
            identity: FileIdentity(
                device: UInt64(truncatingIfNeeded: st.st_dev), inode: UInt64(truncatingIfNeeded: st.st_ino)))
        permissions = UInt32(truncatingIfNeeded: st.st_mode) & 0o7777
    }
}
