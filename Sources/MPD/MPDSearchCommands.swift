import MPDProtocol

/// Finding songs: find, search, findadd, searchadd, count, searchcount, list; and on the queue playlistfind,
/// playlistsearch. `find` compares exactly, `search` folds case, accents and width (the Library interface's
/// folding); both take the old `TAG VALUE` pairs and the `(EXPR)` syntax.
@MainActor
enum MPDSearchCommands {
    static let all: [String: MPDCommand] = [
        "find": MPDCommand(.read) { c throws(MPDCommandError) in try find(&c, folds: false) },
        "search": MPDCommand(.read) { c throws(MPDCommandError) in try find(&c, folds: true) },
        "findadd": MPDCommand(.add) { c throws(MPDCommandError) in try add(&c, folds: false) },
        "searchadd": MPDCommand(.add) { c throws(MPDCommandError) in try add(&c, folds: true) },
        "count": MPDCommand(.read) { c throws(MPDCommandError) in try count(&c, folds: false) },
        "searchcount": MPDCommand(.read) { c throws(MPDCommandError) in try count(&c, folds: true) },
        "list": MPDCommand(.read) { c throws(MPDCommandError) in
            let query = try c.parse { () throws(MPDArgumentError) in try MPDListQuery.parse(c.request.arguments) }
            try MPDTagListing.write(query, &c)
        },
        "playlistfind": MPDCommand(.read) { c throws(MPDCommandError) in try findInQueue(&c, folds: false) },
        "playlistsearch": MPDCommand(.read) { c throws(MPDCommandError) in try findInQueue(&c, folds: true) }
    ]

    /// The matcher of a query's filter, with the library's folding (ASCII lower-casing without a library).
    static func makeMatcher(_ filter: MPDFilter, folds: Bool, _ c: MPDCommandContext) throws(MPDCommandError)
        -> MPDFilterMatcher
    {
        let library = c.library
        let fold: (String) -> String = library.map { lib in { lib.mpdFold($0) } } ?? { $0.lowercased() }
        return try MPDFilterMatcher(filter, foldsByDefault: folds, fold: fold)
    }

    /// The directory a filter's `base` narrows the walk to ("" for the whole library).
    static func base(of filter: MPDFilter?) -> String {
        switch filter {
        case .base(let d)?: return d
        case .and(let all)?:
            for f in all { if case .base(let d) = f { return d } }
            return ""
        default: return ""
        }
    }

    /// `find`/`search`: matching songs; streamed in path order, or (with `sort`/`window`) gathered first.
    private static func find(_ c: inout MPDCommandContext, folds: Bool) throws(MPDCommandError) {
        let query = try c.parse { () throws(MPDArgumentError) in
            try MPDSongQuery.parse(c.request.arguments, foldsCase: folds)
        }
        let matcher = try makeMatcher(query.filter, folds: folds, c)
        let tags = c.session.tagTypes
        let directory = base(of: query.filter)
        guard query.sort != nil || query.window != nil else {
            c.stream = MPDSongPages.stream(c.library, in: directory) { song, out in
                if matcher.matches(song) { MPDSongFormat.write(song, tagTypes: tags, to: &out) }
            }
            return
        }
        for song in try matches(query, matcher, directory, c) { MPDSongFormat.write(song, tagTypes: tags, to: &c.out) }
    }

    /// `findadd`/`searchadd`: the matching songs into the queue (at `position` when given).
    private static func add(_ c: inout MPDCommandContext, folds: Bool) throws(MPDCommandError) {
        let query = try c.parse { () throws(MPDArgumentError) in
            try MPDSongQuery.parse(c.request.arguments, foldsCase: folds, allowsPosition: true)
        }
        let matcher = try makeMatcher(query.filter, folds: folds, c)
        let position = try query.position.map { p throws(MPDCommandError) in
            try MPDQueueCommands.insertPosition(p, c)
        }
        let files = try matches(query, matcher, base(of: query.filter), c).map(\.file)
        guard let library = c.library, !files.isEmpty else { return }
        try library.mpdEnqueue(files: files, at: position)
    }

    /// The songs a query selects, sorted and windowed as it asks.
    static func matches(
        _ query: MPDSongQuery, _ matcher: MPDFilterMatcher, _ directory: String, _ c: MPDCommandContext
    ) throws(MPDCommandError) -> [MPDSong] {
        var found: [MPDSong] = []
        try MPDSongPages.forEach(c.library, in: directory) { song throws(MPDCommandError) in
            if matcher.matches(song) { found.append(song) }
        }
        if let sort = query.sort, case .tag(let tag) = sort.key {
            // Stable, by the first value (songs without the tag first, as MPD's empty string sorts).
            let keyed = found.enumerated().map { ($0.element.values(of: tag).first ?? "", $0.offset, $0.element) }
            found = keyed.sorted { a, b in
                a.0 == b.0 ? a.1 < b.1 : (sort.descending ? a.0 > b.0 : a.0 < b.0)
            }.map(\.2)
        } else if query.sort != nil {
            throw MPDCommandError(.argument, "sorting by modification or addition time is not supported")
        }
        if let window = query.window { found = Array(found[window.clamped(toCount: found.count)]) }
        return found
    }

    /// `count [FILTER] [group TAG]`: songs and seconds, in all or per value of the group tag.
    private static func count(_ c: inout MPDCommandContext, folds: Bool) throws(MPDCommandError) {
        let query = try c.parse { () throws(MPDArgumentError) in
            try MPDCountQuery.parse(c.request.arguments, foldsCase: folds)
        }
        let matcher = try query.filter.map { f throws(MPDCommandError) in try makeMatcher(f, folds: folds, c) }
        var totals: [String: (songs: Int, seconds: Double)] = [:]
        try MPDSongPages.forEach(c.library, in: base(of: query.filter)) { song throws(MPDCommandError) in
            guard matcher?.matches(song) ?? true else { return }
            let keys = query.group.map { song.values(of: $0).isEmpty ? [""] : song.values(of: $0) } ?? [""]
            for key in Set(keys) {
                totals[key, default: (0, 0)].songs += 1
                totals[key, default: (0, 0)].seconds += song.duration ?? 0
            }
        }
        guard let group = query.group else {
            c.out.field("songs", totals[""]?.songs ?? 0)
            c.out.field("playtime", Int((totals[""]?.seconds ?? 0).rounded()))
            return
        }
        for key in totals.keys.sorted() {
            c.out.field(group.name, key)
            c.out.field("songs", totals[key]!.songs)
            c.out.field("playtime", Int(totals[key]!.seconds.rounded()))
        }
    }

    /// `playlistfind`/`playlistsearch`: the queue's matching songs, with their positions and ids.
    private static func findInQueue(_ c: inout MPDCommandContext, folds: Bool) throws(MPDCommandError) {
        let query = try c.parse { () throws(MPDArgumentError) in
            try MPDSongQuery.parse(c.request.arguments, foldsCase: folds)
        }
        let matcher = try makeMatcher(query.filter, folds: folds, c)
        let count = c.backend.mpdQueueCount
        for start in stride(from: 0, to: count, by: MPDSongPages.pageSize) {
            for song in c.backend.mpdSongs(in: start..<min(count, start + MPDSongPages.pageSize))
            where matcher.matches(song) {
                MPDSongFormat.write(song, tagTypes: c.session.tagTypes, to: &c.out)
            }
        }
    }
}
