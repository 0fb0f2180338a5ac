import MPDProtocol

/// `list TAG [FILTER] [group TAG…]`: the distinct values of a tag among the matching songs, sorted; with groups,
/// each group's value line before the values under it (`AlbumArtist: X` then its `Album:` lines), as M.A.L.P.
/// and MPDroid read `list album group albumartist`. Reads the song index; holds the distinct combinations.
@MainActor
enum MPDTagListing {
    static func write(_ query: MPDListQuery, _ c: inout MPDCommandContext) throws(MPDCommandError) {
        let index = try c.songIndex()
        let matcher = try query.filter.map { f throws(MPDCommandError) in
            try MPDSearchCommands.makeMatcher(f, over: index, folds: false, c)
        }
        // Outermost group first (MPDListQuery keeps them outermost last).
        let groups = Array(query.groups.reversed())
        let groupCodes = groups.map { index.lookup($0) }
        var sorted = combinations(
            index, songs: index.songs(in: MPDSearchCommands.base(of: query.filter)), subject: query.subject,
            groupCodes: groupCodes, matcher: matcher)
        if let window = query.window { sorted = Array(sorted[window.clamped(toCount: sorted.count)]) }
        let subjectName: String
        switch query.subject {
        case .file: subjectName = "file"
        case .tag(let tag): subjectName = tag.name
        }
        var previous: [String]?
        for combination in sorted {
            // A group line whenever it or an outer group changes.
            var changed = previous == nil
            for (level, group) in groups.enumerated() {
                if !changed, previous?[level] != combination[level] { changed = true }
                if changed { c.out.field(group.name, combination[level]) }
            }
            c.out.field(subjectName, combination[groups.count])
            previous = combination
        }
    }

    /// The distinct (outer group values…, value) combinations among `songs`, in byte order, as strings.
    /// Nonisolated: its closures run per song and per comparison, and a main-actor closure checks its executor
    /// on every call (a tenth of `list album group albumartist`'s time).
    nonisolated static func combinations(
        _ index: MPDSongIndex, songs: [Int], subject: MPDListQuery.Subject, groupCodes: [[UInt8]],
        matcher: MPDFilterMatcher?
    ) -> [[String]] {
        var combinations = Set<[UInt32]>()
        // One key reused for every song: an insert copies it only when the combination is new.
        var key = [UInt32](repeating: 0, count: groupCodes.count + 1)
        let subjectCodes: [UInt8]
        switch subject {
        case .file: subjectCodes = []
        case .tag(let tag): subjectCodes = index.lookup(tag)
        }
        for i in songs where matcher?.matches(i) ?? true {
            let values = subject == .file ? [index.fileID(i)][...] : index.values(i, subjectCodes)
            guard values.contains(where: { $0 != 0 }) else { continue }
            func insert(from level: Int) {
                guard level < groupCodes.count else {
                    for v in values where v != 0 {
                        key[level] = v
                        combinations.insert(key)
                    }
                    return
                }
                // A song without the group's tag stands under "" (id 0).
                let groupValues = index.values(i, groupCodes[level])
                for g in groupValues.isEmpty ? [0][...] : groupValues {
                    key[level] = g
                    insert(from: level + 1)
                }
            }
            insert(from: 0)
        }
        // In byte order, as MPD sorts them (ranks: integer comparisons).
        let ranks = index.ranks(), strings = index.strings
        return combinations.sorted { a, b in
            for k in a.indices where a[k] != b[k] { return ranks[Int(a[k])] < ranks[Int(b[k])] }
            return false
        }.map { $0.map { strings[Int($0)] } }
    }
}
