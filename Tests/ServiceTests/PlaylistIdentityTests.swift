import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// Playlists with identities on the real linnetd: one naming rule for CreatePlaylist and RenamePlaylist, ids
    /// (object path or alone) accepted wherever a name is, playlist files of one name told apart everywhere,
    /// songs and streams counted apart, 1-based entries in messages, and NoMatch with "did you mean" names.
    @Suite(.serialized) struct PlaylistIdentityTests {
        static let library = "org.mpris.MediaPlayer2.linnet.Library"
        static let playlists = "org.mpris.MediaPlayer2.Playlists"
        static let prefix = "/org/linnet/Playlist/"

        final class Setup {
            let f: ServiceFixture
            let tree = LibraryTree(count: 40)
            let music: String

            /// The tree plus two playlist files named alike: mix.m3u8 (songs 3, 1) and mix.pls (song 7).
            init() throws {
                f = try ServiceFixture()
                music = f.stateDir.file("Music")
                try tree.write(to: music, template: try LibraryTree.template(in: f.stateDir.path))
                try "#EXTM3U\n\(tree.songs[3].relativePath)\n\(tree.songs[1].relativePath)\n"
                    .write(toFile: music + "/mix.m3u8", atomically: true, encoding: .utf8)
                try "[playlist]\nFile1=\(tree.songs[7].relativePath)\nNumberOfEntries=1\nVersion=2\n"
                    .write(toFile: music + "/mix.pls", atomically: true, encoding: .utf8)
                try f.launch(["--no-restore", "--library", music])
                try f.waitUntil("first scan", timeout: 60) {
                    try f.get(PlaylistIdentityTests.library, "Scanning") == .boolean(false)
                        && f.get(PlaylistIdentityTests.library, "Songs") == .uint32(UInt32(tree.songs.count))
                }
            }

            func call(_ method: String, _ args: [DBusValue]) throws -> [DBusValue] {
                try f.call(PlaylistIdentityTests.library, method, args)
            }

            func filter(_ pairs: [(String, DBusValue)]) -> DBusValue {
                .dictionary(key: .string, value: .variant, pairs.map { DBusDictEntry(.string($0.0), .variant($0.1)) })
            }

            /// The error a call ends in (name and message), nil when it succeeds.
            func failure(_ method: String, _ args: [DBusValue]) -> DBusError? {
                do { _ = try call(method, args); return nil } catch let e as DBusError { return e } catch {
                    return DBusError(name: "?", message: "\(error)")
                }
            }

            func list() throws -> [[String: DBusValue]] {
                guard case .array(_, let rows)? = try call("ListPlaylists", []).first else { return [] }
                return rows.map { ($0.stringKeyedDictionary ?? [:]).mapValues(\.unwrappingVariants) }
            }

            func row(path: String) throws -> [String: DBusValue]? {
                try list().first { $0["path"] == .string(music + "/" + path) }
            }

            func titles(_ playlist: String) throws -> [String] {
                let reply = try call(
                    "Query",
                    [
                        .string("songs"), filter([("playlist", .string(playlist))]), .string(""),
                        .uint32(0), .uint32(1000)
                    ])
                guard case .array(_, let rows)? = reply.first else { return [] }
                return rows.compactMap { $0.stringKeyedDictionary?["xesam:title"]?.unwrappingVariants.stringValue }
            }

            /// The queue's titles (TrackList).
            func queued() throws -> [String] {
                let ids = try f.tracks().map { DBusValue.objectPath(DBusObjectPath($0)!) }
                let out = try f.call(ServiceFixture.trackList, "GetTracksMetadata", [.array(element: .objectPath, ids)])
                guard case .array(_, let items)? = out.first else { return [] }
                return items.compactMap { $0.stringKeyedDictionary?["xesam:title"]?.unwrappingVariants.stringValue }
            }

            func entries(_ playlist: String) throws -> [String] {
                guard case .array(_, let rows)? = try call("PlaylistEntries", [.string(playlist)]).first else {
                    return []
                }
                return rows.compactMap { $0.stringKeyedDictionary?["xesam:title"]?.unwrappingVariants.stringValue }
            }
        }

        @Test func createAndRenameRefuseReservedAndTakenNamesAlike() throws {
            let s = try Setup()
            let road = try #require(try s.call("CreatePlaylist", [.string("Road Trip")]).first?.stringValue)
            let night = try #require(try s.call("CreatePlaylist", [.string("Night")]).first?.stringValue)
            for name in ["Most Played", "recently added", "RECENT", "mostplayed", "road trip", "ROAD  TRIP", "42", " "]
            {
                let created = s.failure("CreatePlaylist", [.string(name)])
                let renamed = s.failure("RenamePlaylist", [.string("Night"), .string(name)])
                #expect(created?.name == "org.freedesktop.DBus.Error.InvalidArgs", "create \(name)")
                #expect(
                    created?.message == renamed?.message && created != nil,
                    "\(name): \(String(describing: created)) / \(String(describing: renamed))")
            }
            #expect(s.failure("CreatePlaylist", [.string("Most Played")])?.message.contains("reserved") == true)
            #expect(
                s.failure("CreatePlaylist", [.string("road trip")])?.message.contains("'Road Trip' exists already")
                    == true)
            // A playlist may take its own name in another spelling; a file playlist's name is free for the user's own.
            #expect(s.failure("RenamePlaylist", [.string("night"), .string("NIGHT")]) == nil)
            #expect(s.failure("RenamePlaylist", [.string(night), .string("Mix")]) == nil)
            let names = try s.list().compactMap { $0["name"]?.stringValue }
            #expect(names.filter { $0.lowercased() == "mix" }.count == 3, "\(names)")
            // Ids are never given out again: a deleted playlist's id does not come back.
            try _ = s.call("DeletePlaylist", [.string(road)])
            let later = try #require(try s.call("CreatePlaylist", [.string("Later")]).first?.stringValue)
            #expect(later != road && Int(later.dropFirst(Self.prefix.count))! > Int(road.dropFirst(Self.prefix.count))!)
        }

        @Test func idsWorkWhereNamesDoAndCountsSaySongsAndStreamsApart() throws {
            let s = try Setup()
            let path = try #require(try s.call("CreatePlaylist", [.string("Road Trip")]).first?.stringValue)
            let id = String(path.dropFirst(Self.prefix.count))
            try _ = s.call(
                "AddToPlaylist",
                [
                    .string(id), .string("songs"), s.filter([("album", .string("album 00001 sessions"))]),
                    .string("")
                ])
            try _ = s.call(
                "AddStreamsToPlaylist", [.string(path), DBusValue(["http://127.0.0.1:9/a", "https://127.0.0.1:9/b"])])
            let row = try #require(try s.list().first { $0["id"] == .objectPath(DBusObjectPath(path)!) })
            #expect(row["songs"] == .uint32(10) && row["streams"] == .uint32(2) && row["path"] == nil, "\(row)")
            try _ = s.call("MovePlaylistEntry", [.string(path), .uint32(9), .uint32(0)])
            try _ = s.call("RemoveFromPlaylist", [.string(id), .uint32(1)])
            #expect(try s.titles(id).count == 9)
            #expect(try s.titles(path) == s.titles("road trip"))
            #expect(try s.entries(id).first == s.tree.songs[19].title)
            let export = s.f.stateDir.file("road.m3u8")
            try _ = s.call("ExportPlaylist", [.string(id), .string(export)])
            #expect(try String(contentsOfFile: export, encoding: .utf8).contains("#PLAYLIST:Road Trip"))
            try _ = s.call("RenamePlaylist", [.string(path), .string("Long Road")])
            #expect(try s.list().contains { $0["name"] == .string("Long Road") })
            // Positions in messages are counted from 1, as `linnet playlist show` numbers the entries.
            let past = s.failure("RemoveFromPlaylist", [.string(id), .uint32(98)])
            #expect(
                past?.message == "no entry 99 in playlist 'Long Road': it has 11 (numbered from 1)",
                "\(String(describing: past))")
            #expect(
                s.failure("MovePlaylistEntry", [.string(id), .uint32(0), .uint32(11)])?.message.hasPrefix(
                    "no entry 12 ") == true)
            try _ = s.call("DeletePlaylist", [.string(id)])
            #expect(try !s.list().contains { $0["name"] == .string("Long Road") })
            #expect(s.failure("PlaylistEntries", [.string(path)])?.message == "no playlist with id \(id)")
        }

        @Test func playlistFilesOfOneNameStayApart() throws {
            let s = try Setup()
            let m3u = try #require(try s.row(path: "mix.m3u8"))
            let pls = try #require(try s.row(path: "mix.pls"))
            #expect(m3u["name"] == .string("mix") && pls["name"] == .string("mix") && m3u["id"] != pls["id"])
            #expect(m3u["songs"] == .uint32(2) && pls["songs"] == .uint32(1) && m3u["kind"] == .string("file"))
            let m3uID = try #require(m3u["id"]?.stringValue), plsID = try #require(pls["id"]?.stringValue)
            // By name they are ambiguous (never merged); by id or path each is itself.
            let ambiguous = s.failure("PlaylistEntries", [.string("MIX")])
            #expect(ambiguous?.message.contains("names 2 playlists") == true, "\(String(describing: ambiguous))")
            #expect(
                s.failure(
                    "Query",
                    [
                        .string("songs"), s.filter([("playlist", .string("mix"))]), .string(""), .uint32(0),
                        .uint32(10)
                    ])?.name == "org.freedesktop.DBus.Error.InvalidArgs")
            let m3uTitles = [s.tree.songs[3].title, s.tree.songs[1].title], plsTitles = [s.tree.songs[7].title]
            #expect(try s.titles(m3uID) == m3uTitles && s.titles(s.music + "/mix.m3u8") == m3uTitles)
            #expect(try s.titles(plsID) == plsTitles && s.titles(s.music + "/mix.pls") == plsTitles)
            #expect(try s.entries(plsID) == plsTitles && s.entries(m3uID) == m3uTitles)
            // MPRIS Playlists lists both under their ids, and activating each plays that one.
            for (id, titles) in [(plsID, plsTitles), (m3uID, m3uTitles)] {
                try _ = s.f.call(Self.playlists, "ActivatePlaylist", [.objectPath(DBusObjectPath(id)!)])
                try s.f.waitUntil("\(id) queued", timeout: 10) { try s.queued() == titles }
            }
        }

        @Test func noMatchSaysWhichValueAndWhatItMayHaveMeant() throws {
            let s = try Setup()
            try _ = s.call("CreatePlaylist", [.string("Road Trip")])
            let sigur = "ＳＩＧＵＲ Ｒós"  // LibraryTree's artist 2, full-width
            let enqueue = s.failure(
                "Enqueue",
                [
                    .string("songs"), s.filter([("artist", .string("sigur"))]), .string(""),
                    .string("replace")
                ])
            #expect(enqueue?.name == "org.mpris.MediaPlayer2.linnet.Error.NoMatch")
            #expect(enqueue?.message == "no artist 'sigur'; did you mean '\(sigur)'?", "\(String(describing: enqueue))")
            let add = s.failure(
                "AddToPlaylist",
                [
                    .string("Road Trip"), .string("songs"),
                    s.filter([("artist", .string("sigur"))]), .string("")
                ])
            #expect(add?.name == enqueue?.name && add?.message == enqueue?.message)
            #expect(
                s.failure(
                    "AddToPlaylist",
                    [
                        .string("Road Trip"), .string("songs"),
                        s.filter([("artist", .string("nosuchartist"))]), .string("")
                    ])?.message
                    == "no artist 'nosuchartist' in the library")
            // Every value exists, only the combination matches nothing: no hint, still NoMatch.
            let both = s.failure(
                "Enqueue",
                [
                    .string("songs"), s.filter([("artist", .string("bjork")), ("year", .int32(1999))]),
                    .string(""), .string("append")
                ])
            #expect(
                both?.name == "org.mpris.MediaPlayer2.linnet.Error.NoMatch"
                    && both?.message == "no song matches the query")
            // A misspelling within the edit bound, an album, and CheckFilter for clients that list (Query).
            #expect(
                s.failure(
                    "Enqueue",
                    [
                        .string("songs"), s.filter([("genre", .string("jaz"))]), .string(""),
                        .string("append")
                    ])?.message == "no genre 'jaz'; did you mean 'Jazz'?")
            let reply = try s.call(
                "CheckFilter",
                [
                    s.filter([
                        ("artist", .string("bjrok")), ("album", .string("Album 00001")),
                        ("genre", .string("Rock"))
                    ])
                ])
            guard case .array(_, let misses)? = reply.first else { Issue.record("CheckFilter: \(reply)"); return }
            #expect(misses.count == 2)
            // Björk is spelled two ways in the tree; either spelling is the one name.
            if case .structure(let artist)? = misses.first, case .array(_, let names) = artist[2] {
                #expect(
                    artist[0] == .string("artist") && names.count == 1
                        && LibraryTree.fold(names.first?.stringValue ?? "") == "bjork", "\(artist)")
            } else {
                Issue.record("no artist miss in \(misses)")
            }
            if case .structure(let album)? = misses.last, case .array(_, let names) = album[2] {
                #expect(names.first == .string("Album 00001 Sessions"), "\(names)")
            } else {
                Issue.record("no album miss in \(misses)")
            }
            #expect(try s.f.tracks().isEmpty)
        }
    }
}
