import Dispatch
import FileSystem
import Foundation
import PlayerCore
import SQLite
import Testing
import TestSupport
@testable import MediaLibrary

/// The library against a generated tree on disk: answers match what the generator knows, rescans are
/// incremental, inotify follows changes, bad files and folders are handled.
@Suite(.serialized) struct LibraryScanTests {
    final class Fixture: @unchecked Sendable {
        let dir: TemporaryDirectory
        let music: String
        let tree: LibraryTree
        let queue = DispatchQueue(label: "test.library.service")
        var service: LibraryService!
        let logs = LockedLog()

        init(count: Int) throws {
            dir = try TemporaryDirectory(prefix: "linnet-library")
            music = dir.file("Music")
            tree = LibraryTree(count: count)
            try tree.write(to: music, template: try LibraryTree.template(in: dir.path))
        }

        func start(searchIndexKeep: DispatchTimeInterval = .seconds(300)) throws {
            let log = logs
            service = try queue.sync {
                try LibraryService(
                    databasePath: dir.file("library.db"), roots: [music], serviceQueue: queue,
                    searchIndexKeep: searchIndexKeep, log: { log.append($0) })
            }
        }

        func scanAndWait() throws {
            let before = logs.count { $0.contains("scan finished") }
            service.rescan()
            try wait("scan finished") {
                self.logs.count { $0.contains("scan finished") } > before && !self.status.scanning
            }
        }

        var status: LibraryStatus { queue.sync { service.status } }

        func rows(
            _ kind: LibraryQuery.Kind, _ filter: LibraryQuery.Filter = .init(),
            _ order: LibraryQuery.Order = .natural
        ) throws -> [LibraryRow] {
            try queue.sync {
                try service.rows(LibraryQuery(kind: kind, filter: filter, order: order), offset: 0, limit: 1_000_000)
            }
        }

        func count(_ kind: LibraryQuery.Kind, _ filter: LibraryQuery.Filter = .init()) throws -> Int {
            try queue.sync { try service.count(LibraryQuery(kind: kind, filter: filter)) }
        }

        func songs(_ filter: LibraryQuery.Filter) throws -> [SongRow] {
            try rows(.songs, filter).compactMap { if case .song(let s) = $0 { s } else { nil } }
        }
    }

