/// Who is at the other end of a Unix socket (SO_PEERCRED: the process that connected, as of connect(2)).
public struct PeerCredentials: Hashable, Sendable {
    public var pid: Int32
    public var uid: UInt32
    public var gid: UInt32

    public init(pid: Int32, uid: UInt32, gid: UInt32) { (self.pid, self.uid, self.gid) = (pid, uid, gid) }
}
