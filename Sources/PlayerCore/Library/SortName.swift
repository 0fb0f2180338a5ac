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

    static let variousArtists: Set<String> = ["various artists", "various", "va", "v.a.", "verschiedene interpreten",
                                              "artistes divers"]
}

/// The title of an untagged file: its name without directory and extension.
public enum FileTitle {
    public static func title(fromPath path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
