import Testing
@testable import PlayerCore

/// Ranking of "did you mean" names: folded prefix, then substring, then a small edit distance; and the LIKE
/// probes that bound which names the database returns for ranking.
@Suite struct NameSuggestionsTests {
    let names = ["Sigur Rós", "Sigurd", "Björk", "Bjørn Again", "The Cure", "Cure for Pain", "Ｓｉｇｕｒ ＲＯＳ"]

    @Test func prefixThenSubstringThenEditDistance() {
        // Shorter first; the full-width one folds alike
        #expect(NameSuggestions.rank("sigur", names) == ["Sigurd", "Sigur Rós"])
        #expect(NameSuggestions.rank("cure", names) == ["Cure for Pain", "The Cure"])
        #expect(NameSuggestions.rank("bjrok", names) == ["Björk"])
        #expect(NameSuggestions.rank("zzzz", names).isEmpty)
        #expect(NameSuggestions.rank("björk", names).isEmpty)  // the exact name is no suggestion
        #expect(NameSuggestions.rank("", names).isEmpty)
        #expect(NameSuggestions.rank("s", names, limit: 1) == ["Sigurd"])
    }

    @Test func boundedEditDistance() {
        #expect(NameSuggestions.editDistance("kitten", "sitting", bound: 3) == 3)
        #expect(NameSuggestions.editDistance("kitten", "sitting", bound: 2) == nil)
        #expect(NameSuggestions.editDistance("", "ab", bound: 2) == 2)
        #expect(NameSuggestions.editDistance("abc", "abc", bound: 0) == 0)
        #expect(NameSuggestions.editDistance("abcdef", "a", bound: 3) == nil)  // lengths alone exceed the bound
        #expect(NameSuggestions.editDistance("ros", "rós", bound: 1) == 1)  // scalars, not folded here
        #expect(NameSuggestions.maxDistance("abcd") == 1 && NameSuggestions.maxDistance("abcdefgh") == 2)
        #expect(NameSuggestions.maxDistance("abcdefghijklmnop") == 3)
    }

    @Test func likeProbesKeepEveryNameWithinTheBound() {
        // Long enough: bound + 1 separate pieces; one edit breaks at most one.
        let probes = NameSuggestions.likeProbes("sigur ros band")
        #expect(probes == ["%sig%", "%ur %", "%ros%", "% ba%"])
        // Short: first and last letters; wildcards in the value are escaped.
        #expect(NameSuggestions.likeProbes("bjrk") == ["b%", "%k"])
        #expect(NameSuggestions.likeProbes("50%") == ["5%", "%\\%"])
        #expect(NameSuggestions.escapeLike("a_b\\c%") == "a\\_b\\\\c\\%")
        #expect(NameSuggestions.likeProbes("").isEmpty)
    }

    @Test func missMessages() {
        #expect(
            FilterMiss(key: "artist", value: "sigur", suggestions: ["Sigur Rós"]).description
                == "no artist 'sigur'; did you mean 'Sigur Rós'?")
        #expect(
            FilterMiss(key: "albumartist", value: "x", suggestions: ["A", "B", "C"]).description
                == "no album artist 'x'; did you mean 'A', 'B' or 'C'?")
        #expect(FilterMiss(key: "genre", value: "zzz", suggestions: []).description == "no genre 'zzz' in the library")
        #expect(LibraryError.noMatch(nil).description == "no song matches the query")
    }
}
