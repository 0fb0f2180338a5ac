import FileSystem
import Testing
@testable import PlayerCore

/// The library's pure rules: folding, sort names, compilations, query parsing, scan decisions, play counts.
@Suite struct LibraryRulesTests {
    @Test func foldingIgnoresCaseAccentsAndWidth() {
        #expect(TextFolding.fold("Björk") == "bjork")
        #expect(TextFolding.fold("BJORK") == "bjork")
        #expect(TextFolding.fold("Bjo\u{308}rk") == "bjork")  // decomposed
        #expect(TextFolding.fold("Sigur Rós") == "sigur ros")
        #expect(TextFolding.fold("ＳＩＧＵＲ Ｒós") == "sigur ros")  // full-width
        #expect(TextFolding.fold("ｶﾀｶﾅ") == TextFolding.fold("カタカナ"))  // half-width katakana
        #expect(TextFolding.fold("  Motörhead \t  Ace ") == "motorhead ace")
        #expect(TextFolding.fold("Straße") == "strasse")
        #expect(TextFolding.fold("ΆΛΦΑ") == TextFolding.fold("αλφα"))
        #expect(TextFolding.fold("Ærø") == "aero")
        #expect(TextFolding.fold("Ĳsselmeer İstanbul").hasSuffix("istanbul"))
        #expect(TextFolding.fold("東京事変") == "東京事変")
        #expect(TextFolding.fold("Don’t") == "don't")
        #expect(TextFolding.fold("") == "")
    }

