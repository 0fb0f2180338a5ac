import MPDProtocol

/// `list TAG [FILTER] [group TAG…]`: the distinct values of a tag among the matching songs, sorted; with groups,
/// each group's value line before the values under it (`AlbumArtist: X` then its `Album:` lines), as M.A.L.P.
/// and MPDroid read `list album group albumartist`. Holds the distinct combinations, not the songs.
@MainActor
enum MPDTagListing {
    static func write(_ query: MPDListQuery, _ c: inout MPDCommandContext) throws(MPDCommandError) {
        let matcher = try query.filter.map { f throws(MPDCommandError) in
            try MPDSearchCommands.makeMatcher(f, folds: false, c)
        }
        // Outermost group first (MPDListQuery keeps them outermost last).
        let groups = Array(query.groups.reversed())
        var combinations = Set<[String]>()
        try MPDSongPages.forEach(c.library, in: MPDSearchCommands.base(of: query.filter)) {
            song throws(MPDCommandError) in
            guard matcher?.matches(song) ?? true else { return }
            let values: [String]
            switch query.subject {
            case .file: values = [song.file]
            case .tag(let tag): values = song.values(of: tag).filter { !$0.isEmpty }
            }
            guard !values.isEmpty else { return }
            var prefixes: [[String]] = [[]]
            for group in groups {
                let groupValues = song.values(of: group)
                prefixes = prefixes.flatMap { p in (groupValues.isEmpty ? [""] : groupValues).map { p + [$0] } }
            }
            for p in prefixes { for v in values { combinations.insert(p + [v]) } }
        }
        var sorted = combinations.sorted { $0.lexicographicallyPrecedes($1) }
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
}
