import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// The library and stored-playlist commands of the MPD front end on the real service, over a generated tree
    /// whose answers the generator knows, driven by mpc and python3-mpd.
    @Suite(.serialized) struct MPDLibraryTests {
        static let library = "org.mpris.MediaPlayer2.linnet.Library"

        final class Setup {
            /// 2020-01-01T00:00:00Z.
            static let day0: Int64 = 1_577_836_800
            let f: ServiceFixture
            let tree = LibraryTree(count: 40)
            let music: String
            let socket: String
            /// The cover file of the first song's folder (albumart reads it).
            let cover = Array((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })

            init() throws {
                f = try ServiceFixture()
                music = f.stateDir.file("Music")
                socket = f.stateDir.file("mpd.socket")
                try tree.write(to: music, template: try LibraryTree.template(in: f.stateDir.path))
                // Song i last changed on day i of 2020 (UTC midnight): Last-Modified and modified-since know it.
                for (i, song) in tree.songs.enumerated() {
                    try FileManager.default.setAttributes(
                        [.modificationDate: Date(timeIntervalSince1970: Double(Self.day0 + Int64(i) * 86_400))],
                        ofItemAtPath: music + "/" + song.relativePath)
                }
                let firstFolder = (tree.songs[0].relativePath as NSString).deletingLastPathComponent
                try Data(cover).write(to: URL(fileURLWithPath: music + "/" + firstFolder + "/cover.jpg"))
                try "#EXTM3U\n\(tree.songs[3].relativePath)\n\(tree.songs[1].relativePath)\n"
                    .write(toFile: music + "/Favourites.m3u8", atomically: true, encoding: .utf8)
                try f.launch(["--no-restore", "--library", music, "--mpd", socket])
                try f.waitUntil("first scan", timeout: 60) {
                    try f.get(MPDLibraryTests.library, "Scanning") == .boolean(false)
                        && f.get(MPDLibraryTests.library, "Songs") == .uint32(UInt32(tree.songs.count))
                }
            }

            func mpc(_ args: String...) throws -> [String] {
                let r = try Child.run("mpc", args, environment: f.environment.merging(["MPD_HOST": socket]) { $1 })
                guard r.status == 0 else {
                    throw ServiceFixture.Failure(description: "mpc \(args) exited \(r.status): \(r.output)")
                }
                return r.output.split(separator: "\n").map(String.init)
            }

            /// Runs a python3-mpd script with the client `c` connected (`sys.argv[2…]` are `arguments`); its printed
            /// lines.
            func python(_ body: String, arguments: [String] = []) throws -> [String] {
                let script = "import mpd, sys\nc = mpd.MPDClient(); c.connect(sys.argv[1])\n" + body
                let file = f.stateDir.file("client.py")
                try script.write(toFile: file, atomically: true, encoding: .utf8)
                let r = try Child.run("/usr/bin/python3", [file, socket] + arguments, environment: f.environment)
                guard r.status == 0 else {
                    throw ServiceFixture.Failure(description: "python exited \(r.status): \(r.output)\n\(f.log())")
                }
                return r.output.split(separator: "\n").map(String.init)
            }
        }

        @Test func mpcBrowsesSearchesListsAndQueuesTheLibrary() throws {
            let s = try Setup()
            let paths = s.tree.songs.map(\.relativePath)
            #expect(try s.mpc("listall").sorted() == paths.sorted())
            let tops = Set(paths.map { String($0.split(separator: "/")[0]) })
            // The root lists the stored playlists too, as MPD's does.
            let playlists = Set(try s.mpc("lsplaylists"))
            #expect(Set(try s.mpc("ls")).subtracting(playlists) == tops)
            let first = s.tree.songs[0]
            let album = (first.relativePath as NSString).deletingLastPathComponent
            let inAlbum = paths.filter { $0.hasPrefix(album + "/") }
            #expect(try s.mpc("ls", album).sorted() == inAlbum.sorted())

            let artist = first.artists[0]
            let byArtist = s.tree.songs.filter { $0.artists.contains(artist) }.map(\.relativePath)
            #expect(try s.mpc("find", "artist", artist).sorted() == byArtist.sorted())
            #expect(try s.mpc("find", "artist", artist.uppercased()).isEmpty, "find is exact")
            let searched = try s.mpc("search", "artist", artist.uppercased())
            // search folds accents too: every spelling of the name.
            let folded = s.tree.songs.filter {
                $0.artists.contains { LibraryTree.fold($0) == LibraryTree.fold(artist) }
            }
            #expect(searched.sorted() == folded.map(\.relativePath).sorted(), "\(artist): \(searched)")
            #expect(folded.count > byArtist.count, "the tree spells an artist two ways")
            let title = s.tree.songs[5].title
            #expect(try s.mpc("search", "title", title.lowercased()) == [s.tree.songs[5].relativePath])

            let albums = Set(s.tree.songs.map(\.album))
            #expect(try s.mpc("list", "album") == albums.sorted())

            _ = try s.mpc("findadd", "album", first.album)
            #expect(try s.f.get("org.mpris.MediaPlayer2.linnet.Queue", "Length") == .uint32(UInt32(inAlbum.count)))
            #expect(try s.mpc("playlist", "-f", "%file%").sorted() == inAlbum.sorted())
            #expect(try s.mpc("status").joined().contains("[playing]") == false, "add does not start playback")

            #expect(try s.mpc("lsplaylists").contains("Favourites"))
            let favourites = try s.mpc("playlist", "-f", "%file%", "Favourites")
            #expect(favourites == [paths[3], paths[1]], "\(favourites)")

            let stats = try s.mpc("stats")
            #expect(stats.contains { $0.hasPrefix("Songs:") && $0.hasSuffix(" 40") }, "\(stats)")

            // --wait returns once the scan's `update` event came and status has no updating_db any more.
            _ = try s.mpc("update", "--wait")
            #expect(try !s.mpc("status").joined().contains("Updating DB"))
        }

        /// Last-Modified as the scan saw each file, `modified-since` and `sort -Last-Modified` ("recently changed").
        @Test func songsCarryTheirModificationTimeForRecentlyChangedLists() throws {
            let s = try Setup()
            let paths = s.tree.songs.map(\.relativePath)
            let lines = try s.python(
                """
                print('first', c.lsinfo(sys.argv[2])[0]['last-modified'])
                print('since', sorted(x['file'] for x in c.find('(modified-since "2020-01-31")')))
                print('newest', [x['file'] for x in c.find('(base "")', 'sort', '-Last-Modified', 'window', '0:3')])
                print('oldest', [x['file'] for x in c.search('(file contains "")', 'sort', 'Last-Modified', 'window', '0:1')])
                print('epoch', len(c.find('(modified-since "1577836800")')))
                """.replacingOccurrences(of: "sys.argv[2]", with: "'\(paths[0])'"))
            #expect(lines.contains("first 2020-01-01T00:00:00Z"), "\(lines)")
            #expect(
                lines.contains("since \(paths[30...].sorted())".replacingOccurrences(of: "\"", with: "'")), "\(lines)")
            #expect(
                lines.contains("newest \([paths[39], paths[38], paths[37]])".replacingOccurrences(of: "\"", with: "'")),
                "\(lines)")
            #expect(lines.contains("oldest \([paths[0]])".replacingOccurrences(of: "\"", with: "'")), "\(lines)")
            #expect(lines.contains("epoch 40"), "\(lines)")
        }

        @Test func pythonMPDGroupsCountsStreamsAndFetchesArt() throws {
            let s = try Setup()
            let lines = try s.python(
                """
                groups = c.list('album', 'group', 'albumartist')
                print('groups', len(groups))
                counts = c.count('group', 'artist')
                print('counted', sum(int(x) for x in counts['songs']) >= 40, len(counts['artist']))
                everything = c.listallinfo()
                print('files', sum(1 for x in everything if 'file' in x))
                print('dirs', sum(1 for x in everything if 'directory' in x) > 0)
                # Inside a command list the streamed reply is built whole, in order with the others.
                c.command_list_ok_begin(); c.listall(); c.ping(); listed = c.command_list_end()
                print('listed', sum(1 for x in listed[0] if 'file' in x), listed[1])
                art = c.albumart(sys.argv[2])
                print('art', len(art['binary']))
                pic = c.readpicture(sys.argv[2])
                print('picture', 'binary' in pic)
                print('search', len(c.search('(Title contains_ci "SONG 00000")')))
                import socket
                raw = socket.socket(socket.AF_UNIX); raw.connect(sys.argv[1]); r = raw.makefile('rwb')
                r.readline(); r.write(b'idle update database\\n'); r.flush()
                print('job', c.update().isdigit())
                changed = []
                while True:
                    line = r.readline().decode().strip()
                    if line == 'OK' or not line: break
                    changed.append(line)
                print('idle', changed)
                """.replacingOccurrences(of: "sys.argv[2]", with: "'\(s.tree.songs[0].relativePath)'"))
            let text = lines.joined(separator: "\n")
            // One row per album: the library gives each album one album artist (a guest on some tracks splits
            // nothing), and python-mpd starts a row at each Album line.
            #expect(lines.contains("groups \(s.tree.albumCount)"), "\(text)")
            let artists = Set(s.tree.songs.flatMap(\.artists))
            #expect(lines.contains("counted True \(artists.count)"), "\(text)")
            #expect(lines.contains("files 40"), "\(text)")
            #expect(lines.contains("dirs True"), "\(text)")
            #expect(lines.contains("listed 40 None"), "\(text)")
            #expect(lines.contains("art \(s.cover.count)"), "\(text)")
            #expect(lines.contains("picture False"), "\(text)")
            #expect(lines.contains("search 10"), "\(text)")
            #expect(lines.contains("job True"), "\(text)")
            #expect(lines.contains { $0.hasPrefix("idle [") && $0.contains("update") }, "\(text)")
        }
    }
}
