import Foundation
import PlayerCore
import SQLite
import Testing
import TestSupport
@testable import MediaLibrary

/// What a user means by music: hidden folders and `.nomedia` folders are left out, also as inotify follows
/// them, and rows a database holds under them go at the next scan (the real scanner, on disk).
@Suite(.serialized) struct LibraryScopeTests {
    typealias Fixture = LibraryScanTests.Fixture

    /// Writes a tagged MP3 at `path` (folders made as needed).
    static func song(
        _ f: Fixture, _ path: String, _ title: String, artists: [String], album: String? = nil,
        albumArtist: String? = nil
    ) throws {
        let full = f.music + "/" + path
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        var frames: [(String, [String])] = [("TIT2", [title]), ("TPE1", artists)]
        if let album { frames.append(("TALB", [album])) }
        if let albumArtist { frames.append(("TPE2", [albumArtist])) }
        var data = LibraryTree.id3v24(frames)
        data.append(try LibraryTree.template(in: f.dir.path))
        try data.write(to: URL(fileURLWithPath: full))
    }

    func wait(_ what: String, _ condition: () throws -> Bool) throws {
        try LibraryScanTests.wait(what, timeout: 2, condition)
    }

    @Test func hiddenAndNoMediaFoldersAreLeftOut() throws {
        let f = try Fixture(count: 20)
        let fm = FileManager.default
        try Self.song(f, ".Trash-0/files/Deleted.mp3", "Deleted Song", artists: ["A"])
        try Self.song(f, ".base/t.mp3", "t", artists: ["Tool"])
        try Self.song(f, "Artist 1/Album 00000 Sessions/.sneaky.mp3", "Sneaky", artists: ["A"])
        try Self.song(f, "Voice/Memo.mp3", "Memo One", artists: ["Me"])
        try Self.song(f, "Voice/Old/Memo.mp3", "Memo Two", artists: ["Me"])
        fm.createFile(atPath: f.music + "/Voice/.nomedia", contents: nil)
        try f.start()
        try f.scanAndWait()
        #expect(f.status.songs == 20)
        for text in ["deleted song", "sneaky", "memo"] {
            #expect(try f.count(.songs, .init(text: text)) == 0, "\(text)")
        }
        #expect(try !f.songs(.init()).contains { $0.title == "t" })

        // Followed by inotify: a .nomedia created later, then removed; a file moved into a hidden folder.
        let album = f.music + "/Artist 1/Album 00001 Sessions"
        fm.createFile(atPath: album + "/.nomedia", contents: nil)
        try wait("a new .nomedia leaves its folder out") { try f.count(.songs) == 10 }
        try fm.removeItem(atPath: album + "/.nomedia")
        try wait("its folder is back once the marker goes") { try f.count(.songs) == 20 }
        try fm.moveItem(atPath: f.music + "/" + f.tree.songs[0].relativePath, toPath: f.music + "/.Trash-0/files/x.mp3")
        try wait("a song moved into a hidden folder goes") { try f.count(.songs) == 19 }
        // A new hidden folder is not read: a visible song made after it is, and the hidden one still is not.
        try Self.song(f, ".cache/Hidden.mp3", "Hidden New", artists: ["A"])
        try Self.song(f, "Fresh/Visible.mp3", "Visible New", artists: ["A"])
        try wait("visible song indexed") { try f.count(.songs, .init(text: "visible new")) == 1 }
        #expect(try f.count(.songs, .init(text: "hidden new")) == 0)

        // Rows a database already has under such paths go at the next scan.
        f.service = nil
        try fm.moveItem(atPath: f.music + "/Fresh", toPath: f.music + "/.Fresh")
        fm.createFile(atPath: f.music + "/Artist 1/Album 00001 Sessions/.nomedia", contents: nil)
        try f.start()
        #expect(f.status.songs == 20)  // as stored
        try f.scanAndWait()
        #expect(f.status.songs == 9)
        #expect(try f.count(.songs, .init(text: "visible new")) == 0)
    }
}
