import Glibc

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
            guard isCacheName(name) else { continue }
            var st = stat()
            guard stat(dir + "/" + name, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { continue }
            out.append(CacheEntry(name: name, size: Int(st.st_size), modified: st.st_mtim))
        }
        return out
    }

    static func isCacheName(_ name: String) -> Bool {
        let u = Array(name.utf8)
        guard u.count > 65, u[64] == UInt8(ascii: "."), !name.contains(".tmp-") else { return false }
        return u[0..<64].allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }
}
