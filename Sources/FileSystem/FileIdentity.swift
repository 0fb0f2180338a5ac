/// A file's identity across paths and symlinks (device, inode): the same directory reached twice is one identity.
public struct FileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64

    public init(device: UInt64, inode: UInt64) { (self.device, self.inode) = (device, inode) }
}
