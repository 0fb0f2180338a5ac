import Foundation
import PlayerCore
import SQLite
import Testing
import TestSupport
@testable import MediaLibrary

/// Albums decided per folder by the real scanner: folder and title hold an album together unless album artists
/// differ explicitly; a version-1 database is migrated.
@Suite(.serialized) struct LibraryAlbumTests {
    typealias Fixture = LibraryScanTests.Fixture

    static func song(
        _ f: Fixture, _ path: String, _ title: String, artists: [String], album: String? = nil,
        albumArtist: String? = nil
    ) throws {
        try LibraryScopeTests.song(f, path, title, artists: artists, album: album, albumArtist: albumArtist)
    }

    static func albums(_ f: Fixture, _ filter: LibraryQuery.Filter = .init()) throws -> [GroupRow] {
        try f.rows(.albums, filter).compactMap { if case .group(let g) = $0 { g } else { nil } }
    }

    func wait(_ what: String, _ condition: () throws -> Bool) throws {
        try LibraryScanTests.wait(what, timeout: 2, condition)
    }

    @Test func albumsHoldTogetherPerFolderAndTitle() throws {
        let f = try Fixture(count: 0)
        // A guest leads one track; no album-artist tags.
        try Self.song(f, "Birch/Dune/01.mp3", "Sand", artists: ["The Birch River"], album: "Dune")
        try Self.song(f, "Birch/Dune/02.mp3", "Wind", artists: ["Birch Cedar", "The Birch River"], album: "Dune")
        try Self.song(f, "Birch/Dune/03.mp3", "Stone", artists: ["The Birch River"], album: "dune")
        // The same title and artist in another folder: another album.
        try Self.song(f, "Elsewhere/Dune/01.mp3", "Other Sand", artists: ["The Birch River"], album: "Dune")
        // Same folder and title, explicitly different album artists: two albums.
        try Self.song(f, "Split/Live/01.mp3", "One", artists: ["X"], album: "Live", albumArtist: "Band One")
        try Self.song(f, "Split/Live/02.mp3", "Two", artists: ["Y"], album: "Live", albumArtist: "Band Two")
        // Everyone different, nothing tagged as a compilation: one album of Various Artists.
        for (i, artist) in ["Ash", "Beech", "Cherry", "Dogwood"].enumerated() {
            try Self.song(f, "Summer/0\(i).mp3", "Summer \(i)", artists: [artist], album: "Summer 99")
        }
        // Two discs of one album.
        try Self.song(f, "Big/CD1/01.mp3", "Disc One Song", artists: ["Oak"], album: "Big")
        try Self.song(f, "Big/CD2/01.mp3", "Disc Two Song", artists: ["Oak"], album: "Big")
        try f.start()
        try f.scanAndWait()
        #expect(f.status.songs == 12)

        let dune = try Self.albums(f, .init(album: "dune"))
        #expect(dune.map(\.songs).sorted() == [1, 3])
        #expect(dune.allSatisfy { $0.albumArtist == "The Birch River" })
        #expect(try f.count(.songs, .init(artist: "birch cedar")) == 1)  // the guest's track under both artists
        #expect(try f.count(.songs, .init(artist: "the birch river")) == 4)
        #expect(try f.count(.songs, .init(albumArtist: "the birch river")) == 4)
        #expect(try Self.albums(f, .init(album: "live")).compactMap(\.albumArtist).sorted() == ["Band One", "Band Two"])
        let summer = try Self.albums(f, .init(album: "summer 99"))
        #expect(summer.count == 1 && summer.first?.albumArtist == "Various Artists" && summer.first?.songs == 4)
        #expect(try Self.albums(f, .init(album: "big")).map(\.songs) == [2])
        #expect(try f.count(.albums) == 6)

        // Followed by inotify: the guest's track goes, then a fifth artist joins the compilation.
        try FileManager.default.removeItem(atPath: f.music + "/Birch/Dune/02.mp3")
        try wait("guest track forgotten") { try f.count(.songs, .init(artist: "birch cedar")) == 0 }
        #expect(try Self.albums(f, .init(album: "dune")).map(\.songs).sorted() == [1, 2])
        try Self.song(f, "Summer/04.mp3", "Summer 4", artists: ["Elm"], album: "Summer 99")
        try wait("compilation grew") { try Self.albums(f, .init(album: "summer 99")).map(\.songs) == [5] }
        #expect(try f.count(.albums) == 6)
    }

    /// A version-1 database (album keys by title and effective album artist, so a guest-led track was an album
    /// of its own) gets the new columns and its albums decided again at the next scan.
    @Test func aVersionOneDatabaseIsMigrated() throws {
        let f = try Fixture(count: 30)  // album 00000..00002; no guest star below album 5
        try Self.song(f, "Birch/Dune/01.mp3", "Sand", artists: ["The Birch River"], album: "Dune")
        try Self.song(f, "Birch/Dune/02.mp3", "Wind", artists: ["Birch Cedar", "The Birch River"], album: "Dune")
        try f.start()
        try f.scanAndWait()
        f.service = nil
        let path = f.dir.file("library.db")
        do {
            let db = try SQLiteDatabase(path: path)
            let wind = try #require(try db.query("SELECT id FROM songs WHERE title = 'Wind'").first?.first?.integer)
            try db.execute(
                """
                INSERT INTO albums(key, name_key, name, albumartist, sort, added, songs)
                    VALUES ('dune\u{1F}birch cedar', 'dune', 'Dune', 'Birch Cedar', 'birch cedar\u{1F}dune', 1, 0);
                UPDATE songs SET album_id = last_insert_rowid() WHERE id = \(wind);
                DROP INDEX songs_album_dir;
                ALTER TABLE songs DROP COLUMN album_dir;
                UPDATE meta SET value = 1 WHERE key = 'version';
                """)
            #expect(
                try db.query("SELECT count(*) FROM albums WHERE name_key = 'dune' AND songs > 0").first?.first?.integer
                    == 2)
        }
        try f.start()
        try f.scanAndWait()
        #expect(f.logs.all.contains { $0.contains("albums decided again") })
        #expect(try Self.albums(f, .init(album: "dune")).map(\.songs) == [2])
        #expect(try f.count(.albums) == f.tree.albumCount + 1)
        let db = try SQLiteDatabase(path: path)
        #expect(try db.query("SELECT value FROM meta WHERE key = 'version'").first?.first?.integer == 3)
        #expect(try db.query("SELECT count(*) FROM albums WHERE songs <= 0").first?.first?.integer == 0)
        #expect(try db.query("SELECT count(*) FROM songs WHERE album_dir IS NULL").first?.first?.integer == 0)
    }
}
