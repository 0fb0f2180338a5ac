import FileSystem

/// Reads a playlist file from disk and parses it with the parser its extension names.
public enum PlaylistReader {
    /// Playlists larger than this are refused (a playlist of ~100k entries is well under it).
    public static let maxBytes = 16 << 20

    /// Extensions this reader understands.
    public static let extensions: Set<String> = ["m3u", "m3u8", "pls"]

    /// Reads and parses `path` (absolute); relative entries resolve against the playlist's directory.
    public static func read(path: String) throws(PlaylistError) -> PlaylistParseResult {
        let ext = FileKind.pathExtension(path)
        guard extensions.contains(ext) else { throw PlaylistError(.unknownExtension, path: path) }
        // PlaylistError's kind is what callers show; the errno behind `.unreadable` is not part of it.
        guard let status = try? FilePath(path).status(), status.isRegularFile else {
            throw PlaylistError(.unreadable, path: path)
        }
        let size = Int(clamping: status.size)
        guard size <= maxBytes else { throw PlaylistError(.tooLarge(bytes: size), path: path) }
        guard let bytes = try? FilePath(path).read(upTo: maxBytes + 1) else {
            throw PlaylistError(.unreadable, path: path)
        }
        guard bytes.count <= maxBytes else { throw PlaylistError(.tooLarge(bytes: bytes.count), path: path) }
        return try parse(bytes, extension: ext, path: path)
    }

    /// Parses playlist bytes that came from `path` (used for the base directory and error context).
    public static func parse(_ bytes: [UInt8], extension ext: String, path: String) throws(PlaylistError)
        -> PlaylistParseResult
    {
        guard !bytes.contains(0) || bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) else {
            throw PlaylistError(.notText, path: path)
        }
        let base = FileKind.directory(of: path)
        switch ext.lowercased() {
        case "pls": return try PLSParser.parse(text: PlaylistText.decode(bytes), baseDirectory: base, path: path)
        case "m3u", "m3u8": return M3UParser.parse(bytes, baseDirectory: base)
        default: throw PlaylistError(.unknownExtension, path: path)
        }
    }
}

/// Path helpers shared by the playlist code (lexical, no file system access).
enum FileKind {
    /// The lowercased extension of the last component ("" when none; a leading dot alone is not one).
    static func pathExtension(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// The directory part of an absolute path ("/" for a top-level file).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