    final class LockedLog: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ s: String) { lock.withLock { lines.append(s) } }
        func count(where p: (String) -> Bool) -> Int { lock.withLock { lines.filter(p).count } }
        var all: [String] { lock.withLock { lines } }
    }

    static func wait(_ what: String, timeout: Double = 30, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while try !condition() {
            if Date() > deadline { throw WaitTimeout(what: what) }
            usleep(20_000)  // polling back-off, not synchronisation: the condition decides
        }
    }
    struct WaitTimeout: Error { var what: String }
    func wait(_ what: String, timeout: Double = 30, _ condition: () throws -> Bool) throws {
        try Self.wait(what, timeout: timeout, condition)
    }

    @Test func answersMatchTheGenerator() throws {
        let f = try Fixture(count: 260)
        try f.start()
        try f.scanAndWait()
        #expect(f.status.songs == 260)
        #expect(try f.count(.songs) == 260)
        #expect(try f.count(.artists) == f.tree.artistKeys.count)
        #expect(try f.count(.albums) == f.tree.albumCount)
        #expect(try f.count(.genres) == LibraryTree.genres.count)
        // Björk and BJORK are one artist; a track with two artists counts under both.
        let bjork = try f.songs(.init(artist: "bjork"))
        #expect(bjork.count == f.tree.songs(byArtist: "Björk").count)
        #expect(bjork.count == 20)
        let artists = try f.rows(.artists)
        let names = artists.compactMap { if case .group(let g) = $0 { TextFolding.fold(g.name) } else { nil } }
        #expect(names.filter { $0 == "bjork" }.count == 1)
        let guest = try f.songs(.init(artist: "Guest 0000"))
        #expect(guest.count == f.tree.songs(byArtist: "Guest 0000").count && !guest.isEmpty)
        // Accent- and width-insensitive search; CJK by substring.
        for text in ["sigur ros", "SIGUR RÓS", "night", "東京", "album 00003"] {
            #expect(try f.count(.songs, .init(text: text)) == f.tree.songs(matching: text).count, "search \(text)")
        }
        #expect(try f.count(.songs, .init(text: "東京")) > 0)
        // Query syntax in the text is searched for literally, not parsed (quotes, operators, stars).
        for text in ["Don\"t", "night OR song", "son*", "\"", "a\"b\"c", "NEAR(x y)"] {
            #expect(try f.count(.songs, .init(text: text)) == f.tree.songs(matching: text).count, "search \(text)")
        }
        // Year, genre and combined filters.
        let y1961 = f.tree.songs.filter { $0.year == 1961 }.count
        #expect(try f.count(.songs, .init(year: 1961)) == y1961)
        #expect(try f.count(.songs, .init(artist: "bjork", year: 1960)) == 10)
        // Compilations group under Various Artists.
        let va = try f.rows(.albums, .init(albumArtist: "various artists"))
        #expect(
            va.count
                == f.tree.songs.filter(\.compilation).map(\.album).reduce(into: Set<String>()) { $0.insert($1) }.count)
        // Song rows carry their tags and a playable URI; natural order is album, disc, track.
        let first = try #require(try f.songs(.init(album: "Album 00000 Sessions")).first)
        #expect(first.title.hasPrefix("Song 000000"))
        #expect(first.trackNumber == 1)
        #expect(first.uri.hasPrefix("file://") && first.uri.hasSuffix(".mp3"))
        #expect(first.durationMicroseconds != nil)
        // Paging.
        let page = try f.queue.sync {
            try f.service.rows(LibraryQuery(kind: .songs, order: .title), offset: 10, limit: 5)
        }
        #expect(page.count == 5)
    }

    @Test func rescansAreIncrementalAndBadInputIsHandled() throws {
        let f = try Fixture(count: 30)
        let fm = FileManager.default
        // Untagged file: title from its name. Corrupt file. Non-UTF-8 name. A symlink loop.
        try fm.copyItem(atPath: f.music + "/" + f.tree.songs[0].relativePath, toPath: f.music + "/tagged copy.mp3")
        try Data(repeating: 0x00, count: 4096).write(to: URL(fileURLWithPath: f.music + "/broken.mp3"))
        let template = try LibraryTree.template(in: f.dir.path)
        try template.write(to: URL(fileURLWithPath: f.music + "/Plain Name.mp3"))
        let odd = Array(f.music.utf8) + Array("/caf".utf8) + [0xE9] + Array(".mp3".utf8)
        _ = odd.withUnsafeBufferPointer { buf in
            template.withUnsafeBytes { bytes -> Int in
                let path = String(decoding: buf.map { $0 }, as: UTF8.self)
                _ = path
                let fd = (buf.map { Int8(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
                    open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644)
                }
                defer { close(fd) }
                return write(fd, bytes.baseAddress, bytes.count)
            }
        }
        try fm.createSymbolicLink(atPath: f.music + "/Artist 1/loop", withDestinationPath: f.music)
        try f.start()
        try f.scanAndWait()
        #expect(f.status.songs == 33)  // 30 + copy + plain + odd name; broken is recorded, not a song
        #expect(try f.songs(.init(text: "plain name")).map(\.title) == ["Plain Name"])
        let oddSong = try #require(try f.songs(.init()).first { $0.path == odd })
        #expect(BytePath.bytes(oddSong.pathString) == odd)  // the queue's string form keeps the bytes
        #expect(oddSong.uri.hasSuffix("caf%E9.mp3"))
        let db = try SQLiteDatabase(path: f.dir.file("library.db"))
        let broken = try db.query(
            "SELECT error FROM files WHERE path = ?", [.blob(Array((f.music + "/broken.mp3").utf8))])
        #expect(broken.first?.first?.text?.isEmpty == false)

        // Unchanged rescan reads nothing; a changed file is read again.
        let added = try db.query("SELECT max(added), count(*) FROM files").first
        try f.scanAndWait()
        #expect(try db.query("SELECT max(added), count(*) FROM files").first == added)
        #expect(f.status.songs == 33)

        // inotify: a new album folder, a removed file, a renamed file, within 2 s each.
        let newDir = f.music + "/New Artist/New Album"
        try fm.createDirectory(atPath: newDir, withIntermediateDirectories: true)
        var tags = LibraryTree.id3v24([("TIT2", ["Fresh Arrival"]), ("TPE1", ["Newcomer"])])
        tags.append(template)
        try tags.write(to: URL(fileURLWithPath: newDir + "/01.mp3"))
        try wait("new file indexed", timeout: 2) { try f.count(.songs, .init(text: "fresh arrival")) == 1 }
        try fm.removeItem(atPath: f.music + "/Plain Name.mp3")
        try wait("removed file forgotten", timeout: 2) { try f.count(.songs, .init(text: "plain name")) == 0 }
        try fm.moveItem(atPath: f.music + "/New Artist", toPath: f.music + "/Renamed Artist")
        try wait("moved folder followed", timeout: 2) {
            try f.songs(.init(text: "fresh arrival")).first.map {
                String(decoding: $0.path, as: UTF8.self).contains("Renamed Artist")
            } == true
        }
        try fm.removeItem(atPath: f.music + "/Renamed Artist")
        try wait("removed folder forgotten", timeout: 2) { try f.count(.songs, .init(text: "fresh arrival")) == 0 }
        // A playlist file that appears, then goes, is followed too.
        try "\(f.tree.songs[2].relativePath)\n".write(toFile: f.music + "/Late.m3u", atomically: false, encoding: .utf8)
        try wait("new playlist file", timeout: 2) {
            try f.rows(.songs, .init(playlist: "late")).count == 1
        }
        try fm.removeItem(atPath: f.music + "/Late.m3u")
        try wait("playlist file removed", timeout: 2) {
            try !f.rows(.playlists).contains { if case .group(let g) = $0 { g.name == "Late" } else { false } }
        }
    }

    /// MusicBrainz ids are kept with the song; a version-2 database (no ids read) gets them at its next scan, and
    /// its play counts stay.
    @Test func musicBrainzIDsAreKeptAndAnOlderDatabaseReadsThem() throws {
        let f = try Fixture(count: 1)
        let wav = f.dir.file("tone.wav")
        try TestMedia.sineWAV(wav, seconds: 1)  // 16-bit: a 32-bit FLAC is not for libsndfile
        let album = f.music + "/MB Artist/MB Album"
        try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: true)
        let recording = "0f1f0e5a-0000-4000-8000-000000000001", release = "0f1f0e5a-0000-4000-8000-000000000002"
        try TestMedia.flac(
            wav, to: album + "/01 Tagged.flac",
            options: [
                "-T", "TITLE=Picard Song", "-T", "MUSICBRAINZ_TRACKID=\(recording)", "-T",
                "MUSICBRAINZ_ALBUMID=\(release)",
                "-T", "MUSICBRAINZ_ARTISTID=0f1f0e5a-0000-4000-8000-000000000003"
            ])
        try f.start()
        try f.scanAndWait()
        let all = try f.songs(.init())
        var song = all.first { $0.title == "Picard Song" }
        #expect(song != nil, "\(all.map(\.title))")
        #expect(song?.musicBrainzRecordingID == recording)
        #expect(song?.musicBrainzReleaseID == release)
        #expect(song?.musicBrainzArtistIDs == ["0f1f0e5a-0000-4000-8000-000000000003"])
        f.queue.sync { f.service = nil }
        // As version 2 left it: no ids, none read, a play count.
        let db = try SQLiteDatabase(path: f.dir.file("library.db"))
        try db.execute(
            """
            UPDATE songs SET mb_recording = NULL, mb_release = NULL, mb_artists = NULL, mb_read = 0, plays = 5;
            UPDATE meta SET value = 2 WHERE key = 'version';
            """)
        try f.start()
        try f.scanAndWait()
        song = try f.songs(.init()).first { $0.title == "Picard Song" }
        #expect(song?.musicBrainzRecordingID == recording)
        #expect(song?.playCount == 5)
        #expect(try db.query("SELECT count(*) FROM songs WHERE mb_read = 0").first?.first?.integer == 0)
        #expect(try db.query("SELECT value FROM meta WHERE key = 'version'").first?.first?.integer == 3)
        #expect(f.logs.count { $0.contains("read the MusicBrainz ids of") } == 1)
    }

    /// M4A (with iTunes atoms), M4B and raw ADTS AAC are songs like any other; an ALAC M4A is recorded as
    /// unreadable (we decode AAC only), not a song, and does not stop the scan.
    @Test func aacFilesAreSongsWithTheirTags() throws {
        let f = try Fixture(count: 2)
        let wav = f.dir.file("tone.wav")
        try TestMedia.sox(["-n", "-r", "44100", "-c", "2", wav, "synth", "2", "sine", "440"])
        let album = f.music + "/AAC Artist/AAC Album"
        try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: true)
        try TestMedia.ffmpeg(wav, to: album + "/01 Tagged.m4a")
        try TestMedia.tagMP4(album + "/01 Tagged.m4a", text: ["©nam": "Säule", "©ART": "Mutagen Band", "©alb": "Atoms"])
        try TestMedia.ffmpeg(wav, to: album + "/02 Book.m4b", options: ["-f", "mp4"])
        try TestMedia.ffmpeg(wav, to: album + "/03 Raw.aac", options: ["-f", "adts"])
        try TestMedia.ffmpeg(wav, to: album + "/04 Lossless.m4a", codec: "alac")
        try f.start()
        try f.scanAndWait()
        #expect(f.status.songs == 5)  // 2 generated + tagged m4a + m4b + aac; the ALAC file is not a song
        let tagged = try f.songs(.init(text: "saule"))
        #expect(tagged.map(\.title) == ["Säule"])
        #expect(tagged.first?.artists == ["Mutagen Band"])
        #expect(try f.count(.songs, .init(album: "atoms")) == 1)
        let durations = try f.songs(.init(text: "book")) + f.songs(.init(text: "raw"))
        #expect(durations.count == 2)
        for song in durations {  // 2 s of audio; the ADTS length is estimated from its frames
            #expect(
                abs((song.durationMicroseconds ?? 0) - 2_000_000) < 100_000,
                "\(song.title): \(song.durationMicroseconds ?? -1)")
        }
        let db = try SQLiteDatabase(path: f.dir.file("library.db"))
        let alac = try db.query(
            "SELECT error FROM files WHERE path = ?", [.blob(Array((album + "/04 Lossless.m4a").utf8))])
        #expect(alac.first?.first?.text?.contains("ALAC") == true, "\(alac)")
    }

    @Test func missingFolderIsKeptForOneRescanAndCorruptDatabaseIsRebuilt() throws {
        let f = try Fixture(count: 20)
        try f.start()
        try f.scanAndWait()
        #expect(f.status.songs == 20)
        try FileManager.default.moveItem(atPath: f.music, toPath: f.dir.file("unmounted"))
        try f.scanAndWait()
        #expect(f.status.songs == 20)  // gone for the first time: kept
        try f.scanAndWait()
        #expect(f.status.songs == 0)  // gone for a whole rescan: forgotten
        f.service = nil

        let path = f.dir.file("library.db")
        try Data(repeating: 0x42, count: 16384).write(to: URL(fileURLWithPath: path))
        try? FileManager.default.removeItem(atPath: path + "-wal")
        try FileManager.default.moveItem(atPath: f.dir.file("unmounted"), toPath: f.music)
        try f.start()
        #expect(f.logs.all.contains { $0.contains("is corrupt") && $0.contains("rebuilding") })
        try f.scanAndWait()
        #expect(f.status.songs == 20)
        let aside = try FileManager.default.contentsOfDirectory(atPath: f.dir.path).filter {
            $0.hasPrefix("library.db.corrupt-")
        }
        #expect(aside.count == 1)
    }
}
