import Glibc
import PlayerCore

/// Cover art for `mpris:artUrl`: embedded pictures written once to a cache directory under their SHA-256, else the
/// folder's image (cover.jpg, …), else nothing.
///
/// Files are named `<sha256 hex>.<ext>`, so the same picture in many tracks (an album) is one file, and a name never
/// changes meaning. Writes are atomic (a temporary file in the same directory, then rename(2)), so a client never
/// reads half a picture; a cached file whose size is wrong (a crash mid-write on a file system that reorders) is
/// rewritten. The cache is bounded by bytes and file count; each insert removes the least recently used files
/// (by modification time, which a cache hit refreshes — access times are unreliable under relatime/noatime).
///
/// Thread safety: a value with only constant state; concurrent calls are safe because every file operation is
/// atomic on its own (create-exclusive temporary, rename, unlink of a file that may already be gone).
public struct ArtCache: Sendable {
    /// The directory holding the cached pictures.
    public let directory: String
    /// Most bytes kept (the newest picture is always kept, even if alone it is larger).
    public let maxBytes: Int
    /// Most files kept.
    public let maxFiles: Int

    public init(directory: String, maxBytes: Int = 50 << 20, maxFiles: Int = 500) {
        self.directory = directory
        self.maxBytes = maxBytes
        self.maxFiles = maxFiles
    }

    /// `$XDG_CACHE_HOME/linnet/art`, else `$HOME/.cache/linnet/art`; nil when neither variable gives an absolute path.
    public static func defaultDirectory(environment: [String: String]) -> String? {
        if let x = environment["XDG_CACHE_HOME"], x.hasPrefix("/") { return x + "/linnet/art" }
        if let h = environment["HOME"], h.hasPrefix("/") { return h + "/.cache/linnet/art" }
        return nil
    }

    /// The cache at the default directory for this process's environment.
    public static func standard() -> ArtCache? {
        var env: [String: String] = [:]
        for key in ["XDG_CACHE_HOME", "HOME"] { if let v = getenv(key) { env[key] = String(cString: v) } }
        return defaultDirectory(environment: env).map { ArtCache(directory: $0) }
    }

    /// The `mpris:artUrl` for a track: its embedded picture (cached), else its folder's image, else nil.
    /// Throws when the embedded picture cannot be cached (the caller may log it and fall back to `FolderArt`).
    public func artURL(for tags: TrackTags, trackPath: String) throws(ArtCacheError) -> String? {
        if let picture = tags.picture { return FileURI.uri(fromPath: try store(picture)) }
        return FolderArt.find(forTrack: trackPath).map(FileURI.uri(fromPath:))
    }

    /// Writes `picture` into the cache unless it is already there; returns the file's path.
    public func store(_ picture: EmbeddedPicture) throws(ArtCacheError) -> String {
        let name = SHA256.hexDigest(picture.data) + "." + Self.fileExtension(mimeType: picture.mimeType)
        let path = directory + "/" + name
        var st = stat()
        if stat(path, &st) == 0, st.st_size == picture.data.count {
            utimensat(AT_FDCWD, path, nil, 0)  // a hit makes it recently used
            return path
        }
        try makeDirectories(directory)
        try writeAtomically(picture.data, to: path)
        removeLeastRecentlyUsed(keeping: name)
        return path
    }

    /// The file extension for a picture's MIME type ("img" for unknown ones: the bytes are still served).
    public static func fileExtension(mimeType: String) -> String {
        switch mimeType.lowercased() {
        case "image/jpeg", "image/jpg", "jpg": return "jpg"
        case "image/png", "png": return "png"
        case "image/gif": return "gif"
        case "image/webp": return "webp"
        case "image/bmp": return "bmp"
        default: return "img"
        }
    }

    private func writeAtomically(_ data: [UInt8], to path: String) throws(ArtCacheError) {
        let temp = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ArtCacheError(path: temp, operation: "create", errno: errno) }
        var written = 0
        while written < data.count {
            let n = data.withUnsafeBytes { write(fd, $0.baseAddress! + written, data.count - written) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                let e = errno
                close(fd)
                unlink(temp)
                throw ArtCacheError(path: temp, operation: "write", errno: e)
            }
            written += n
        }
        close(fd)
        if rename(temp, path) != 0 {
            let e = errno
            unlink(temp)
            throw ArtCacheError(path: path, operation: "rename", errno: e)
        }
    }

    private func makeDirectories(_ dir: String) throws(ArtCacheError) {
        var prefix = ""
        for part in dir.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw ArtCacheError(path: prefix, operation: "mkdir", errno: errno)
            }
        }
    }

    /// Deletes the least recently used cached pictures until the cache is within its bounds; `keeping` (just
    /// written) is never deleted. Only files named like cache entries are touched.
    func removeLeastRecentlyUsed(keeping: String) {
        var entries = CacheEntry.list(directory)  // also removes stale temporaries
        var total = entries.reduce(0) { $0 + $1.size }
        guard total > maxBytes || entries.count > maxFiles else { return }
        entries.sort { ($0.modified.tv_sec, $0.modified.tv_nsec) < ($1.modified.tv_sec, $1.modified.tv_nsec) }
        var count = entries.count
        for entry in entries where entry.name != keeping {
            guard total > maxBytes || count > maxFiles else { break }
            if unlink(directory + "/" + entry.name) == 0 || errno == ENOENT {
                total -= entry.size
                count -= 1
            }
        }
    }
}

/// An art cache file operation that failed, with the path and the system's reason.
public struct ArtCacheError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var operation: String
    public var code: Int32

    public init(path: String, operation: String, errno code: Int32) {
        (self.path, self.operation, self.code) = (path, operation, code)
    }

    public var description: String { "art cache: \(operation) \(path): \(String(cString: strerror(code)))" }
}
