/// How names sort in the library: a tag's own sort name (ARTISTSORT, TSOP) wins; otherwise a leading "The " is
/// moved behind ("The Beatles" sorts as "beatles, the"), and the key is folded like matching text.
public enum SortName {
    /// The folded key to order `name` by, preferring `sortTag` when the file has one.
    public static func key(for name: String, sortTag: String? = nil) -> String {
        if let tag = sortTag, !TextFolding.fold(tag).isEmpty { return TextFolding.fold(tag) }
        let folded = TextFolding.fold(name)
        if folded.hasPrefix("the "), folded.count > 4 {
            return String(folded.dropFirst(4)) + ", the"
        }
        return folded
    }
}

/// Whether a song belongs to a compilation: the TCMP/COMPILATION flag, or an album artist that says "Various
/// Artists" in any case or accents.
public enum CompilationRule {
    public static func isCompilation(flag: Bool?, albumArtists: [String]) -> Bool {
        if flag == true { return true }
        return albumArtists.contains { variousArtists.contains(TextFolding.fold($0)) }
    }

    static let variousArtists: Set<String> = [
        "various artists", "various", "va", "v.a.", "verschiedene interpreten",
        "artistes divers"
    ]
}

/// The title of an untagged file: its name without directory and extension.
public enum FileTitle {
    public static func title(fromPath path: String) -> String {
        let name = lastComponent(of: path)
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return String(name) }
        return String(name[..<dot])
    }

    /// The last non-empty `/`-separated component of `path` (the whole path when it has none), found from the end
    /// by bytes: a scan asks this of every file.
    public static func lastComponent(of path: String) -> Substring {
        var end = path.utf8.endIndex
        while end > path.utf8.startIndex, path.utf8[path.utf8.index(before: end)] == UInt8(ascii: "/") {
            end = path.utf8.index(before: end)
        }
        let trimmed = path[..<end]
        guard !trimmed.isEmpty else { return path[...] }
        guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return trimmed }
        return trimmed[trimmed.utf8.index(after: slash)...]
    }
}
