import FileSystem
import PlayerCore

/// One picture file in the art cache directory, as the least-recently-used cleanup sees it.
struct CacheEntry {
    var name: String
    var size: Int
    var modified: FileTime

    /// The cache files in `dir`: regular files named `<64 hex digits>.<ext>` (other files are left alone). A
    /// directory that cannot be listed has nothing to clean up.
    static func list(_ dir: String) -> [CacheEntry] {
        let directory = FilePath(dir)
        guard let entries = try? directory.entries() else { return [] }
        var out: [CacheEntry] = []
        for entry in entries {
            let name = BytePath.string(entry.name)
            let path = directory.appending(entry.name)
            guard isCacheName(name) else {
                removeIfStaleTemporary(path, name)
                continue
            }
            // Vanished since the listing, or not a plain file: not a cache entry.
            guard let st = try? path.status(), st.isRegularFile else { continue }
            out.append(CacheEntry(name: name, size: Int(clamping: st.size), modified: st.modified))
        }
        return out
    }

    /// A temporary file left by a writer that died between create and rename: removed after ten minutes (a live
    /// writer renames within milliseconds). Best effort: one still there is tried again on the next insert.
    static func removeIfStaleTemporary(_ path: FilePath, _ name: String) {
        guard name.contains(".tmp-"), isCacheName(String(name.prefix { $0 != "." }) + ".x") else { return }
        if let st = try? path.status(), st.modified.seconds < FileTime.now().seconds - 600 { try? path.remove() }
    }

    static func isCacheName(_ name: String) -> Bool {
        let u = Array(name.utf8)
        guard u.count > 65, u[64] == UInt8(ascii: "."), !name.contains(".tmp-") else { return false }
        return u[0..<64].allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }
}
