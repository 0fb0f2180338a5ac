import MPDProtocol
import Testing

@Suite struct FilterExpressionTests {
    private func parse(_ expression: String, limits: MPDLimits = .default) throws(MPDFilterError) -> MPDFilter {
        try MPDFilter.parse(arguments: [expression], foldsCase: false, limits: limits)
    }

    @Test func tagComparisons() throws {
        #expect(try parse("(Artist == 'Queen')") == .tag(.artist, MPDStringMatch(.equals, "Queen")))
        #expect(try parse("(artist != \"Queen\")") == .tag(.artist, MPDStringMatch(.equals, "Queen", negated: true)))
        #expect(try parse("(album contains 'Night')") == .tag(.album, MPDStringMatch(.contains, "Night")))
        #expect(try parse("(title starts_with 'A')") == .tag(.title, MPDStringMatch(.startsWith, "A")))
        #expect(try parse("(genre =~ '^(rock|pop)$')") == .tag(.genre, MPDStringMatch(.regex, "^(rock|pop)$")))
        #expect(try parse("(genre !~ 'x')") == .tag(.genre, MPDStringMatch(.regex, "x", negated: true)))
        #expect(try parse("(ALBUMARTIST==  'x'  )") == .tag(.albumArtist, MPDStringMatch(.equals, "x")))
        #expect(try parse("(any contains 'x')") == .anyTag(MPDStringMatch(.contains, "x")))
        #expect(try parse("(file == 'a/b.flac')") == .uri(MPDStringMatch(.equals, "a/b.flac")))
        #expect(try parse("(MUSICBRAINZ_TRACKID == 'id')") == .tag(.musicBrainzTrackID, MPDStringMatch(.equals, "id")))
    }

