import Glibc

extension FilePath {
    /// The entries of the directory (without `.` and `..`, in the order readdir gives).
    public func entries() throws(FileSystemError) -> [DirectoryEntry] {
        guard let directory = withCString({ opendir($0) }) else { throw .last("opendir", self) }
        defer { closedir(directory) }
        var out: [DirectoryEntry] = []
        while true {
            // readdir returns nil both at the end and on failure; only errno tells them apart.
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw .last("readdir", self) }
                return out
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            out.append(DirectoryEntry(name: name, type: FileType(directoryEntryType: entry.pointee.d_type)))
        }
    }

    /// `mkdir -p`: creates the directory and its missing parents (mode 0755); succeeds when it already exists.
    /// The error names the first component that could not be made, or the path when it is not a directory.
    public func createDirectories() throws(FileSystemError) {
        let slash = UInt8(ascii: "/")
        var prefix: [UInt8] = bytes.first == slash ? [] : [UInt8(ascii: ".")]
        for component in bytes.split(separator: slash, omittingEmptySubsequences: true) {
            prefix.append(slash)
            prefix += component
            let directory = FilePath(bytes: prefix)
            if directory.withCString({ mkdir($0, 0o755) }) != 0, errno != EEXIST { throw .last("mkdir", directory) }
        }
        guard try status().isDirectory else { throw FileSystemError("mkdir", path: self, errno: ENOTDIR) }
    }
}