    @Test func asciiFoldingByBytesEqualsTheScalarRules() {
        // Every ASCII byte alone and between letters, runs of white space at both ends, the field separator.
        var texts = [
            "", " ", "  A  b\t\tC\r\n", "Song 000123 Kestrel\u{1F}Artist 00012\u{1F}Album 00001 Sessions",
            "\u{1F}", "\u{0B}x\u{0C}", "MIXED case WORDS"
        ]
        for v in UInt8(0)...0x7F {
            let c = String(UnicodeScalar(v))
            texts += [c, "A" + c + "z", c + c + "Q"]
        }
        for text in texts {
            #expect(TextFolding.foldASCII(text) == TextFolding.foldScalars(text), "\(Array(text.utf8))")
        }
        #expect(TextFolding.foldASCII("Björk") == nil)
        // The scalars folded without property lookups fold to themselves by those lookups too.
        for v in UInt32(0x3400)...0xD7A3 where TextFolding.foldsToItself(v) {
            let scalar = Unicode.Scalar(v)!
            let p = scalar.properties
            let lower = p.lowercaseMapping
            #expect(
                !p.isWhitespace && p.generalCategory != .nonspacingMark && p.generalCategory != .enclosingMark
                    && TextFolding.Table.shared.base[v] == nil && lower.unicodeScalars.elementsEqual([scalar]), "\(v)")
        }
        #expect(FileTitle.lastComponent(of: "/a/b/c.mp3") == "c.mp3")
        #expect(FileTitle.lastComponent(of: "/a/b//") == "b")
        #expect(FileTitle.lastComponent(of: "c.mp3") == "c.mp3")
        #expect(FileTitle.lastComponent(of: "///") == "///")
        #expect(FileTitle.title(fromPath: "/Music/Ä/05 Track.mp3") == "05 Track")
        #expect(FileTitle.title(fromPath: "/Music/.hidden") == ".hidden")
    }

    @Test func sortNames() {
        #expect(SortName.key(for: "The Beatles") == "beatles, the")
        #expect(SortName.key(for: "the the") == "the, the")
        #expect(SortName.key(for: "The") == "the")
        #expect(SortName.key(for: "Theatre of Tragedy") == "theatre of tragedy")
        #expect(SortName.key(for: "The Beatles", sortTag: "Beatles, The") == "beatles, the")
        #expect(SortName.key(for: "Björk", sortTag: "  ") == "bjork")
        #expect(SortName.key(for: "Prince", sortTag: "Artist Formerly Known") == "artist formerly known")
    }

    @Test func compilations() {
        #expect(CompilationRule.isCompilation(flag: true, albumArtists: []))
        #expect(CompilationRule.isCompilation(flag: nil, albumArtists: ["VARIOUS ARTISTS"]))
        #expect(CompilationRule.isCompilation(flag: false, albumArtists: ["Various Artists"]))
        #expect(!CompilationRule.isCompilation(flag: nil, albumArtists: ["Various Cruelties"]))
        #expect(!CompilationRule.isCompilation(flag: false, albumArtists: []))
    }

    @Test func songFromTags() {
        var tags = TrackTags()
        tags.artists = ["The Cure", "Someone"]
        tags.album = "Disintegration"
        tags.date = "1989-05-02"
        tags.albumArtists = ["Various Artists"]
        let song = LibrarySong(
            path: Array("/m/x/03 Pictures.flac".utf8), tags: tags, durationMicroseconds: 10_000_000,
            sampleRate: 44100, channels: 2, fileSize: 1_250_000)
        #expect(song.title == "03 Pictures")
        #expect(song.year == 1989)
        #expect(song.isCompilation)
        #expect(song.effectiveAlbumArtist == "Various Artists")
        #expect(song.explicitAlbumArtist == "Various Artists")
        #expect(song.albumArtistSortKey == "various artists")
        #expect(song.artistSortKey == "cure, the")
        #expect(song.bitrate == 1_000_000)
        #expect(song.searchText.contains("someone"))
        #expect(LibrarySong.year(from: "89") == nil)
        #expect(FileTitle.title(fromPath: "/a/.hidden") == ".hidden")
    }

    @Test func queryParsingRefusesUnknowns() throws {
        let q = try LibraryQuery(
            kind: "songs", filter: [("artist", .text("x")), ("year", .integer(1999))], order: "title")
        #expect(q.kind == .songs && q.filter.artist == "x" && q.filter.year == 1999 && q.order == .title)
        #expect(throws: LibraryQueryError.unknownKind("tracks")) {
            try LibraryQuery(kind: "tracks", filter: [], order: "")
        }
        #expect(throws: LibraryQueryError.unknownFilterKey("mood")) {
            try LibraryQuery(kind: "songs", filter: [("mood", .text("x"))], order: "")
        }
        #expect(throws: LibraryQueryError.wrongType(key: "year", expected: "integer")) {
            try LibraryQuery(kind: "songs", filter: [("year", .text("1999"))], order: "")
        }
        #expect(throws: LibraryQueryError.wrongType(key: "artist", expected: "string")) {
            try LibraryQuery(kind: "songs", filter: [("artist", .integer(1))], order: "")
        }
        #expect(throws: LibraryQueryError.unknownOrder("loudness")) {
            try LibraryQuery(kind: "songs", filter: [], order: "loudness")
        }
        #expect(throws: LibraryQueryError.orderNotApplicable(order: "plays", kind: "artists")) {
            try LibraryQuery(kind: "artists", filter: [], order: "plays")
        }
        #expect(try EnqueueMode.parse("next") == .next)
        #expect(throws: LibraryQueryError.unknownEnqueueMode("shuffle")) { try EnqueueMode.parse("shuffle") }
    }

    @Test func scanDecisions() {
        let known = ScanDecision.Known(size: 10, mtimeNanoseconds: 5)
        #expect(ScanDecision.decide(known: nil, size: 10, mtimeNanoseconds: 5) == .read)
        #expect(ScanDecision.decide(known: known, size: 10, mtimeNanoseconds: 5) == .keep)
        #expect(ScanDecision.decide(known: known, size: 11, mtimeNanoseconds: 5) == .read)
        #expect(ScanDecision.decide(known: known, size: 10, mtimeNanoseconds: 6) == .read)
        #expect(ScanDecision.fileExtension(Array("a.MP3".utf8)) == "mp3")
        #expect(ScanDecision.fileExtension(Array(".mp3".utf8)) == nil)
        #expect(ScanDecision.fileExtension([0x61, 0x2E, 0xFF]) == nil)
        #expect(MissingFolderRule.shouldForget(missingSince: nil, currentScan: 9) == false)
        #expect(MissingFolderRule.shouldForget(missingSince: 9, currentScan: 9) == false)
        #expect(MissingFolderRule.shouldForget(missingSince: 8, currentScan: 9))
        #expect(ListenRule.counts(heardMicroseconds: 50_000_000, durationMicroseconds: 100_000_000))
        #expect(!ListenRule.counts(heardMicroseconds: 49_000_000, durationMicroseconds: 100_000_000))
        #expect(ListenRule.counts(heardMicroseconds: 240_000_000, durationMicroseconds: 3_600_000_000))
    }

    @Test func songURIsEncodeAnyBytes() {
        let row = SongRow(id: 1, path: [0x2F, 0x61, 0x20, 0xFF, 0x2E, 0x6D, 0x70, 0x33], title: "x")
        #expect(row.uri == "file:///a%20%FF.mp3")
        #expect(BytePath.bytes(row.pathString) == row.path)  // lossless: the queue can play it
        #expect(FileURI.uri(fromPath: row.pathString) == row.uri)
    }
}