    @Test func explicitCaseOperatorsAndNegatedWords() throws {
        #expect(
            try parse("(title eq_ci 'a')") == .tag(.title, MPDStringMatch(.equals, "a", caseSensitivity: .insensitive)))
        #expect(
            try parse("(title !contains_cs 'a')")
                == .tag(.title, MPDStringMatch(.contains, "a", negated: true, caseSensitivity: .sensitive)))
        #expect(try parse("(title !starts_with 'a')") == .tag(.title, MPDStringMatch(.startsWith, "a", negated: true)))
        #expect(try parse("(title CONTAINS 'a')") == .tag(.title, MPDStringMatch(.contains, "a")))
    }

    @Test func quotingInsideExpressions() throws {
        #expect(try parse(#"(Artist == "foo\'bar\"")"#) == .tag(.artist, MPDStringMatch(.equals, #"foo'bar""#)))
        #expect(try parse(#"(Artist == 'it\'s')"#) == .tag(.artist, MPDStringMatch(.equals, "it's")))
        #expect(try parse(#"(Artist == 'a"b')"#) == .tag(.artist, MPDStringMatch(.equals, #"a"b"#)))
        #expect(try parse(#"(Artist == 'back\\slash')"#) == .tag(.artist, MPDStringMatch(.equals, #"back\slash"#)))
        #expect(try parse("(Artist == '')") == .tag(.artist, MPDStringMatch(.equals, "")))
        #expect(try parse("(Artist == 'Björk')") == .tag(.artist, MPDStringMatch(.equals, "Björk")))
    }

    @Test func negationAndConjunction() throws {
        let queen = MPDFilter.tag(.artist, MPDStringMatch(.equals, "Queen"))
        let album = MPDFilter.tag(.album, MPDStringMatch(.equals, "Jazz"))
        #expect(try parse("(!(artist == 'Queen'))") == .not(queen))
        #expect(try parse("( ! ( artist == 'Queen' ) )") == .not(queen))
        #expect(try parse("((artist == 'Queen') AND (album == 'Jazz'))") == .and([queen, album]))
        #expect(try parse("((artist == 'Queen'))") == queen)
        #expect(
            try parse("((artist == 'Queen') AND (!(album == 'Jazz')) AND ((album == 'Jazz') AND (artist == 'Queen')))")
                == .and([queen, .not(album), .and([album, queen])]))
    }

    @Test func specialKeys() throws {
        #expect(try parse("(base 'Music/Rock')") == .base("Music/Rock"))
        #expect(
            try parse("(modified-since '1700000000')") == .modifiedSince(MPDTimestamp(secondsSince1970: 1_700_000_000)))
        #expect(try parse("(added-since '2024-01-01')") == .addedSince(MPDTimestamp(secondsSince1970: 1_704_067_200)))
        #expect(
            try parse("(AudioFormat == '44100:16:2')")
                == .audioFormat(MPDAudioFormatPattern(sampleRate: 44100, format: .s16, channels: 2, isMask: false)))
        #expect(
            try parse("(audioformat =~ '*:24:*')")
                == .audioFormat(MPDAudioFormatPattern(sampleRate: nil, format: .s24, channels: nil, isMask: true)))
        #expect(try parse("(prio >= 42)") == .priorityAtLeast(42))
        #expect(try parse("(prio >=255)") == .priorityAtLeast(255))
    }

    @Test func errorsSayWhatAndWhere() {
        let cases: [(String, MPDFilterError)] = [
            ("(", .wordExpected(offset: 1)),
            ("(bogus == 'x')", .unknownExpressionType("bogus", offset: 1)),
            ("(artist = 'x')", .unknownOperator("= 'x')", offset: 8)),
            ("(artist == x)", .quotedStringExpected(offset: 11)),
            ("(artist == 'x)", .closingQuoteNotFound(offset: 11)),
            ("(artist == 'x\\", .closingQuoteNotFound(offset: 11)),
            ("(artist == 'x'", .closingParenthesisExpected(offset: 14)),
            ("(artist == 'x') x", .garbageAfterExpression(offset: 16)),
            ("((artist == 'x') OR (album == 'y'))", .andExpected(offset: 17)),
            ("((artist == 'x') AND album == 'y')", .openingParenthesisExpected(offset: 21)),
            ("((artist == 'x') 'y')", .andExpected(offset: 17)),
            ("(!artist == 'x')", .openingParenthesisExpected(offset: 2)),
            ("(!(artist == 'x')", .closingParenthesisExpected(offset: 17)),
            ("(AudioFormat != '1:2:3')", .audioFormatOperatorExpected(offset: 13)),
            ("(AudioFormat == '*:16:2')", .audioFormat("*:16:2")),
            ("(AudioFormat == '44100:12:2')", .audioFormat("44100:12:2")),
            ("(prio > 1)", .priorityOperatorExpected(offset: 6)),
            ("(prio >= x)", .numberExpected(offset: 9)),
            ("(prio >= 256)", .invalidPriority(offset: 9)),
            ("(prio >= 99999999999999999999999)", .invalidPriority(offset: 9)),
            ("(prio >= 1 )", .closingParenthesisExpected(offset: 10)),
            ("(modified-since 'yesterday')", .timestamp(.date)),
            ("(base x)", .quotedStringExpected(offset: 6))
        ]
        for (expression, error) in cases {
            #expect(throws: error, "\(expression)") { try parse(expression) }
        }
        #expect(MPDFilterError.unknownExpressionType("x", offset: 1).message == "Unknown filter type: x")
    }

    @Test func quotedValuesAreBounded() throws {
        let limits = MPDLimits(maxFilterValueBytes: 4)
        #expect(try parse("(artist == 'abcd')", limits: limits) == .tag(.artist, MPDStringMatch(.equals, "abcd")))
        #expect(throws: MPDFilterError.quotedValueTooLong(offset: 11)) {
            try parse("(artist == 'abcde')", limits: limits)
        }
        let long = "(artist == '" + String(repeating: "x", count: 4096) + "')"
        #expect(throws: MPDFilterError.quotedValueTooLong(offset: 11)) { try parse(long) }
    }

    @Test func nestingIsBounded() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "(!", count: depth - 1) + "(artist == 'x')" + String(repeating: ")", count: depth - 1)
        }
        #expect(throws: Never.self) { try parse(nested(32)) }
        #expect(throws: MPDFilterError.nestedTooDeep(limit: 32)) { try parse(nested(33)) }
        let deep = String(repeating: "(", count: 100_000)
        #expect(throws: MPDFilterError.nestedTooDeep(limit: 32)) { try parse(deep) }
        let deepAnd = String(repeating: "(", count: 40) + "artist == 'x'" + String(repeating: ")", count: 40)
        #expect(throws: MPDFilterError.nestedTooDeep(limit: 32)) { try parse(deepAnd) }
    }

    @Test func unknownOperatorQuotesAtMostAnExcerpt() {
        let expression = "(artist ~~ '" + String(repeating: "é", count: 100) + "')"
        #expect {
            try parse(expression)
        } throws: { error in
            guard case .unknownOperator(let rest, 8)? = error as? MPDFilterError else { return false }
            return rest.utf8.count <= 64 + 3 && rest.hasSuffix("…")
        }
    }
}
