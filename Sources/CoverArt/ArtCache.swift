import FileSystem
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
        // BytePath: a home directory whose name is not UTF-8 is kept exactly.
        for key in ["XDG_CACHE_HOME", "HOME"] { if let v = getenv(key) { env[key] = BytePath.string(cString: v) } }
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
        let file = FilePath(path)
        if let st = try? file.status(), st.size == Int64(picture.data.count) {
            // A hit makes it recently used; one that cannot be touched is still a hit (it may just go sooner).
            try? file.touch()
            return path
        }
        do {
            try FilePath(directory).createDirectories()
            try file.writeAtomically(picture.data, durable: false)
        } catch {
            throw ArtCacheError(cause: error)
        }
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

    /// Deletes the least recently used cached pictures until the cache is within its bounds; `keeping` (just
    /// written) is never deleted. Only files named like cache entries are touched.
    func removeLeastRecentlyUsed(keeping: String) {
        var entries = CacheEntry.list(directory)  // also removes stale temporaries
        var total = entries.reduce(0) { $0 + $1.size }
        guard total > maxBytes || entries.count > maxFiles else { return }
        entries.sort { $0.modified < $1.modified }
        var count = entries.count
        for entry in entries where entry.name != keeping {
            guard total > maxBytes || count > maxFiles else { break }
            // Gone already (another writer's cleanup) counts as removed; a file that cannot be removed stays
            // counted, and the next insert tries again.
            let removed: Bool
            do {
                try FilePath(directory + "/" + entry.name).remove()
                removed = true
            } catch {
                removed = error.errno == ENOENT
            }
            guard removed else { continue }
            total -= entry.size
            count -= 1
        }
    }
}

/// The art cache could not store a picture: the file-system call that failed (operation, path, errno).
public struct ArtCacheError: Error, Sendable, CustomStringConvertible {
    public var cause: FileSystemError

    public init(cause: FileSystemError) { self.cause = cause }

    public var description: String { "art cache: \(cause)" }
}
