import Foundation
import Testing
import TestSupport
@testable import LinnetCLI

/// `linnet playlist …` and the library's "did you mean" hints: parsing and printing, then against the real
/// linnetd with a generated library holding two playlist files of one name (mix.m3u8, mix.pls).
@Suite(.serialized) struct PlaylistCommandTests {
    let context = ParseContext(workingDirectory: "/home/u")

    func parse(_ args: String...) throws(UsageError) -> Request {
        try CommandLineParser.parse(args, context: context).request
    }

    @Test func renameAndMoveParse() throws {
        #expect(
            try parse("playlist", "rename", "Road Trip", "Night Drive")
                == .playlist(.rename(name: "Road Trip", newName: "Night Drive")))
        #expect(try parse("playlist", "move", "4", "3", "1") == .playlist(.move(name: "4", from: 3, to: 1)))
        #expect(try parse("playlist", "remove", "Mix", "2") == .playlist(.remove(name: "Mix", position: 2)))
        for bad in [
            ["playlist", "rename", "A"], ["playlist", "move", "A", "1"], ["playlist", "move", "A", "0", "1"],
            ["playlist", "move", "A", "1", "x"], ["playlist", "rename", "A", "B", "--json"],
            ["playlist", "rename", "A", "B", "--artist", "x"]
        ] {
            #expect(throws: UsageError.self, "\(bad)") { try CommandLineParser.parse(bad, context: context) }
        }
        do {
            _ = try parse("playlist", "move", "A", "0", "1")
        } catch { #expect(error.message.contains("'0' is not an entry number")) }
    }

