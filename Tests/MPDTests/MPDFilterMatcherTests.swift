import MPDProtocol
import Testing

@testable import MPD

/// Filters evaluated over songs, as find (exact) and search (folded) do, in both syntaxes.
@MainActor @Suite struct MPDFilterMatcherTests {
    static func song(_ file: String, _ tags: [(String, [String])]) -> MPDSong {
        var s = MPDSong(file: file)
        s.tags = tags.map { (name: $0.0, values: $0.1) }
        return s
    }

    static let songs = [
        song("Björk/Homogenic/01.mp3", [("Artist", ["Björk"]), ("Album", ["Homogenic"]), ("Title", ["Hunter"])]),
        song("Duo/Live/02.mp3", [("Artist", ["Ann", "Bob"]), ("Album", ["Live"]), ("AlbumArtist", ["Duo"])]),
        song("Misc/03.mp3", [("Title", ["Ｗｉｄｅ Song"])])
    ]

    /// A stand-in for the library's folding (case and the accents these tests use; full-width letters).
    static func fold(_ s: String) -> String {
        String(
            s.lowercased().unicodeScalars.map { c -> Character in
                if c == "ö" { return "o" }
                if (0xFF41...0xFF5A).contains(c.value) { return Character(Unicode.Scalar(c.value - 0xFEE0)!) }
                return Character(c)
            })
    }

    func files(_ args: [String], folds: Bool) throws -> [String] {
        let query = try MPDSongQuery.parse(args, foldsCase: folds)
        let index = MPDSongIndex(Self.songs)
        let m = try MPDFilterMatcher(
            query.filter, over: index, foldsByDefault: folds, fold: { Array(Self.fold($0).utf8) })
        return (0..<index.count).filter(m.matches).map(index.file)
    }

    @Test func findIsExactAndSearchFoldsCaseAccentsAndWidth() throws {
        #expect(try files(["artist", "Björk"], folds: false) == ["Björk/Homogenic/01.mp3"])
        #expect(try files(["artist", "bjork"], folds: false).isEmpty)
        #expect(try files(["artist", "BJORK"], folds: true) == ["Björk/Homogenic/01.mp3"])
        #expect(try files(["title", "wide"], folds: true) == ["Misc/03.mp3"])
        #expect(try files(["any", "live"], folds: true) == ["Duo/Live/02.mp3"])
    }

    @Test func severalValuesEmptyValuesNegationAndFallbacks() throws {
        #expect(try files(["(Artist == 'Bob')"], folds: false) == ["Duo/Live/02.mp3"])
        #expect(try files(["(Artist != 'Bob')"], folds: false) == ["Björk/Homogenic/01.mp3", "Misc/03.mp3"])
        #expect(try files(["(Artist == '')"], folds: false) == ["Misc/03.mp3"])
        // AlbumArtist falls back on Artist, as in MPD.
        #expect(try files(["albumartist", "Björk"], folds: false) == ["Björk/Homogenic/01.mp3"])
        #expect(try files(["(base 'Duo')"], folds: false) == ["Duo/Live/02.mp3"])
        #expect(try files(["((Album starts_with 'Ho') AND (!(Title contains 'x')))"], folds: false).count == 1)
        #expect(try files(["(file contains '03')"], folds: false) == ["Misc/03.mp3"])
    }

    @Test func unsupportedKeysAreRefusedBeforeAnySongIsMet() throws {
        for args in [["(Artist =~ 'a.*')"], ["(added-since '2020-01-01T00:00:00Z')"]] {
            let query = try MPDSongQuery.parse(args, foldsCase: false)
            #expect(throws: MPDCommandError.self) {
                try MPDFilterMatcher(
                    query.filter, over: MPDSongIndex(Self.songs), foldsByDefault: false,
                    fold: { Array(Self.fold($0).utf8) })
            }
        }
    }

    @Test func eachDistinctStringIsFoldedOncePerComparison() throws {
        // 300 songs sharing 3 artists: a folded search folds 3 artist names (and the needle), not 300.
        let many = (0..<300).map { n in Self.song("A\(n % 3)/\(n).mp3", [("Artist", ["Artist \(n % 3)"])]) }
        let index = MPDSongIndex(many)
        var folded = 0
        let query = try MPDSongQuery.parse(["artist", "ARTIST 1"], foldsCase: true)
        let m = try MPDFilterMatcher(query.filter, over: index, foldsByDefault: true) { s in
            folded += 1
            return Array(s.lowercased().utf8)
        }
        #expect((0..<index.count).filter(m.matches).count == 100)
        #expect(folded == 1 + 3)
    }

    @Test func comparisonsAreOfBytesAsMPDCompares() throws {
        // A decomposed é ("e" + U+0301): its bytes contain "e", though Swift's Character comparison says no.
        let songs = [Self.song("x.mp3", [("Title", ["Cafe\u{301}"])])]
        let index = MPDSongIndex(songs)
        for (args, hits) in [(["(Title contains 'Cafe')"], 1), (["(Title == 'Caf\u{E9}')"], 0)] {
            let m = try MPDFilterMatcher(
                try MPDSongQuery.parse(args, foldsCase: false).filter, over: index, foldsByDefault: false,
                fold: { Array(Self.fold($0).utf8) })
            #expect((0..<index.count).filter(m.matches).count == hits, "\(args)")
        }
    }
}