/// Which folders the library scans: user-dirs.dirs, ~/Music, linnetd.conf and the command line.
@Suite struct LibraryFoldersTests {
    @Test func musicDirectoryFromUserDirs() {
        let dirs = """
            # written by xdg-user-dirs-update
            XDG_DESKTOP_DIR="$HOME/Desktop"
            XDG_MUSIC_DIR="$HOME/Musik"
            """
        #expect(LibraryFolders.musicDirectory(home: "/home/a", userDirs: dirs) == "/home/a/Musik")
        #expect(
            LibraryFolders.musicDirectory(home: "/home/a", userDirs: "XDG_MUSIC_DIR=\"/srv/music/\"") == "/srv/music")
        #expect(LibraryFolders.musicDirectory(home: "/home/a", userDirs: "XDG_MUSIC_DIR=\"$HOME/\"") == nil)
        #expect(
            LibraryFolders.musicDirectory(home: "/home/a", userDirs: "XDG_MUSIC_DIR=\"relative\"") == "/home/a/Music")
        #expect(LibraryFolders.musicDirectory(home: "/home/a", userDirs: nil) == "/home/a/Music")
        #expect(LibraryFolders.musicDirectory(home: nil, userDirs: dirs) == nil)
    }

    @Test func resolvedWithoutDuplicates() throws {
        let settings = try DaemonConfiguration.parse(
            "exclusive = true\nlibrary = /mnt/nas/music\nlibrary=/home/a/Music\n")
        #expect(settings.libraryFolders == ["/mnt/nas/music", "/home/a/Music"])
        #expect(throws: DaemonConfiguration.ParseError.self) { try DaemonConfiguration.parse("library =\n") }
        let folders = LibraryFolders.resolve(
            musicDirectory: "/home/a/Music", musicDirectoryExists: true,
            configured: settings.libraryFolders, commandLine: ["more/../extra", "/mnt/nas/music/"],
            workingDirectory: "/home/a")
        #expect(folders == ["/home/a/Music", "/mnt/nas/music", "/home/a/extra"])
        #expect(
            LibraryFolders.resolve(
                musicDirectory: "/home/a/Music", musicDirectoryExists: false, configured: [],
                commandLine: [], workingDirectory: "/") == [])
    }

    @Test func playlistOrderingsAndXSPF() {
        let list = [
            PlaylistInfo(id: "1", name: "beta", source: .user, created: 30, modified: 5, lastPlayed: nil, position: 2),
            PlaylistInfo(id: "2", name: "Álpha", source: .user, created: 10, modified: 50, lastPlayed: 7, position: 3),
            PlaylistInfo(id: "recent", name: "Recently Added", source: .recentlyAdded, position: -2)
        ]
        func names(_ o: PlaylistOrdering, _ reverse: Bool = false) -> [String] {
            o.sorted(list, reverse: reverse).map(\.id)
        }
        #expect(names(.alphabetical) == ["2", "1", "recent"])
        #expect(names(.alphabetical, true) == ["recent", "1", "2"])
        #expect(names(.creationDate) == ["recent", "2", "1"])
        #expect(names(.modifiedDate) == ["recent", "1", "2"])
        #expect(names(.lastPlayDate) == ["1", "recent", "2"])
        #expect(names(.userDefined) == ["recent", "1", "2"])
        let xspf = """
            <?xml version="1.0"?><playlist version="1" xmlns="http://xspf.org/ns/0/"><trackList>
            <track><location>file:///m/a%20b.mp3</location></track>
            <track><title>x</title><location> rel/R&amp;B.flac </location></track>
            <track><location>&#x2F;m/c.ogg</location></track></trackList></playlist>
            """
        #expect(XSPFParser.locations(xspf) == ["file:///m/a%20b.mp3", "rel/R&B.flac", "/m/c.ogg"])
    }
}
