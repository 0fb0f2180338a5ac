import MPDProtocol
import Testing

@Suite struct FilterArgumentTests {
    @Test func oldStylePairs() throws {
        #expect(
            try MPDFilter.parse(arguments: ["artist", "Queen"], foldsCase: false)
                == .tag(.artist, MPDStringMatch(.equals, "Queen")))
        #expect(
            try MPDFilter.parse(arguments: ["Artist", "Queen", "any", "x", "filename", "a.flac"], foldsCase: false)
                == .and([
                    .tag(.artist, MPDStringMatch(.equals, "Queen")), .anyTag(MPDStringMatch(.equals, "x")),
                    .uri(MPDStringMatch(.equals, "a.flac"))
                ]))
        #expect(
            try MPDFilter.parse(arguments: ["base", "Rock/Queen", "modified-since", "2024-05"], foldsCase: false)
                == .and([.base("Rock/Queen"), .modifiedSince(MPDTimestamp(secondsSince1970: 1_714_521_600))]))
    }

    @Test func oldStyleValuesMayStartWithAParenthesis() throws {
        #expect(
            try MPDFilter.parse(arguments: ["artist", "(hed) p.e."], foldsCase: false)
                == .tag(.artist, MPDStringMatch(.equals, "(hed) p.e.")))
    }

    @Test func searchStylePairsMatchSubstrings() throws {
        #expect(
            try MPDFilter.parse(arguments: ["title", "night", "file", "rock/"], foldsCase: true)
                == .and([.tag(.title, MPDStringMatch(.contains, "night")), .uri(MPDStringMatch(.contains, "rock/"))]))
        // Expressions keep their own operator whatever the command.
        #expect(
            try MPDFilter.parse(arguments: ["(title == 'x')"], foldsCase: true)
                == .tag(.title, MPDStringMatch(.equals, "x")))
    }

    @Test func mixedExpressionsAndPairs() throws {
        #expect(
            try MPDFilter.parse(arguments: ["(artist == 'a')", "album", "b"], foldsCase: false)
                == .and([.tag(.artist, MPDStringMatch(.equals, "a")), .tag(.album, MPDStringMatch(.equals, "b"))]))
    }

    @Test func oldStyleErrors() {
        #expect(throws: MPDFilterError.incorrectNumberOfArguments) {
            try MPDFilter.parse(arguments: [String](), foldsCase: false)
        }
        #expect(throws: MPDFilterError.incorrectNumberOfArguments) {
            try MPDFilter.parse(arguments: ["artist"], foldsCase: false)
        }
        #expect(throws: MPDFilterError.unknownType("bogus")) {
            try MPDFilter.parse(arguments: ["bogus", "x"], foldsCase: false)
        }
        #expect(throws: MPDFilterError.unknownType("AudioFormat")) {
            try MPDFilter.parse(arguments: ["AudioFormat", "x"], foldsCase: false)
        }
        for bad in ["", "/abs", "a/../b", "a//b", ".", "a/"] {
            #expect(throws: MPDFilterError.badURI(bad)) {
                try MPDFilter.parse(arguments: ["base", bad], foldsCase: false)
            }
        }
        #expect(throws: MPDFilterError.timestamp(.date)) {
            try MPDFilter.parse(arguments: ["modified-since", "soon"], foldsCase: false)
        }
        #expect(MPDFilterError.unknownType("x").ack(command: "find").line == "ACK [2@0] {find} Unknown filter type\n")
    }

    @Test func timestamps() throws {
        let cases: [(String, Int64)] = [
            ("0", 0), ("1700000000", 1_700_000_000), ("1970-01-01", 0), ("2024-02-29", 1_709_164_800),
            ("20240229", 1_709_164_800), ("2024-02-29T12", 1_709_208_000), ("2024-02-29T12:30", 1_709_209_800),
            ("2024-02-29T12:30:15Z", 1_709_209_815), ("2024-02-29T123015", 1_709_209_815),
            ("2024-02-29T12:30:15+02:00", 1_709_202_615), ("2024-02-29T12:30:15-0130", 1_709_215_215),
            ("2024-02", 1_706_745_600), ("1969-12-31", -86400)
        ]
        for (text, seconds) in cases {
            #expect(try MPDTimestamp.parse(text) == MPDTimestamp(secondsSince1970: seconds), "\(text)")
        }
        let bad: [(String, MPDTimestampError)] = [
            ("", .date), ("2024-13-01", .date), ("2024-02-29T25", .timeOfDay), ("2024-02-29T12:", .timeOfDay),
            ("2024-02-29x", .garbageAtEnd), ("2024-02-29T12+99", .timeZone), ("99999999999999999999", .date)
        ]
        for (text, error) in bad {
            #expect(throws: error, "\(text)") { try MPDTimestamp.parse(text) }
        }
    }
}
