/// `linnet playlist …`: the user's playlists in the library (positions are 1-based as `show` prints them). A
/// playlist is named by its id (as `list` shows it), a file playlist's path, or its name.
public enum PlaylistRequest: Sendable, Equatable {
    case list(json: Bool)
    case show(name: String, json: Bool)
    case create(name: String)
    case rename(name: String, newName: String)
    /// Move the entry at `from` to `to` (both 1-based).
    case move(name: String, from: Int, to: Int)
    case add(name: String, filter: LibraryFilterOptions)
    /// Append http(s) stream URLs.
    case addStreams(name: String, urls: [String])
    case remove(name: String, position: Int)
    case delete(name: String)
    /// Write it as M3U8 to an absolute path.
    case export(name: String, path: String)
}

extension CommandTable {
    static let playlist = CommandSpec(
        "playlist", "list|show|create|rename|add|remove|move|delete|export ...", "List or edit the library's playlists",
        """
        list: every playlist with its id, its songs and streams (yours, the files in the library folders with
          their path, Recently Added and Most Played while they have songs). show NAME: its songs and
          streams, numbered from 1.
        create NAME; rename NAME NEW; add NAME [--artist X] [--album X] [--genre X] [--composer X] [--year N]
          [--text X]: append the matching songs (none matching is an error); add NAME URL...: append http(s)
          streams (radio stations, remote files); remove NAME N; move NAME FROM TO; delete NAME;
          export NAME FILE: write it as M3U8.
        NAME is a playlist's id (as list shows it), a playlist file's path, or its name (matched ignoring case
        and accents). Names are unique among yours; Recently Added and Most Played are taken.
        --json with list and show prints one JSON object per row.
        """
    ) { (r, context) throws(UsageError) in
        let (filter, json, ops) = try parseFilter(r, r.args)
        guard let sub = ops.first else {
            throw r.fail("needs list, show, create, rename, add, remove, move, delete or export")
        }
        let rest = ArgumentReader(command: "playlist", args: Array(ops.dropFirst()))
        func noFilter() throws(UsageError) {
            if filter != LibraryFilterOptions() { throw r.fail("\(sub) takes no filter options") }
        }
        func noJSON() throws(UsageError) { if json { throw r.fail("--json applies to list and show only") } }
        switch sub {
        case "list":
            try noFilter()
            _ = try rest.operands(0...0)
            return .playlist(.list(json: json))
        case "show":
            try noFilter()
            return .playlist(.show(name: try rest.operands(1...1)[0], json: json))
        case "create":
            try noFilter(); try noJSON()
            return .playlist(.create(name: try rest.operands(1...1)[0]))
        case "rename":
            try noFilter(); try noJSON()
            let args = try rest.operands(2...2)
            return .playlist(.rename(name: args[0], newName: args[1]))
        case "move":
            try noFilter(); try noJSON()
            let args = try rest.operands(3...3)
            return .playlist(
                .move(
                    name: args[0], from: try rest.index(args[1], of: "entry"), to: try rest.index(args[2], of: "entry"))
            )
        case "add":
            try noJSON()
            let args = try rest.operands(1...Int.max)
            if args.count > 1 {
                try noFilter()
                let urls = Array(args.dropFirst())
                if let bad = urls.first(where: { !isStreamURL($0) }) {
                    throw r.fail("'\(bad)' is not an http:// or https:// URL (songs are added with a filter)")
                }
                return .playlist(.addStreams(name: args[0], urls: urls))
            }
            if filter == LibraryFilterOptions() {
                throw r.fail("add needs a filter (--artist, --album, …) or stream URLs")
            }
            return .playlist(.add(name: args[0], filter: filter))
        case "remove":
            try noFilter(); try noJSON()
            let args = try rest.operands(2...2)
            return .playlist(.remove(name: args[0], position: try rest.index(args[1], of: "entry")))
        case "delete":
            try noFilter(); try noJSON()
            return .playlist(.delete(name: try rest.operands(1...1)[0]))
        case "export":
            try noFilter(); try noJSON()
            let args = try rest.operands(2...2)
            let path = args[1].hasPrefix("/") ? args[1] : context.workingDirectory + "/" + args[1]
            return .playlist(.export(name: args[0], path: path))
        default:
            throw r.fail(
                "unknown playlist command '\(sub)' (list, show, create, rename, add, remove, move, delete, export)")
        }
    }
}

/// True for an http(s) URL (what a playlist accepts besides library songs).
func isStreamURL(_ text: String) -> Bool {
    let lower = text.lowercased()
    let rest = lower.hasPrefix("http://") ? lower.dropFirst(7) : lower.hasPrefix("https://") ? lower.dropFirst(8) : ""
    return !rest.isEmpty
}
