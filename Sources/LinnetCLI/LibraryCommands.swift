import PlayerCore

/// Filters given to `linnet library …` and `linnet search` (`--artist X`, `--year N`, …): the library's own
/// query filter, so the CLI and the daemon name the same keys.
public typealias LibraryFilterOptions = LibraryQuery.Filter

extension LibraryQuery.Filter {
    /// The filter as the Library interface's `a{sv}` keys, in a stable order.
    public var pairs: [(key: String, text: String?, number: Int?)] {
        var out: [(key: String, text: String?, number: Int?)] = []
        if let v = artist { out.append(("artist", v, nil)) }
        if let v = album { out.append(("album", v, nil)) }
        if let v = albumArtist { out.append(("albumartist", v, nil)) }
        if let v = genre { out.append(("genre", v, nil)) }
        if let v = composer { out.append(("composer", v, nil)) }
        if let v = year { out.append(("year", nil, v)) }
        if let v = playlist { out.append(("playlist", v, nil)) }
        if let v = text { out.append(("text", v, nil)) }
        return out
    }
}

/// `linnet library …`, `linnet search TEXT`.
public enum LibraryRequest: Sendable, Equatable {
    /// Print the rows of `kind` (songs, albums, artists, …).
    case list(kind: String, filter: LibraryFilterOptions, json: Bool)
    /// Put the songs the filter selects into the queue: mode replace (play), append (add) or next.
    case enqueue(mode: String, filter: LibraryFilterOptions)
    /// Scan the library folders again, with progress.
    case rescan
}

extension CommandTable {
    static let listKinds = ["songs", "albums", "artists", "albumartists", "genres", "composers", "playlists"]

    static let library = CommandSpec(
        "library", "KIND|play|add|next|rescan [--artist X] [--album X] [--year N] ... [--json]",
        "Browse the media library, or queue from it",
        """
        KIND is songs, albums, artists, albumartists, genres, composers or playlists: print those rows
        (songs as 'Title — Artist · Album  m:ss', groups with their number of songs), narrowed by the filters.
        Matching ignores case, accents and width (--artist bjork finds Björk). A value that names nothing
        is said on stderr with the closest names (--artist sigur: did you mean 'Sigur Rós'?); play, add
        and next then exit 1. --playlist takes a playlist's id, a playlist file's path or a name.
        play: replace the queue with the matching songs and play; add: append them; next: play them next.
        rescan: scan the library folders again, with a progress line on a terminal.
          --artist X --album X --albumartist X --genre X --composer X --year N --playlist X --text X
          --json   print one JSON object per row
        Example: linnet library albums --artist 'the cure' --year 1989
        """
    ) { (r, _) throws(UsageError) in
        let args = r.args
        guard let sub = args.first, !ArgumentReader.isOption(sub) else {
            throw r.fail("needs a kind (\(listKinds.joined(separator: ", "))) or play, add, next, rescan")
        }
        let (filter, json, rest) = try parseFilter(r, Array(args.dropFirst()))
        guard rest.isEmpty else { throw r.fail("unexpected argument '\(rest[0])'") }
        switch sub {
        case "play", "add", "next":
            if json { throw r.fail("--json applies to listing only") }
            return .library(
                .enqueue(mode: sub == "play" ? "replace" : sub == "add" ? "append" : "next", filter: filter))
        case "rescan":
            if json || filter != LibraryFilterOptions() { throw r.fail("rescan takes no options") }
            return .library(.rescan)
        default:
            guard listKinds.contains(sub) else {
                throw r.fail("unknown kind '\(sub)' (\(listKinds.joined(separator: ", ")), play, add, next, rescan)")
            }
            return .library(.list(kind: sub, filter: filter, json: json))
        }
    }

    static let search = CommandSpec(
        "search", "TEXT [--json]", "Find songs by title, artist or album",
        "Print the songs whose title, artists or album contain TEXT, ignoring case, accents and width.\n"
            + "Example: linnet search 'sigur ros'"
    ) { (r, _) throws(UsageError) in
        let (filter, json, rest) = try parseFilter(r, r.args)
        guard filter == LibraryFilterOptions() else { throw r.fail("takes TEXT and --json only") }
        guard !rest.isEmpty else { throw r.fail("needs the TEXT to find") }
        var f = LibraryFilterOptions()
        f.text = rest.joined(separator: " ")
        return .library(.list(kind: "songs", filter: f, json: json))
    }

    /// Reads the filter options and `--json`; returns what is left.
    static func parseFilter(_ r: ArgumentReader, _ args: [String]) throws(UsageError)
        -> (LibraryFilterOptions, Bool, [String])
    {
        var filter = LibraryFilterOptions()
        var json = false
        var rest: [String] = []
        var i = 0
        while i < args.count {
            let a = args[i]
            i += 1
            if a == "--json" { json = true; continue }
            guard ArgumentReader.isOption(a) else { rest.append(a); continue }
            guard i < args.count else { throw r.fail("\(a) needs a value") }
            let value = args[i]
            i += 1
            switch a {
            case "--artist": filter.artist = value
            case "--album": filter.album = value
            case "--albumartist": filter.albumArtist = value
            case "--genre": filter.genre = value
            case "--composer": filter.composer = value
            case "--playlist": filter.playlist = value
            case "--text": filter.text = value
            case "--year":
                guard let y = Int(value) else { throw r.fail("--year needs a number, not '\(value)'") }
                filter.year = y
            default: throw r.fail("unknown option '\(a)'")
            }
        }
        return (filter, json, rest)
    }
}

/// How library rows print.
public enum LibraryRendering {
    /// One line for a row given as its `a{sv}` entries (already unwrapped).
    public static func line(kind: String, _ row: [String: RowValue]) -> String {
        if kind == "songs" {
            var text = row["xesam:title"]?.text ?? "?"
            if let artists = row["xesam:artist"]?.list, !artists.isEmpty {
                text += " — " + artists.joined(separator: ", ")
            }
            if let album = row["xesam:album"]?.text { text += " · " + album }
            if let us = row["mpris:length"]?.number { text += "  " + TimeFormatting.clock(microseconds: us) }
            return text
        }
        var text = row["name"]?.text ?? "?"
        if let aa = row["albumartist"]?.text, !aa.isEmpty { text += " — " + aa }
        if let y = row["year"]?.number { text += " (\(y))" }
        if let n = row["songs"]?.number { text += "  \(n) song" + (n == 1 ? "" : "s") }
        return text
    }

    /// A filter value that matched nothing, as the daemon's `CheckFilter` gives it ("no artist 'sigur'; did you
    /// mean 'Sigur Rós'?"), worded as the daemon words the same miss in Enqueue's and AddToPlaylist's errors.
    public static func miss(key: String, value: String, suggestions: [String]) -> String {
        FilterMiss(key: key, value: value, suggestions: suggestions).description
    }

    /// A row as a JSON object (keys sorted).
    public static func json(_ row: [String: RowValue]) -> JSONValue {
        .object(
            row.keys.sorted().map { key in
                switch row[key]! {
                case .text(let s): return (key, .string(s))
                case .number(let n): return (key, .integer(n))
                case .flag(let b): return (key, .bool(b))
                case .list(let l): return (key, .array(l.map { .string($0) }))
                }
            })
    }

    /// A row value in the client's terms.
    public enum RowValue: Sendable, Equatable {
        case text(String)
        case number(Int64)
        case flag(Bool)
        case list([String])

        var text: String? { if case .text(let s) = self { s } else { nil } }
        var number: Int64? { if case .number(let n) = self { n } else { nil } }
        var list: [String]? { if case .list(let l) = self { l } else { nil } }
    }
}
