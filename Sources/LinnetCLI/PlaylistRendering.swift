import PlayerCore

/// How `linnet playlist list` prints a playlist row of the Library interface's `ListPlaylists`:
/// `ID  NAME  COUNTS`, then `(file PATH)` for a playlist file or `(automatic)`, so that two files of one name
/// (`mix.m3u8`, `mix.pls`) are told apart and either can be named by id or path.
public enum PlaylistRendering {
    /// The id a person types: the last component of the row's object path (`4`, `recent`).
    public static func shortID(_ row: [String: LibraryRendering.RowValue]) -> String {
        guard let id = row["id"]?.text else { return "?" }
        return id.split(separator: "/").last.map(String.init) ?? id
    }

    public static func line(_ row: [String: LibraryRendering.RowValue]) -> String {
        let songs = Int(clamping: row["songs"]?.number ?? 0), streams = Int(clamping: row["streams"]?.number ?? 0)
        var text =
            "\(shortID(row))  \(row["name"]?.text ?? "?")  \(PlaylistInfo.countsText(songs: songs, streams: streams))"
        switch row["kind"]?.text {
        case "file": text += "  (file \(row["path"]?.text ?? "?"))"
        case "recent", "mostplayed": text += "  (automatic)"
        default: break
        }
        return text
    }
}
