import FileSystem

/// Finds and reads the `.lrc` file beside a track (same base name: `/m/01 Song.flac` → `/m/01 Song.lrc`).
public enum LyricsFile {
    /// Lyrics files larger than this are not read (see `LRCParser.maxBytes`).
    public static let maxBytes = LRCParser.maxBytes

    /// The paths tried, in order: `.lrc`, then `.LRC` and `.Lrc` (files copied from Windows keep their case).
    public static func candidates(forTrackAt path: String) -> [String] {
        let slash = path.lastIndex(of: "/")
        let nameStart = slash.map { path.index(after: $0) } ?? path.startIndex
        let name = path[nameStart...]
        let base: Substring
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { base = path[..<dot] } else { base = path[...] }
        return ["lrc", "LRC", "Lrc"].map { base + "." + $0 }
    }

    /// The parsed lyrics beside the track, or nil when there is no such file (or it cannot be read).
    /// The first existing candidate wins.
    public static func load(forTrackAt path: String) -> (path: String, lyrics: Lyrics)? {
        for candidate in candidates(forTrackAt: path) {
            let file = FilePath(candidate)
            guard let status = try? file.status(), status.isRegularFile else { continue }
            guard let bytes = try? file.read(upTo: maxBytes + 1) else { continue }
            return (candidate, LRCParser.parse(bytes))
        }
        return nil
    }
}
