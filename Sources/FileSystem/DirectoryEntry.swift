/// One entry of a directory listing: its name's bytes and the type readdir reported.
public struct DirectoryEntry: Hashable, Sendable {
    /// The name, without a NUL and never `.` or `..`.
    public var name: [UInt8]
    /// `.unknown` on file systems that do not fill d_type: stat the entry to know.
    public var type: FileType

    public init(name: [UInt8], type: FileType) { (self.name, self.type) = (name, type) }
}
