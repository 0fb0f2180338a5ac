/// Which folders the library scans: `$XDG_MUSIC_DIR` from `~/.config/user-dirs.dirs` (else `~/Music`), plus the
/// folders given with `--library DIR` and `library = DIR` lines in linnetd.conf, without duplicates.
public enum LibraryFolders {
    /// The desktop's music folder: XDG_MUSIC_DIR from `userDirs` (the text of user-dirs.dirs), else `$HOME/Music`.
    /// Nil without a home, or when user-dirs.dirs sets it to `$HOME` itself (the spec's "disabled").
    public static func musicDirectory(home: String?, userDirs: String?) -> String? {
        guard let home, home.hasPrefix("/") else { return nil }
        if let text = userDirs {
            for raw in text.split(whereSeparator: \.isNewline) {
                let line = raw.drop { $0 == " " || $0 == "\t" }
                guard line.hasPrefix("XDG_MUSIC_DIR=") else { continue }
                var value = Substring(line.dropFirst("XDG_MUSIC_DIR=".count))
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                    value = value.dropFirst().dropLast()
                }
                let path: String
                if value.hasPrefix("$HOME") {
                    path = home + value.dropFirst("$HOME".count)
                } else if value.hasPrefix("/") {
                    path = String(value)
                } else {
                    continue  // relative paths are not allowed by the spec
                }
                let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
                return trimmed == home ? nil : trimmed
            }
        }
        return home + "/Music"
    }

    /// The folders to scan, in order, without duplicates: the music folder (when `musicDirectoryExists`), then the
    /// configured ones, then the command line's. Relative command-line folders are resolved against `workingDirectory`.
    public static func resolve(
        musicDirectory: String?, musicDirectoryExists: Bool, configured: [String],
        commandLine: [String], workingDirectory: String
    ) -> [String] {
        var out: [String] = []
        func add(_ path: String) {
            let absolute = FileURI.normalize(path: path.hasPrefix("/") ? path : workingDirectory + "/" + path)
            if !out.contains(absolute) { out.append(absolute) }
        }
        if let music = musicDirectory, musicDirectoryExists { add(music) }
        configured.forEach(add)
        commandLine.forEach(add)
        return out
    }
}
