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

    /// The matcher of a query's filter over `index`, with the library's folding (ASCII lower-casing without a
    /// library).
    static func makeMatcher(
        _ filter: MPDFilter, over index: MPDSongIndex, folds: Bool, _ c: MPDCommandContext
    ) throws(MPDCommandError) -> MPDFilterMatcher {
        let library = c.library
        let fold: (String) -> [UInt8] = library.map { lib in { lib.mpdFold($0) } } ?? { Array($0.lowercased().utf8) }
        return try MPDFilterMatcher(filter, over: index, foldsByDefault: folds, fold: fold)
    }

    /// The directory a filter's `base` narrows the walk to ("" for the whole library).
    nonisolated static func base(of filter: MPDFilter?) -> String {
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
        let index = try c.songIndex()
        let matcher = try makeMatcher(query.filter, over: index, folds: folds, c)
        guard query.sort != nil || query.window != nil else {
            // Matched a page at a time, as the reply is written.
            c.stream = MPDSongPages.stream(
                index.songs(in: base(of: query.filter)),
                write: MPDSongLines.songs(index, tagTypes: c.session.tagTypes, passing: matcher))
            return
        }
        let write = MPDSongLines.songs(index, tagTypes: c.session.tagTypes)
        for i in try matches(query, matcher, index) { write(i, &c.out) }
    }

    /// `findadd`/`searchadd`: the matching songs into the queue (at `position` when given).
    private static func add(_ c: inout MPDCommandContext, folds: Bool) throws(MPDCommandError) {
        let query = try c.parse { () throws(MPDArgumentError) in
            try MPDSongQuery.parse(c.request.arguments, foldsCase: folds, allowsPosition: true)
        }
        let position = try query.position.map { p throws(MPDCommandError) in
            try MPDQueueCommands.insertPosition(p, c)
        }
        let files = try matchingFiles(query, folds: folds, c)
        guard let library = c.library, !files.isEmpty else { return }
        try library.mpdEnqueue(files: files, at: position)
    }

    /// The files of the library songs a query selects, sorted and windowed as it asks.
    static func matchingFiles(_ query: MPDSongQuery, folds: Bool, _ c: MPDCommandContext) throws(MPDCommandError)
        -> [String]
    {
        let index = try c.songIndex()
        let matcher = try makeMatcher(query.filter, over: index, folds: folds, c)
        return try matches(query, matcher, index).map(index.file)
    }

    /// The songs (positions in `index`) a query selects, sorted and windowed as it asks.
    nonisolated static func matches(_ query: MPDSongQuery, _ matcher: MPDFilterMatcher, _ index: MPDSongIndex)
        throws(MPDCommandError) -> [Int]
    {
        var found = index.songs(in: base(of: query.filter)).filter(matcher.matches)
        let descending = query.sort?.descending ?? false
        switch query.sort?.key {
        case nil: break
        case .tag(let tag)?:
            // By the first value (songs without the tag first, as MPD's empty string sorts).
            let codes = index.lookup(tag)
            let first = { (i: Int) in index.strings[Int(index.values(i, codes).first ?? 0)] }
            if tag == .track || tag == .disc {
                // As numbers, as MPD sorts them ("10" after "9"); no number first.
                found = stablySorted(found, descending: descending) { leadingNumber(first($0)) }
            } else {
                found = stablySorted(found, descending: descending, by: first)
            }
        case .lastModified?:
            // Oldest first (unknown times first); descending newest first, as "recently changed" lists.
            found = stablySorted(found, descending: descending) { index.lastModified($0) ?? .min }
        case .added?:
            throw MPDCommandError(.argument, "sorting by addition time is not supported")
        }
        if let window = query.window { found = Array(found[window.clamped(toCount: found.count)]) }
        return found
    }

    /// `count [FILTER] [group TAG]`: songs and seconds, in all or per value of the group tag.
    private static func count(_ c: inout MPDCommandContext, folds: Bool) throws(MPDCommandError) {
        let query = try c.parse { () throws(MPDArgumentError) in
            try MPDCountQuery.parse(c.request.arguments, foldsCase: folds)
        }
        let index = try c.songIndex()
        let matcher = try query.filter.map { f throws(MPDCommandError) in
            try makeMatcher(f, over: index, folds: folds, c)
        }
        let totalsByID = totals(
            index, songs: index.songs(in: base(of: query.filter)), group: query.group.map { index.lookup($0) },
            matcher: matcher)
        guard let group = query.group else {
            c.out.field("songs", totalsByID[0]?.songs ?? 0)
            c.out.field("playtime", wholeSeconds(totalsByID[0]?.seconds ?? 0))
            return
        }
        // In byte order of the values, as `list` sorts.
        let ranks = index.ranks()
        for (id, total) in totalsByID.sorted(by: { ranks[Int($0.key)] < ranks[Int($1.key)] }) {
            c.out.field(group.name, index.strings[Int(id)])
            c.out.field("songs", total.songs)
            c.out.field("playtime", wholeSeconds(total.seconds))
        }
    }

    /// `songs` sorted by `key`, descending when asked; songs with equal keys keep their order.
    nonisolated static func stablySorted<Key: Comparable>(
        _ songs: [Int], descending: Bool, by key: (Int) -> Key
    ) -> [Int] {
        let keyed: [(key: Key, offset: Int, song: Int)] = songs.enumerated().map {
            (key($0.element), $0.offset, $0.element)
        }
        let sorted = keyed.sorted { (a, b) -> Bool in
            if a.key == b.key { return a.offset < b.offset }
            return descending ? a.key > b.key : a.key < b.key
        }
        return sorted.map(\.song)
    }

    /// A total of seconds as MPD prints it: the whole seconds, rounded down (never trapping).
    nonisolated static func wholeSeconds(_ seconds: Double) -> Int { Int(exactly: seconds.rounded(.down)) ?? 0 }

    /// The number a tag value starts with ("3/12" → 3), -1 for none; digits past Int's range count as its max.
    nonisolated static func leadingNumber(_ text: String) -> Int {
        var n = -1
        for byte in text.utf8 {
            guard byte >= 0x30, byte <= 0x39 else { break }
            let (times, o1) = max(n, 0).multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int(byte - 0x30))
            n = o1 || o2 ? Int.max : sum
        }
        return n
    }

    /// Songs and seconds per group value's string id (all under "", id 0, without a group). Nonisolated: its
    /// closures run per song.
    nonisolated static func totals(
        _ index: MPDSongIndex, songs: [Int], group: [UInt8]?, matcher: MPDFilterMatcher?
    ) -> [UInt32: (songs: Int, seconds: Double)] {
        var totals: [UInt32: (songs: Int, seconds: Double)] = [:]
        for i in songs where matcher?.matches(i) ?? true {
            // A song counts once per distinct value of the group tag; without one, under "" (id 0).
            let keys = group.map { Set(index.values(i, $0)) } ?? []
            for key in keys.isEmpty ? [0] : keys {
                totals[key, default: (0, 0)].songs += 1
                totals[key, default: (0, 0)].seconds += index.duration(i) ?? 0
            }
        }
        return totals
    }

    /// `playlistfind`/`playlistsearch`: the queue's matching songs, with their positions and ids.
    private static func findInQueue(_ c: inout MPDCommandContext, folds: Bool) throws(MPDCommandError) {
        let query = try c.parse { () throws(MPDArgumentError) in
            try MPDSongQuery.parse(c.request.arguments, foldsCase: folds)
        }
        // The queue's songs in an index of their own: the same matcher as the library's.
        var queue: [MPDSong] = []
        let count = c.backend.mpdQueueCount
        for start in stride(from: 0, to: count, by: MPDSongPages.pageSize) {
            queue += c.backend.mpdSongs(in: start..<min(count, start + MPDSongPages.pageSize))
        }
        var index = MPDSongIndex(queue)
        index.finish()
        let matcher = try makeMatcher(query.filter, over: index, folds: folds, c)
        for (i, song) in queue.enumerated() where matcher.matches(i) {
            MPDSongFormat.write(song, tagTypes: c.session.tagTypes, to: &c.out)
        }
    }
}
