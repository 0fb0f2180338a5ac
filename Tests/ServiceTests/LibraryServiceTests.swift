import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// The media library of the real linnetd on a private bus, checked against a generated tree whose answers the
    /// generator knows: the Library interface, MPRIS Playlists, the `linnet` CLI.
    @Suite(.serialized) struct LibraryServiceTests {
        static let library = "org.mpris.MediaPlayer2.linnet.Library"
        static let playlists = "org.mpris.MediaPlayer2.Playlists"

        final class Setup {
            let f: ServiceFixture
            let tree = LibraryTree(count: 120)
            let music: String

            init() throws {
                f = try ServiceFixture()
                music = f.stateDir.file("Music")
                try tree.write(to: music, template: try LibraryTree.template(in: f.stateDir.path))
                // A playlist file in the library folder (relative entries).
                try "#EXTM3U\n\(tree.songs[3].relativePath)\n\(tree.songs[1].relativePath)\n"
                    .write(toFile: music + "/Favourites.m3u8", atomically: true, encoding: .utf8)
                try f.launch(["--no-restore", "--library", music])
                try f.waitUntil("first scan", timeout: 60) {
                    try f.get(LibraryServiceTests.library, "Scanning") == .boolean(false)
                        && f.get(LibraryServiceTests.library, "Songs") == .uint32(UInt32(tree.songs.count))
                }
            }

            func filter(_ pairs: [(String, DBusValue)]) -> DBusValue {
                .dictionary(key: .string, value: .variant, pairs.map { DBusDictEntry(.string($0.0), .variant($0.1)) })
            }

            func count(_ kind: String, _ pairs: [(String, DBusValue)] = []) throws -> UInt32? {
                try f.call(LibraryServiceTests.library, "Count", [.string(kind), filter(pairs)]).first.flatMap {
                    if case .uint32(let n) = $0 { n } else { nil }
                }
            }

            func query(
                _ kind: String, _ pairs: [(String, DBusValue)] = [], order: String = "",
                offset: UInt32 = 0, limit: UInt32 = 100_000
            ) throws -> [[String: DBusValue]] {
                let reply = try f.call(
                    LibraryServiceTests.library, "Query",
                    [.string(kind), filter(pairs), .string(order), .uint32(offset), .uint32(limit)])
                guard case .array(_, let rows)? = reply.first else { return [] }
                return rows.map { ($0.stringKeyedDictionary ?? [:]).mapValues(\.unwrappingVariants) }
            }

            func errorName(_ body: () throws -> Void) -> String? {
                do { try body(); return nil } catch let e as DBusError { return e.name } catch { return "\(error)" }
            }
        }

        @Test func queriesAnswerWhatTheGeneratorKnows() throws {
            let s = try Setup()
            let xml =
                try s.f.client.call(
                    destination: ServiceFixture.bus, path: ServiceFixture.path,
                    interface: "org.freedesktop.DBus.Introspectable", method: "Introspect"
                )
                .first?.stringValue ?? ""
            for member in [
                "<interface name=\"\(Self.library)\"", "<method name=\"Count\"", "<method name=\"Query\"",
                "<method name=\"Enqueue\"", "<method name=\"Rescan\"", "<property name=\"Scanning\" type=\"b\"",
                "<property name=\"Songs\" type=\"u\"", "<interface name=\"\(Self.playlists)\""
            ] {
                #expect(xml.contains(member), "\(member)")
            }
            #expect(try s.count("songs") == 120)
            #expect(try s.count("artists") == UInt32(s.tree.artistKeys.count))
            #expect(try s.count("albums") == UInt32(s.tree.albumCount))
            #expect(try s.count("genres") == UInt32(LibraryTree.genres.count))
            #expect(try s.count("composers") == UInt32(Set(s.tree.songs.map(\.composer)).count))
            for spelling in ["Björk", "BJORK", "bjork"] {
                #expect(
                    try s.count("songs", [("artist", .string(spelling))])
                        == UInt32(s.tree.songs(byArtist: "bjork").count))
            }
            // One artist row for both spellings, and a guest counts under both artists of a track.
            let artists = try s.query("artists")
            #expect(artists.filter { LibraryTree.fold($0["name"]?.stringValue ?? "") == "bjork" }.count == 1)
            let guest = try #require(artists.first { $0["name"] == .string("Guest 0000") })
            #expect(guest["songs"] == .uint32(UInt32(s.tree.songs(byArtist: "Guest 0000").count)))
            for text in ["sigur ros", "ＳＩＧＵＲ", "東京", "song 00011"] {
                #expect(
                    try s.count("songs", [("text", .string(text))]) == UInt32(s.tree.songs(matching: text).count),
                    "\(text)")
            }
            #expect(
                try s.count("songs", [("year", .int32(1961))]) == UInt32(s.tree.songs.filter { $0.year == 1961 }.count))
            // Song rows carry MPRIS keys with MPRIS types; albums carry albumartist and year.
            let song = try #require(try s.query("songs", [("album", .string("album 00000 sessions"))]).first)
            #expect(song["xesam:title"] == .string(s.tree.songs[0].title))
            #expect(song["xesam:artist"] == DBusValue(["Björk"]))
            #expect(song["xesam:url"]?.stringValue?.hasPrefix("file://") == true)
            #expect(song["mpris:length"]?.signature == .int64)
            #expect(song["xesam:trackNumber"] == .int32(1))
            let album = try #require(try s.query("albums", [("artist", .string("bjork"))], order: "year").first)
            #expect(album["name"] == .string("Album 00000 Sessions") && album["year"] == .int32(1960))
            #expect(album["albumartist"] == .string("Björk") && album["songs"] == .uint32(10))
            #expect(try s.query("songs", order: "title", offset: 5, limit: 3).count == 3)
            // Refusals are InvalidArgs.
            let invalid = "org.freedesktop.DBus.Error.InvalidArgs"
            #expect(s.errorName { _ = try s.count("tracks") } == invalid)
            #expect(s.errorName { _ = try s.count("songs", [("mood", .string("x"))]) } == invalid)
            #expect(s.errorName { _ = try s.count("songs", [("year", .string("1961"))]) } == invalid)
            #expect(s.errorName { _ = try s.query("songs", order: "loudness") } == invalid)
            #expect(
                s.errorName {
                    try s.f.call(
                        Self.library, "Enqueue", [.string("songs"), s.filter([]), .string(""), .string("shuffle")])
                } == invalid)
            #expect(s.errorName { try s.f.call(Self.library, "Count", [.string("songs")]) } == invalid)
        }

        /// Enqueue of a group kind queues group by group in the requested order; playlist files written, edited
        /// and removed in the library folder (inotify only, no bus call) are announced on MPRIS Playlists.
        /// Search as you type over the bus: the first text query (SQLite, while the search index builds) and every
        /// later one (the index) give the same pages, counts and songs as the generator knows, in every script.
        @Test func searchAsYouTypeAnswersAlikeBeforeAndAfterTheIndex() throws {
            let s = try Setup()
            func urls(_ rows: [[String: DBusValue]]) -> [String] { rows.compactMap { $0["xesam:url"]?.stringValue } }
            let kestrel: [(String, DBusValue)] = [("text", .string("kestrel"))]
            let cold = urls(try s.query("songs", kestrel, limit: 50))
            let coldCount = try s.count("songs", kestrel)
            try s.f.waitUntil("search index built", timeout: 30) {
                s.f.log().contains("library: search index of 120 songs")
            }
            #expect(urls(try s.query("songs", kestrel, limit: 50)) == cold)
            #expect(try s.count("songs", kestrel) == coldCount)
            #expect(cold.count == s.tree.songs(matching: "kestrel").count && cold.count > 10)
            for term in ["kestrel", "KESTREL", "ab", "夜曲", "夜", "k", "sigur ros", "ＳＩＧＵＲ", "song 00011", "zzzz"] {
                let text: [(String, DBusValue)] = [("text", .string(term))]
                let expected = Set(s.tree.songs(matching: term).map { $0.relativePath })
                #expect(try s.count("songs", text) == UInt32(expected.count), "\(term)")
                let all = urls(try s.query("songs", text))
                #expect(
                    Set(
                        all.map {
                            String($0.dropFirst(("file://" + s.music + "/").count)).removingPercentEncoding ?? ""
                        })
                        == expected, "\(term)")
                #expect(
                    urls(try s.query("songs", text, offset: 2, limit: 5)) == Array(all.dropFirst(2).prefix(5)),
                    "\(term)")
            }
            // The CLI's search reads the same answers.
            let linnet = URL(fileURLWithPath: ServiceFixture.binary).deletingLastPathComponent().appendingPathComponent(
                "linnet"
            ).path
            let r = try Child.run(linnet, ["search", "夜曲"], environment: s.f.environment)
            #expect(
                r.status == 0 && r.output.split(separator: "\n").count == s.tree.songs(matching: "夜曲").count,
                "\(r.output)")
        }

        @Test func groupEnqueueOrderAndPlaylistFilesFollowInotify() throws {
            let s = try Setup()
            func queuedTitles() throws -> [String] {
                let ids = try s.f.tracks().map { DBusValue.objectPath(DBusObjectPath($0)!) }
                let out = try s.f.call(
                    ServiceFixture.trackList, "GetTracksMetadata", [.array(element: .objectPath, ids)])
                guard case .array(_, let items)? = out.first else { return [] }
                return items.compactMap { $0.stringKeyedDictionary?["xesam:title"]?.unwrappingVariants.stringValue }
            }
            // Albums by year (1960 + album index here): the generator's order, where the natural order (album
            // artist) would start with "Artist 00003"'s album 4 and put Björk's albums 0 and 1 late.
            try s.f.call(
                Self.library, "Enqueue", [.string("albums"), s.filter([]), .string("year"), .string("replace")])
            try s.f.waitUntil("queue replaced", timeout: 10) { try s.f.tracks().count == s.tree.songs.count }
            #expect(try queuedTitles() == s.tree.songs.map(\.title))
            // Next: album 0's songs by genre (one each, so by genre name: Ambient = track 6, Classical = 4, …)
            // go right after the current track.
            try s.f.call(
                Self.library, "Enqueue",
                [
                    .string("genres"), s.filter([("album", .string("album 00000 sessions"))]),
                    .string(""), .string("next")
                ])
            try s.f.waitUntil("inserted", timeout: 10) { try s.f.tracks().count == s.tree.songs.count + 10 }
            let byGenre = [6, 4, 2, 3, 5, 1, 8, 7, 10, 9].map { s.tree.songs[$0 - 1].title }
            #expect(Array(try queuedTitles()[1...10]) == byGenre)

            // The queue plays (0.1 s songs): the first counted play lists Most Played next to Recently Added and
            // Favourites. Then a playlist file appears, grows, goes: PlaylistCount, PlaylistChanged, PlaylistCount.
            try s.f.waitUntil("Most Played listed", timeout: 10) {
                try s.f.get(Self.playlists, "PlaylistCount") == .uint32(3)
            }
            let recorder = try SignalRecorder(address: s.f.servers.busAddress)
            #expect(try s.f.get(Self.playlists, "PlaylistCount") == .uint32(3))
            let mix = s.music + "/Mix.m3u8"
            try "#EXTM3U\n\(s.tree.songs[5].relativePath)\n".write(toFile: mix, atomically: false, encoding: .utf8)
            #expect(recorder.propertiesChanged(Self.playlists, "PlaylistCount")?["PlaylistCount"] == .uint32(4))
            #expect(
                try s.query("songs", [("playlist", .string("mix"))]).map { $0["xesam:title"] } == [
                    .string(s.tree.songs[5].title)
                ])
            recorder.clear()
            try "#EXTM3U\n\(s.tree.songs[5].relativePath)\n\(s.tree.songs[6].relativePath)\n"
                .write(toFile: mix, atomically: false, encoding: .utf8)
            let changed = recorder.wait { $0.member == "PlaylistChanged" }
            guard case .structure(let fields)? = changed?.arguments.first else {
                Issue.record("no PlaylistChanged after the file changed"); return
            }
            #expect(fields[1] == .string("Mix"))
            #expect(try s.query("songs", [("playlist", .string("mix"))]).count == 2)
            recorder.clear()
            #expect(unlink(mix) == 0)
            #expect(recorder.propertiesChanged(Self.playlists, "PlaylistCount")?["PlaylistCount"] == .uint32(3))
            #expect(try s.f.get(Self.playlists, "PlaylistCount") == .uint32(3))
        }

        @Test func enqueuePlaysAndPlaylistsWork() throws {
            let s = try Setup()
            try s.f.call(
                Self.library, "Enqueue",
                [
                    .string("songs"), s.filter([("artist", .string("bjork"))]),
                    .string(""), .string("replace")
                ])
            try s.f.waitUntil("playing", timeout: 10) { try s.f.status() == "Playing" }
            #expect(try s.f.tracks().count == 20)
            #expect(try s.f.metadata()["xesam:title"] == .string(s.tree.songs[0].title))
            // Heard past half its length: the first song's play is counted, and Most Played lists it.
            try s.f.waitUntil("play counted", timeout: 15) {
                try s.query("songs", [("playlist", .string("most played"))]).first?["xesam:title"]
                    == .string(s.tree.songs[0].title)
            }
            let counted = try #require(try s.query("songs", [("album", .string("Album 00000 Sessions"))]).first)
            #expect(counted["xesam:useCount"].flatMap { $0.integerValue } ?? 0 >= 1)
            #expect(counted["xesam:lastUsed"]?.stringValue?.hasSuffix("Z") == true)
            try s.f.call(
                Self.library, "Enqueue",
                [
                    .string("songs"), s.filter([("artist", .string("guest 0000"))]),
                    .string(""), .string("append")
                ])
            #expect(try s.f.tracks().count == 20 + s.tree.songs(byArtist: "Guest 0000").count)

            // User playlist: create, add, reorder, rename, export, activate, delete.
            let path = try s.f.call(Self.library, "CreatePlaylist", [.string("Road Trip")]).first?.stringValue
            #expect(path?.hasPrefix("/org/linnet/Playlist/") == true)
            #expect(s.errorName { try s.f.call(Self.library, "CreatePlaylist", [.string("road trip")]) } != nil)
            try s.f.call(
                Self.library, "AddToPlaylist",
                [
                    .string("road trip"), .string("songs"),
                    s.filter([("album", .string("Album 00001 Sessions"))]), .string("")
                ])
            try s.f.call(Self.library, "MovePlaylistEntry", [.string("Road Trip"), .uint32(9), .uint32(0)])
            try s.f.call(Self.library, "RemoveFromPlaylist", [.string("Road Trip"), .uint32(9)])
            let inList = try s.query("songs", [("playlist", .string("Road Trip"))])
            #expect(inList.count == 9)
            #expect(inList.first?["xesam:trackNumber"] == .int32(10))
            let recorder = try SignalRecorder(address: s.f.servers.busAddress)
            try s.f.call(Self.library, "RenamePlaylist", [.string("Road Trip"), .string("Night Drive")])
            #expect(recorder.wait { $0.member == "PlaylistChanged" } != nil)
            let export = s.f.stateDir.file("night.m3u8")
            try s.f.call(Self.library, "ExportPlaylist", [.string("night drive"), .string(export)])
            let exported = try String(contentsOfFile: export, encoding: .utf8).split(separator: "\n")
            #expect(exported.first == "#EXTM3U")
            #expect(exported.filter { $0.hasPrefix("/") }.count == 9)

            // MPRIS Playlists: every ordering, reverse, the file playlist, the automatic ones, activation.
            #expect(
                try s.f.get(Self.playlists, "Orderings")
                    == DBusValue(["Alphabetical", "CreationDate", "ModifiedDate", "LastPlayDate", "UserDefined"]))
            func names(_ order: String, reverse: Bool = false) throws -> [String] {
                let reply = try s.f.call(
                    Self.playlists, "GetPlaylists", [.uint32(0), .uint32(100), .string(order), .boolean(reverse)])
                guard case .array(_, let items)? = reply.first else { return [] }
                return items.compactMap { if case .structure(let f) = $0 { f[1].stringValue } else { nil } }
            }
            #expect(try names("Alphabetical") == ["Favourites", "Most Played", "Night Drive", "Recently Added"])
            #expect(
                try names("Alphabetical", reverse: true) == [
                    "Recently Added", "Night Drive", "Most Played", "Favourites"
                ])
            for order in ["CreationDate", "ModifiedDate", "LastPlayDate", "UserDefined"] {
                #expect(
                    try Set(names(order)) == ["Favourites", "Most Played", "Night Drive", "Recently Added"], "\(order)")
            }
            #expect(try names("UserDefined").first == "Recently Added")
            #expect(s.errorName { _ = try names("Loudness") } == "org.freedesktop.DBus.Error.InvalidArgs")
            #expect(try s.f.get(Self.playlists, "PlaylistCount") == .uint32(4))
            #expect(
                try s.query("songs", [("playlist", .string("favourites"))]).map { $0["xesam:title"] }
                    == [.string(s.tree.songs[3].title), .string(s.tree.songs[1].title)])
            let night = try #require(path)
            try s.f.call(Self.playlists, "ActivatePlaylist", [.objectPath(DBusObjectPath(night)!)])
            try s.f.waitUntil("playlist playing", timeout: 10) { try s.f.tracks().count == 9 }
            #expect(try s.f.metadata()["xesam:trackNumber"] == .int32(10))
            guard case .structure(let active) = try s.f.get(Self.playlists, "ActivePlaylist").unwrappingVariants else {
                Issue.record("ActivePlaylist is not a structure"); return
            }
            #expect(active.first == .boolean(true))
            #expect(try names("LastPlayDate", reverse: true).first == "Night Drive")
            try s.f.call(Self.library, "DeletePlaylist", [.string("night drive")])
            #expect(try s.f.get(Self.playlists, "PlaylistCount") == .uint32(3))
            #expect(s.errorName { try s.f.call(Self.library, "DeletePlaylist", [.string("Favourites")]) } != nil)
        }

        @Test func cliListsSearchesAndQueues() throws {
            let s = try Setup()
            let linnet = URL(fileURLWithPath: ServiceFixture.binary).deletingLastPathComponent().appendingPathComponent(
                "linnet"
            ).path
            func run(_ args: String...) throws -> [String] {
                let r = try Child.run(linnet, args, environment: s.f.environment)
                #expect(r.status == 0, "linnet \(args): \(r.output)")
                return r.output.split(separator: "\n").map(String.init)
            }
            #expect(try run("library", "artists").count == s.tree.artistKeys.count)
            let search = try run("search", "sigur", "ros")
            #expect(search.count == s.tree.songs(matching: "sigur ros").count)
            #expect(search.first?.contains("ＳＩＧＵＲ Ｒós") == true)
            let albums = try run("library", "albums", "--artist", "BJORK", "--year", "1961")
            #expect(albums == ["Album 00001 Sessions — BJORK (1961)  10 songs"])
            let json = try run("library", "songs", "--album", "album 00000 sessions", "--json")
            #expect(json.count == 10 && json[0].hasPrefix("{") && json[0].contains("\"xesam:title\":\"Song 000000"))
            _ = try run("library", "play", "--genre", LibraryTree.genres[1])
            try s.f.waitUntil("queued", timeout: 10) {
                try s.f.tracks().count == s.tree.songs.filter { $0.genre == LibraryTree.genres[1] }.count
            }
            #expect(try run("library", "rescan").last == "120 songs")
            // Playlists from the CLI.
            _ = try run("playlist", "create", "Mix")
            _ = try run("playlist", "add", "Mix", "--artist", "bjork")
            var shown = try run("playlist", "show", "mix")
            #expect(shown.count == 20 && shown.first?.hasPrefix("1  Song 000000") == true)
            _ = try run("playlist", "remove", "Mix", "1")
            shown = try run("playlist", "show", "MIX")
            #expect(shown.count == 19 && shown.first?.hasPrefix("1  Song 000001") == true)
            let out = s.f.stateDir.file("mix.m3u8")
            _ = try run("playlist", "export", "Mix", out)
            #expect(
                try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("/") }
                    .count == 19)
            let lists = try run("playlist", "list")
            // Each with its id first; a file playlist with its path.
            #expect(lists.contains { $0.hasSuffix("  Mix  19 songs") }, "\(lists)")
            #expect(
                lists.contains { $0.hasSuffix("  Favourites  2 songs  (file \(s.music)/Favourites.m3u8)") }, "\(lists)")
            _ = try run("playlist", "delete", "mix")
            #expect(try !run("playlist", "list").contains { $0.hasSuffix("  Mix  19 songs") })
            let bad = try Child.run(linnet, ["library", "tracks"], environment: s.f.environment)
            #expect(bad.status == 64)
        }
    }
}
