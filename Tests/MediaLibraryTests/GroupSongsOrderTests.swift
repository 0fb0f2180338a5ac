import PlayerCore
import Testing
import TestSupport
@testable import MediaLibrary

/// `LibraryService.songs` for a group kind (what Library.Enqueue and AddToPlaylist queue): the groups in the
/// query's own order, then album/disc/track inside each group, each song once in its first group — checked
/// against the generated tree, whose answers are computed here from the generator's list.
@Suite(.serialized) struct GroupSongsOrderTests {
    typealias Song = LibraryTree.Song

    /// An album's sort key as the library keeps it: album artist (else the artist most tracks share), then the
    /// album's name.
    static func albumSort(_ song: Song) -> String {
        SortName.key(for: song.albumOwner) + "\u{1F}" + TextFolding.fold(song.album)
    }

    /// The rule, over the generator's songs: `groups` lists each group's key and songs in the query's order.
    static func expected(_ groups: [(key: String, songs: [Song])]) -> [String] {
        var seen: Set<String> = [], out: [String] = []
        for group in groups {
            let inGroup = group.songs.sorted { (albumSort($0), $0.track) < (albumSort($1), $1.track) }
            for song in inGroup where seen.insert(song.relativePath).inserted { out.append(song.title) }
        }
        return out
    }

    static func titles(
        _ f: LibraryScanTests.Fixture, _ kind: LibraryQuery.Kind, _ filter: LibraryQuery.Filter = .init(),
        _ order: LibraryQuery.Order
    ) throws -> [String] {
        try f.queue.sync { try f.service.songs(LibraryQuery(kind: kind, filter: filter, order: order)) }.map(\.title)
    }

    @Test func groupKindsQueueInTheirRequestedOrder() throws {
        // 61 albums: years wrap after 60, so album 60 (5 songs, "Artist 00031") shares 1960 with album 0 (10
        // songs, "Björk"); compilations at 24 and 49.
        let f = try LibraryScanTests.Fixture(count: 605)
        try f.start()
        try f.scanAndWait()
        let tree = f.tree
        let albums = Dictionary(grouping: tree.songs, by: \.album)

        // Albums by year, then sort name: the songs of 1960's two albums first (album 60, then album 0).
        let byYear = albums.sorted { a, b in
            (a.value[0].year, Self.albumSort(a.value[0])) < (b.value[0].year, Self.albumSort(b.value[0]))
        }
        let yearTitles = try Self.titles(f, .albums, .init(), .year)
        #expect(yearTitles == Self.expected(byYear.map { ($0.key, $0.value) }))
        #expect(yearTitles.count == 605)
        #expect(Array(yearTitles.prefix(6)) == tree.songs[600..<605].map(\.title) + [tree.songs[0].title])

        // The groups as Query lists them give the same order (the rule follows the listing, not a copy of it).
        let listed = try f.rows(.albums, .init(), .year).compactMap { row -> String? in
            if case .group(let g) = row { g.name } else { nil }
        }
        #expect(listed == byYear.map(\.key))

        // Albums in natural order (album artist, name) and by name alone.
        let natural = albums.sorted { Self.albumSort($0.value[0]) < Self.albumSort($1.value[0]) }
        #expect(try Self.titles(f, .albums, .init(), .natural) == Self.expected(natural.map { ($0.key, $0.value) }))
        let byName = albums.sorted { TextFolding.fold($0.key) < TextFolding.fold($1.key) }
        #expect(try Self.titles(f, .albums, .init(), .name) == Self.expected(byName.map { ($0.key, $0.value) }))

        // Albums by songs, counted over what the filter leaves: in 1960, album 0 (10 songs) before album 60 (5).
        #expect(
            try Self.titles(f, .albums, .init(year: 1960), .songs)
                == tree.songs[0..<10].map(\.title) + tree.songs[600..<605].map(\.title))

        // Artists by number of songs, most first: a song with a main artist (20 songs) and a guest (5) comes
        // once, under the main artist; compilation artists (2 songs each) and guest stars (1) come last.
        var byArtist: [String: (name: String, songs: [Song])] = [:]
        for song in tree.songs {
            for artist in song.artists {
                byArtist[LibraryTree.fold(artist), default: (artist, [])].songs.append(song)
            }
        }
        let artistGroups = byArtist.values.sorted { a, b in
            (-a.songs.count, SortName.key(for: a.name)) < (-b.songs.count, SortName.key(for: b.name))
        }
        let artistTitles = try Self.titles(f, .artists, .init(), .songs)
        #expect(artistTitles == Self.expected(artistGroups.map { ($0.name, $0.songs) }))
        #expect(artistTitles.count == 605)
        #expect(Set(artistTitles).count == 605)

        // Genres by name with a filter: the songs of one year, genre by genre.
        let year1965 = tree.songs.filter { $0.year == 1965 }
        let genres = Dictionary(grouping: year1965, by: \.genre).sorted {
            SortName.key(for: $0.key) < SortName.key(for: $1.key)
        }
        #expect(
            try Self.titles(f, .genres, .init(year: 1965), .name) == Self.expected(genres.map { ($0.key, $0.value) }))
    }
}
