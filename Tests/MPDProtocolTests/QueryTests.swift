import MPDProtocol
import Testing

@Suite struct QueryTests {
    private let queen = MPDFilter.tag(.artist, MPDStringMatch(.equals, "Queen"))

    @Test func findWithSortAndWindow() throws {
        let query = try MPDSongQuery.parse(["(artist == 'Queen')", "sort", "-Date", "window", "0:10"], foldsCase: false)
        #expect(
            query
                == MPDSongQuery(
                    filter: queen, sort: MPDSort(.tag(.date), descending: true), window: MPDRange(start: 0, end: 10)))
        #expect(
            try MPDSongQuery.parse(["artist", "Queen", "sort", "Last-Modified"], foldsCase: false).sort
                == MPDSort(.lastModified))
        #expect(try MPDSongQuery.parse(["artist", "Queen", "sort", "added"], foldsCase: false).sort == MPDSort(.added))
    }

    @Test func clausesComeInMPDsOrderOnly() {
        // MPD takes `window` off the end before `sort`; the other way round, "window" is left to the filter.
        #expect(throws: MPDArgumentError.filter(.unknownType("window"))) {
            try MPDSongQuery.parse(["artist", "Queen", "window", "0:1", "sort", "Title"], foldsCase: false)
        }
    }

    @Test func positionOnlyForAddingCommands() throws {
        let add = try MPDSongQuery.parse(
            ["artist", "Queen", "window", "2:", "position", "+1"], foldsCase: true, allowsPosition: true)
        #expect(add.position == .afterCurrent(1))
        #expect(add.window == MPDRange(start: 2, end: nil))
        #expect(add.filter == .tag(.artist, MPDStringMatch(.contains, "Queen")))
        #expect(throws: MPDArgumentError.filter(.unknownType("position"))) {
            try MPDSongQuery.parse(["artist", "Queen", "position", "1"], foldsCase: false)
        }
    }

    @Test func badClauses() {
        #expect(throws: MPDArgumentError.unknownSortTag("bogus")) {
            try MPDSongQuery.parse(["artist", "Queen", "sort", "bogus"], foldsCase: false)
        }
        #expect(throws: MPDArgumentError.rangeExpected("x")) {
            try MPDSongQuery.parse(["artist", "Queen", "window", "x"], foldsCase: false)
        }
        #expect(throws: MPDArgumentError.filter(.incorrectNumberOfArguments)) {
            try MPDSongQuery.parse(["sort", "Title"], foldsCase: false)
        }
        #expect(
            MPDArgumentError.filter(.unknownType("x")).ack(command: "find").line
                == "ACK [2@0] {find} Unknown filter type\n")
    }

    @Test func countWithGroup() throws {
        #expect(
            try MPDCountQuery.parse(["group", "artist"], foldsCase: false) == MPDCountQuery(filter: nil, group: .artist)
        )
        #expect(
            try MPDCountQuery.parse(["title", "Echoes", "group", "artist"], foldsCase: false)
                == MPDCountQuery(filter: .tag(.title, MPDStringMatch(.equals, "Echoes")), group: .artist))
        #expect(try MPDCountQuery.parse([], foldsCase: false) == MPDCountQuery(filter: nil))
        #expect(throws: MPDArgumentError.unknownTagType("nope")) {
            try MPDCountQuery.parse(["group", "nope"], foldsCase: false)
        }
    }

    @Test func listWithGroupsAndWindow() throws {
        #expect(
            try MPDListQuery.parse(["album", "group", "albumartist"])
                == MPDListQuery(subject: .tag(.album), groups: [.albumArtist]))
        #expect(
            try MPDListQuery.parse(["Album", "(artist == 'Queen')", "group", "Date", "group", "Genre", "window", "0:5"])
                == MPDListQuery(
                    subject: .tag(.album), filter: queen, groups: [.genre, .date], window: MPDRange(start: 0, end: 5)))
        #expect(try MPDListQuery.parse(["file"]) == MPDListQuery(subject: .file))
        #expect(try MPDListQuery.parse(["album", "Queen"]) == MPDListQuery(subject: .tag(.album), filter: queen))
    }

    @Test func listErrors() {
        #expect(throws: MPDArgumentError.tooFewArguments("list")) { try MPDListQuery.parse([]) }
        #expect(throws: MPDArgumentError.unknownTagType("any")) { try MPDListQuery.parse(["any"]) }
        #expect(throws: MPDArgumentError.legacyListNeedsAlbum) { try MPDListQuery.parse(["title", "Queen"]) }
        #expect(throws: MPDArgumentError.conflictingGroup("album")) {
            try MPDListQuery.parse(["album", "group", "album"])
        }
        #expect(throws: MPDArgumentError.conflictingGroup("date")) {
            try MPDListQuery.parse(["album", "group", "date", "group", "date"])
        }
        #expect(throws: MPDArgumentError.filter(.incorrectNumberOfArguments)) {
            try MPDListQuery.parse(["album", "artist", "x", "title"])
        }
    }
}