    @Test func listLinesCarryIdCountsAndPath() {
        let file: [String: LibraryRendering.RowValue] = [
            "id": .text("/org/linnet/Playlist/7"), "name": .text("mix"),
            "kind": .text("file"), "songs": .number(2), "streams": .number(0),
            "path": .text("/m/mix.pls")
        ]
        #expect(PlaylistRendering.line(file) == "7  mix  2 songs  (file /m/mix.pls)")
        let user: [String: LibraryRendering.RowValue] = [
            "id": .text("/org/linnet/Playlist/12"), "name": .text("Road Trip"),
            "kind": .text("user"), "songs": .number(12), "streams": .number(2)
        ]
        #expect(PlaylistRendering.line(user) == "12  Road Trip  12 songs, 2 streams")
        let auto: [String: LibraryRendering.RowValue] = [
            "id": .text("/org/linnet/Playlist/recent"), "name": .text("Recently Added"),
            "kind": .text("recent"), "songs": .number(1)
        ]
        #expect(PlaylistRendering.line(auto) == "recent  Recently Added  1 song  (automatic)")
        #expect(
            LibraryRendering.miss(key: "artist", value: "sigur", suggestions: ["Sigur Rós"])
                == "no artist 'sigur'; did you mean 'Sigur Rós'?")
    }

    @Test(.enabled(if: Command.which("pulseaudio") != nil, "needs pulseaudio"))
    func playlistCommandsAgainstLinnetd() throws {
        let media = try TemporaryDirectory(prefix: "linnet-cli-playlists")
        let music = media.file("Music")
        let tree = LibraryTree(count: 40)  // artist 2, "ＳＩＧＵＲ Ｒós", has albums 2 and 3
        try tree.write(to: music, template: try LibraryTree.template(in: media.path))
        try "#EXTM3U\n\(tree.songs[3].relativePath)\n\(tree.songs[1].relativePath)\n"
            .write(toFile: music + "/mix.m3u8", atomically: true, encoding: .utf8)
        try "[playlist]\nFile1=\(tree.songs[7].relativePath)\nNumberOfEntries=1\n"
            .write(toFile: music + "/mix.pls", atomically: true, encoding: .utf8)
        let service = try LinnetdFixture(arguments: ["--no-restore", "--library", music])
        func lines(_ r: Command.Result) -> [String] { r.stdout.split(separator: "\n").map(String.init) }
        // Scanned: every song in, and the playlist files (recorded after the songs, each in one transaction).
        #expect(
            eventually(60) {
                (try? service.linnet("library", "songs").stdout.split(separator: "\n").count) == 40
                    && (try? lines(service.linnet("playlist", "list")).filter { $0.contains("  (file ") }.count) == 2
            })

        // list: ids first, file playlists with their paths; two files of one name are two lines.
        let listed = lines(try service.linnet("playlist", "list"))
        let m3u = try #require(listed.first { $0.hasSuffix("  mix  2 songs  (file \(music)/mix.m3u8)") }, "\(listed)")
        let pls = try #require(listed.first { $0.hasSuffix("  mix  1 song  (file \(music)/mix.pls)") }, "\(listed)")
        let m3uID = String(m3u.prefix { $0 != " " }), plsID = String(pls.prefix { $0 != " " })
        #expect(m3uID != plsID && Int(m3uID) != nil && Int(plsID) != nil)
        let json = lines(try service.linnet("playlist", "list", "--json"))
        #expect(
            json.contains {
                $0.contains("\"id\":\"/org/linnet/Playlist/\(plsID)\"") && $0.contains("\"path\":\"\(music)/mix.pls\"")
            },
            "\(json)")
        // show and songs --playlist by id or path: each file its own songs; by the shared name: refused, not merged.
        #expect(lines(try service.linnet("playlist", "show", plsID)).count == 1)
        #expect(lines(try service.linnet("playlist", "show", music + "/mix.m3u8")).count == 2)
        #expect(lines(try service.linnet("library", "songs", "--playlist", m3uID)).count == 2)
        let ambiguous = try service.linnet("playlist", "show", "mix")
        #expect(ambiguous.status == 1 && ambiguous.stderr.contains("names 2 playlists"), "\(ambiguous.stderr)")

        // create/rename refuse reserved and taken names with the same message.
        #expect(try service.linnet("playlist", "create", "Road Trip").status == 0)
        #expect(try service.linnet("playlist", "create", "Night").status == 0)
        for name in ["Most Played", "road trip"] {
            let created = try service.linnet("playlist", "create", name)
            let renamed = try service.linnet("playlist", "rename", "Night", name)
            #expect(
                created.status == 1 && renamed.status == 1 && created.stderr == renamed.stderr,
                "\(created.stderr) / \(renamed.stderr)")
        }
        #expect(try service.linnet("playlist", "rename", "night", "Night Drive").status == 0)

        // add: no match exits 1 as library play does, with the closest name; songs and streams counted apart.
        let none = try service.linnet("playlist", "add", "Road Trip", "--artist", "nosuchartist")
        #expect(none.status == 1 && none.stderr.contains("no artist 'nosuchartist' in the library"), "\(none.stderr)")
        let hint = "no artist 'sigur'; did you mean 'ＳＩＧＵＲ Ｒós'?"
        let play = try service.linnet("library", "play", "--artist", "sigur")
        #expect(play.status == 1 && play.stderr.contains(hint), "\(play.stderr)")
        let add = try service.linnet("playlist", "add", "Road Trip", "--artist", "sigur")
        #expect(add.status == 1 && add.stderr.contains(hint), "\(add.stderr)")
        let songs = try service.linnet("library", "songs", "--artist", "sigur")
        #expect(songs.status == 0 && songs.stdout.isEmpty && songs.stderr.contains(hint), "\(songs.stderr)")
        #expect(try service.linnet("playlist", "add", "road trip", "--album", "album 00000 sessions").status == 0)
        #expect(
            try service.linnet("playlist", "add", "Road Trip", "http://127.0.0.1:9/a", "http://127.0.0.1:9/b").status
                == 0)
        #expect(
            lines(try service.linnet("playlist", "list")).contains { $0.hasSuffix("  Road Trip  10 songs, 2 streams") })

        // move and remove count from 1, and say so when past the end.
        #expect(try service.linnet("playlist", "move", "Road Trip", "12", "1").status == 0)
        #expect(
            lines(try service.linnet("playlist", "show", "Road Trip")).first?.hasPrefix("1  http://127.0.0.1:9/b")
                == true)
        let past = try service.linnet("playlist", "remove", "Road Trip", "99")
        #expect(
            past.status == 1 && past.stderr.contains("no entry 99 in playlist 'Road Trip': it has 12"), "\(past.stderr)"
        )
        let pastMove = try service.linnet("playlist", "move", "Road Trip", "1", "13")
        #expect(pastMove.status == 1 && pastMove.stderr.contains("no entry 13 "), "\(pastMove.stderr)")
    }
}
