import Glibc
import PlayerCore

/// One picture file in the art cache directory, as the least-recently-used cleanup sees it.
struct CacheEntry {
    var name: String
    var size: Int
    var modified: timespec

    /// The cache files in `dir`: regular files named `<64 hex digits>.<ext>` (other files are left alone).
    static func list(_ dir: String) -> [CacheEntry] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var out: [CacheEntry] = []
        while let entry = readdir(d) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard isCacheName(name) else {
                removeIfStaleTemporary(dir, name)
                continue
            }
            var st = stat()
            guard stat(dir + "/" + name, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { continue }
            out.append(CacheEntry(name: name, size: Int(st.st_size), modified: st.st_mtim))
        }
        return out
    }

    /// A temporary file left by a writer that died between create and rename: removed after ten minutes (a live
    /// writer renames within milliseconds).
    static func removeIfStaleTemporary(_ dir: String, _ name: String) {
        guard name.contains(".tmp-"), isCacheName(String(name.prefix { $0 != "." }) + ".x") else { return }
        var st = stat()
        let path = dir + "/" + name
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        if stat(path, &st) == 0, now.tv_sec - st.st_mtim.tv_sec > 600 { unlink(path) }
    }

    static func isCacheName(_ name: String) -> Bool {
        let u = Array(name.utf8)
        guard u.count > 65, u[64] == UInt8(ascii: "."), !name.contains(".tmp-") else { return false }
        return u[0..<64].allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }
}
