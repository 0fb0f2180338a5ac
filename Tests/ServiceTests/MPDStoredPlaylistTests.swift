import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// Filling stored playlists over MPD (save, playlistadd, playlistclear, searchaddpl) on the real service, with
    /// mpc and python3-mpd: the results as MPD clients list them, as the Library interface lists them, and what
    /// idle clients and the desktop hear.
    @Suite(.serialized) struct MPDStoredPlaylistTests {
        typealias Setup = MPDLibraryTests.Setup
        static let playlists = "org.mpris.MediaPlayer2.Playlists"
        /// A stream nothing answers at: adding it reads nothing (the queue and playlists only hold the URL).
        static let stream = "http://127.0.0.1:9/radio.mp3"

        /// The titles of a playlist's entries as the Library interface gives them (a stream's title is its URL).
        static func entryTitles(_ s: Setup, _ playlist: String) throws -> [String] {
            let reply = try s.f.call(MPDLibraryTests.library, "PlaylistEntries", [.string(playlist)])
            guard case .array(_, let rows)? = reply.first else { return [] }
            return rows.compactMap { $0.stringKeyedDictionary?["xesam:title"]?.unwrappingVariants.stringValue }
        }

        static func title(_ s: Setup, _ file: String) -> String {
            s.tree.songs.first { $0.relativePath == file }?.title ?? file
        }

        /// The JSON object the script prints last.
        static func json(_ lines: [String]) throws -> [String: Any] {
            let last = try #require(lines.last.map { Data($0.utf8) })
            return try #require(try JSONSerialization.jsonObject(with: last) as? [String: Any], "\(lines)")
        }

        /// Python helpers: `changed(f, *args)` runs a command while a second connection waits in
        /// `idle stored_playlist` and gives what that idle reported (a change noted before the idle began is
        /// reported when it begins, so the order of the two connections does not matter); `ack(f, *args)` gives
        /// "OK" or the command's ACK.
        static let helpers = """
            import json, socket
            raw = socket.socket(socket.AF_UNIX); raw.connect(sys.argv[1]); raw.settimeout(10)
            r = raw.makefile('rwb'); r.readline()
            def changed(f, *args):
                r.write(b'idle stored_playlist\\n'); r.flush()
                f(*args)
                lines = []
                try:
                    while True:
                        line = r.readline().decode().strip()
                        if line == 'OK' or not line: return lines
                        lines.append(line)
                except socket.timeout:
                    return lines + ['timeout']
            def ack(f, *args):
                try:
                    f(*args); return 'OK'
                except mpd.CommandError as e:
                    return str(e)

            """

        @Test func mpcSavesTheQueueWithItsStreamAndLoadsItBack() throws {
            let s = try Setup()
            let album = s.tree.songs[0].album
            let inAlbum = s.tree.songs.filter { $0.album == album }.map(\.relativePath).sorted()
            // findadd queues at once (add of a folder may finish in the background).
            _ = try s.mpc("findadd", "album", album)
            _ = try s.mpc("add", Self.stream)
            let queue = try s.mpc("playlist", "-f", "%file%")
            #expect(queue == inAlbum + [Self.stream])

            let recorder = try SignalRecorder(address: s.f.servers.busAddress)
            let count = try #require(try s.f.get(Self.playlists, "PlaylistCount").integerValue)
            _ = try s.mpc("save", "Mix")
            #expect(try s.mpc("lsplaylists").contains("Mix"))
            #expect(try s.mpc("playlist", "-f", "%file%", "Mix") == queue)
            // The desktop hears of it as of a bus call, and lists the same entries.
            let announced = recorder.propertiesChanged(Self.playlists, "PlaylistCount")?["PlaylistCount"]
            #expect(announced?.integerValue == count + 1)
            #expect(try Self.entryTitles(s, "Mix") == inAlbum.map { Self.title(s, $0) } + [Self.stream])

            let again = try Child.run(
                "mpc", ["save", "Mix"], environment: s.f.environment.merging(["MPD_HOST": s.socket]) { $1 })
            #expect(again.status != 0 && again.output.contains("Playlist already exists"), "\(again.output)")

            // load brings the stream back with the songs, in order.
            _ = try s.mpc("clear")
            _ = try s.mpc("load", "Mix")
            #expect(try s.mpc("playlist", "-f", "%file%") == queue)
        }

        @Test func pythonMPDFillsSavesAndClearsPlaylistsAndIdleHearsEachChange() throws {
            let s = try Setup()
            let paths = s.tree.songs.map(\.relativePath)
            let recorder = try SignalRecorder(address: s.f.servers.busAddress)
            let count = try #require(try s.f.get(Self.playlists, "PlaylistCount").integerValue)
            let lines = try s.python(
                Self.helpers + """
                    out = {}
                    out['dir'] = changed(c.playlistadd, 'Road', 'Artist 2')
                    out['atStart'] = changed(c.playlistadd, 'Road', sys.argv[2], '0')
                    out['stream'] = changed(c.playlistadd, 'Road', sys.argv[3])
                    out['search'] = changed(c.searchaddpl, 'Road', "(Album == 'Album 00001 Sessions')",
                                            'sort', '-Title', 'window', '0:2', 'position', '1')
                    out['road'] = c.listplaylist('Road')
                    # No match: nothing to add, so no playlist is made and nothing changed.
                    out['noMatch'] = ack(c.searchaddpl, 'Empty', 'title', 'no such title')
                    c.findadd('album', 'Album 00000 Sessions'); c.add(sys.argv[3])
                    out['queue'] = [x['file'] for x in c.playlistinfo()]
                    out['create'] = changed(c.save, 'Queue')
                    out['saved'] = c.listplaylist('Queue')
                    out['append'] = changed(c.save, 'Queue', 'append')
                    out['appended'] = len(c.listplaylist('Queue'))
                    out['replace'] = changed(c.save, 'Queue', 'replace')
                    out['replaced'] = c.listplaylist('Queue')
                    out['scratch'] = changed(c.playlistadd, 'Scratch', sys.argv[2])
                    out['clear'] = changed(c.playlistclear, 'Scratch')
                    out['cleared'] = c.listplaylist('Scratch')
                    out['rename'] = changed(c.rename, 'Scratch', 'Scratch 2')
                    out['lists'] = [p['playlist'] for p in c.listplaylists()]
                    print(json.dumps(out))
                    """, arguments: [paths[0], Self.stream])
            let out = try Self.json(lines)
            for key in [
                "dir", "atStart", "stream", "search", "create", "append", "replace", "scratch", "clear", "rename"
            ] {
                #expect(out[key] as? [String] == ["changed: stored_playlist"], "\(key): \(out[key] ?? "-")")
            }
            // A folder's songs in path order; a song at position 0; the stream at the end; the search's two songs
            // (album 1's last two by title, descending) at position 1.
            let road = [paths[0], paths[19], paths[18]] + paths[20..<40].sorted() + [Self.stream]
            #expect(out["road"] as? [String] == road)
            #expect(out["noMatch"] as? String == "OK")
            let queue = paths[0..<10].sorted() + [Self.stream]
            #expect(out["queue"] as? [String] == queue)
            #expect(out["saved"] as? [String] == queue)
            #expect(out["appended"] as? Int == 2 * queue.count)
            #expect(out["replaced"] as? [String] == queue)
            #expect(out["cleared"] as? [String] == [])
            let lists = Set(out["lists"] as? [String] ?? [])
            #expect(lists.isSuperset(of: ["Road", "Queue", "Scratch 2"]) && !lists.contains("Empty"), "\(lists)")

            // The Library interface holds the same entries; the desktop heard of the new playlists and the rename.
            #expect(try Self.entryTitles(s, "Road") == road.map { Self.title(s, $0) })
            #expect(try Self.entryTitles(s, "Queue") == queue.map { Self.title(s, $0) })
            #expect(try Self.entryTitles(s, "Scratch 2").isEmpty)
            #expect(try s.f.get(Self.playlists, "PlaylistCount").integerValue == count + 3)
            let renamed = recorder.wait { $0.member == "PlaylistChanged" }
            guard case .structure(let fields)? = renamed?.arguments.first else {
                Issue.record("no PlaylistChanged after the rename")
                return
            }
            #expect(fields[1] == .string("Scratch 2"))
            let counts = recorder.all("PropertiesChanged").compactMap {
                $0.arguments[1].stringKeyedDictionary?["PlaylistCount"]?.unwrappingVariants.integerValue
            }
            #expect(counts.last == count + 3, "\(counts)")
        }

        @Test func aPlaylistChangedOnTheBusWakesIdleClients() throws {
            let s = try Setup()
            let script = """
                c.idletimeout = 20  # a missed change fails the test instead of hanging it
                print('waiting', flush=True)
                print('changed', c.idle('stored_playlist'), flush=True)
                print('listed', 'Night' in [p['playlist'] for p in c.listplaylists()], flush=True)
                """
            let file = s.f.stateDir.file("idle.py")
            try ("import mpd, sys\nc = mpd.MPDClient(); c.connect(sys.argv[1])\n" + script)
                .write(toFile: file, atomically: true, encoding: .utf8)
            let out = s.f.stateDir.file("idle.out")
            FileManager.default.createFile(atPath: out, contents: nil)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            p.arguments = [file, s.socket]
            p.standardOutput = FileHandle(forWritingAtPath: out)
            try p.run()
            // Once the client is connected a change is reported whether it comes before or during its idle.
            try s.f.waitUntil("the client connected", timeout: 10) {
                ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "").contains("waiting")
            }
            _ = try s.f.call(MPDLibraryTests.library, "CreatePlaylist", [.string("Night")])
            p.waitUntilExit()
            let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
            #expect(text.contains("changed ['stored_playlist']"), "\(text)")
            #expect(text.contains("listed True"), "\(text)")
            #expect(p.terminationStatus == 0, "\(text)")
        }

        @Test func badInputGetsAnAckAndChangesNothing() throws {
            let s = try Setup()
            let paths = s.tree.songs.map(\.relativePath)
            let lines = try s.python(
                Self.helpers + """
                    c.findadd('file', sys.argv[2])
                    made = changed(c.playlistadd, 'Road', sys.argv[2])  # heard here, so not pending below
                    before = (c.playlistinfo(), c.listplaylist('Road'), c.listplaylists())
                    out = {'made': made}
                    out['dotdot'] = ack(c.playlistadd, 'Road', '../etc/passwd')
                    out['absolute'] = ack(c.playlistadd, 'Road', '/etc/passwd')
                    out['fileURI'] = ack(c.playlistadd, 'Road', 'file:///etc/passwd')
                    out['otherScheme'] = ack(c.playlistadd, 'Road', 'ftp://example.com/a.mp3')
                    out['noSong'] = ack(c.playlistadd, 'Road', 'Artist 1/no such.mp3')
                    out['position'] = ack(c.playlistadd, 'Road', sys.argv[2], '2')
                    out['negative'] = ack(c.playlistadd, 'Road', sys.argv[2], '-1')
                    out['newAtOne'] = ack(c.playlistadd, 'New', sys.argv[2], '1')
                    out['readOnly'] = ack(c.playlistadd, 'Favourites', sys.argv[2])
                    out['clearMissing'] = ack(c.playlistclear, 'Nope')
                    out['saveExists'] = ack(c.save, 'Road')
                    out['appendMissing'] = ack(c.save, 'Nope', 'append')
                    out['replaceMissing'] = ack(c.save, 'Nope', 'replace')
                    out['badMode'] = ack(c.save, 'Road', 'bogus')
                    out['emptyName'] = ack(c.save, '')
                    out['reserved'] = ack(c.save, 'Most Played')
                    out['automatic'] = ack(c.save, 'Recently Added')
                    out['foldedTwin'] = ack(c.save, 'ROAD')
                    out['badFilter'] = ack(c.searchaddpl, 'Road', 'artist')
                    out['regex'] = ack(c.searchaddpl, 'Road', '(Title =~ "x")')
                    out['badPosition'] = ack(c.searchaddpl, 'Road', 'title', 'Song', 'position', '5')
                    out['args'] = [ack(c.playlistadd, 'Road'), ack(c.playlistadd, 'Road', sys.argv[2], '0', '1'),
                                   ack(c.playlistclear), ack(c.playlistclear, 'Road', 'x'), ack(c.save),
                                   ack(c.save, 'Road', 'append', 'x'), ack(c.searchaddpl, 'Road')]
                    # Nothing changed, and the connection still works.
                    r.write(b'idle stored_playlist\\n'); r.flush(); r.write(b'noidle\\n'); r.flush()
                    out['pending'] = [r.readline().decode().strip()]
                    out['ping'] = c.ping()
                    out['unchanged'] = (c.playlistinfo(), c.listplaylist('Road'), c.listplaylists()) == before
                    print(json.dumps(out))
                    """, arguments: [paths[0]])
            let out = try Self.json(lines)
            let expected: [String: String] = [
                "dotdot": "[50@0] {playlistadd} No such directory",
                "absolute": "[50@0] {playlistadd} No such directory",
                "fileURI": "[50@0] {playlistadd} Unsupported URI scheme",
                "otherScheme": "[50@0] {playlistadd} Unsupported URI scheme",
                "noSong": "[50@0] {playlistadd} No such directory",
                "position": "[2@0] {playlistadd} Bad position",
                "negative": "[2@0] {playlistadd} Number too large: -1",
                "newAtOne": "[2@0] {playlistadd} Bad position",
                "clearMissing": "[50@0] {playlistclear} No such playlist",
                "saveExists": "[56@0] {save} Playlist already exists",
                "appendMissing": "[50@0] {save} No such playlist",
                "replaceMissing": "[50@0] {save} No such playlist",
                "badMode": "[2@0] {save} Unrecognized save mode, expected one of 'create', 'append', 'replace'",
                "emptyName": "[2@0] {save} Bad playlist name: a playlist name cannot be empty",
                "badFilter": "[2@0] {searchaddpl} Incorrect number of filter arguments",
                "regex": "[2@0] {searchaddpl} regular expressions are not supported",
                "badPosition": "[2@0] {searchaddpl} Bad position"
            ]
            for (key, ack) in expected { #expect(out[key] as? String == ack, "\(key): \(out[key] ?? "-")") }
            // Read-only (a file playlist), reserved and folded-twin names: refused with the library's reason.
            #expect((out["readOnly"] as? String)?.contains("read-only") == true, "\(out["readOnly"] ?? "-")")
            #expect((out["reserved"] as? String)?.contains("reserved") == true, "\(out["reserved"] ?? "-")")
            #expect(out["automatic"] as? String == "[56@0] {save} Playlist already exists")
            #expect((out["foldedTwin"] as? String)?.contains("'Road' exists already") == true)
            let args = out["args"] as? [String] ?? []
            #expect(args.count == 7 && args.allSatisfy { $0.hasPrefix("[2@0]") }, "\(args)")
            #expect(out["made"] as? [String] == ["changed: stored_playlist"])
            #expect(out["pending"] as? [String] == ["OK"], "no stored_playlist change was noted")
            #expect(out["ping"] is NSNull)
            #expect(out["unchanged"] as? Bool == true)
        }
    }
}
