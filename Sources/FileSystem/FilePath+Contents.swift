import Glibc

extension FilePath {
    /// The file's first `limit` bytes (all of it when shorter). Callers pass one more than they accept to tell
    /// "exactly full" from "too large".
    public func read(upTo limit: Int) throws(FileSystemError) -> [UInt8] {
        let file = try FileDescriptor.open(self, O_RDONLY)
        return try file.closeAfter { () throws(FileSystemError) -> [UInt8] in
            var out: [UInt8] = []
            let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
            defer { chunk.deallocate() }
            while out.count < limit {
                let want = min(chunk.count, limit - out.count)
                let n = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: chunk[..<want]))
                if n == 0 { break }
                out.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<n]))
            }
            return out
        }
    }

    /// Replaces the file with `bytes` atomically: they go to a new temporary file beside it
    /// (`<path>.tmp-<pid>-<random>`), which is renamed over the path, so a reader sees the old file or the new one,
    /// never half of one. `durable` adds an fsync before the rename (the new bytes survive a power cut). On failure
    /// the temporary is removed and the old file is untouched. `permissions`: the new file's mode (0600 for a file
    /// of secrets: it never exists with wider ones, not even as the temporary).
    public func writeAtomically(_ bytes: [UInt8], durable: Bool, permissions: mode_t = 0o644) throws(FileSystemError) {
        var temporaryName = self.bytes
        temporaryName += Array(".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))".utf8)
        let temporary = FilePath(bytes: temporaryName)
        let file = try FileDescriptor.open(temporary, O_WRONLY | O_CREAT | O_EXCL, permissions: permissions)
        do throws(FileSystemError) {
            do throws(FileSystemError) {
                try file.writeAll(bytes)
                if durable { try file.synchronize() }
            } catch {
                _ = Glibc.close(file.rawValue)  // the write's error is the one to report
                throw error
            }
            try file.close()
            try rename(from: temporary)
        } catch {
            _ = temporary.withCString { unlink($0) }  // best effort: the error above is what matters
            throw error
        }
    }

    /// Moves `source` over this path; the error names this path (the one the caller asked to write).
    private func rename(from source: FilePath) throws(FileSystemError) {
        let rc = source.withCString { from in withCString { Glibc.rename(from, $0) } }
        guard rc == 0 else { throw .last("rename", self) }
    }
}
