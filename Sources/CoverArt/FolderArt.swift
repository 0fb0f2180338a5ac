import FileSystem

/// Finds the picture a folder of music carries beside the tracks (cover.jpg, Folder.png, …).
///
/// Preference: the base name first — cover, folder, front, albumart — then the extension — jpg, jpeg, png —
/// both case-insensitive; among names equal but for case (possible on a case-sensitive file system), the
/// byte-wise smallest, so the choice is the same on every run.
public enum FolderArt {
    static let baseNames = ["cover", "folder", "front", "albumart"]
    static let extensions = ["jpg", "jpeg", "png"]

    /// The preferred image among file names in one folder, nil when none qualifies. Pure.
    public static func choose(among names: [String]) -> String? {
        var best: (rank: Int, name: String)?
        for name in names {
            guard let dot = name.lastIndex(of: ".") else { continue }
            let base = name[..<dot].lowercased(), ext = name[name.index(after: dot)...].lowercased()
            guard let b = baseNames.firstIndex(of: base), let e = extensions.firstIndex(of: ext) else { continue }
            let rank = b * extensions.count + e
            if let b = best, rank > b.rank || (rank == b.rank && !name.utf8.lexicographicallyPrecedes(b.name.utf8)) {
                continue
            }
            best = (rank, name)
        }
        return best?.name
    }

    /// The folder image for the track at `trackPath` (a path in its directory), nil when there is none. Only
    /// non-empty regular files (or links to them) count.
    public static func find(forTrack trackPath: String) -> String? {
        let dir = directory(of: trackPath)
        var names = listNames(dir)
        while let name = choose(among: names) {
            let path = dir == "/" ? "/" + name : dir + "/" + name
            // A candidate that vanished or cannot be stat'ed is passed over like a non-file.
            if let st = try? FilePath(path).status(), st.isRegularFile, st.size > 0 { return path }
            names.removeAll { $0 == name }
        }
        return nil
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The names in `dir` that look like images (so a folder of 10,000 tracks does not become 10,000 strings).
    /// `dir` and the names are `BytePath` strings: a folder whose name is not UTF-8 is opened by its real bytes.
    /// A folder that cannot be listed offers no art.
    static func listNames(_ dir: String) -> [String] {
        guard let entries = try? FilePath(dir).entries() else { return [] }
        return entries.compactMap { hasImageExtension($0.name) ? BytePath.string($0.name) : nil }
    }

    /// Whether a name ends in .jpg, .jpeg or .png, in any case (compared as ASCII bytes).
    static func hasImageExtension(_ name: [UInt8]) -> Bool {
        let lower = name.suffix(5).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        return [".jpg", ".jpeg", ".png"].contains { lower.suffix($0.utf8.count).elementsEqual($0.utf8) }
    }
}
