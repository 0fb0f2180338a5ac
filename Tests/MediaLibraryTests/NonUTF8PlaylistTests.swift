import Dispatch
import FileSystem
import Foundation
import PlayerCore
import Testing
import TestSupport

@testable import MediaLibrary

/// An XSPF playlist in a folder whose name is not UTF-8 is read by its real bytes (it was opened by its escaped
/// String and skipped as missing before the FileSystem layer).
@Suite(.serialized) struct NonUTF8PlaylistTests {
    @Test func anXSPFPlaylistInALatin1FolderIsRead() throws {
        let f = try LibraryScanTests.Fixture(count: 2)
        let folder = FilePath(f.music).appending(Array("Caf".utf8) + [0xE9])
        try folder.createDirectories()
        let song = try FilePath(f.music + "/" + f.tree.songs[0].relativePath).read(upTo: 1 << 24)
        try folder.appending(Array("x.mp3".utf8)).writeAtomically(song, durable: false)
        let xspf = """
            <?xml version="1.0" encoding="UTF-8"?>
            <playlist version="1" xmlns="http://xspf.org/ns/0/"><trackList>
            <track><location>x.mp3</location></track>
            </trackList></playlist>
            """
        try folder.appending(Array("Odd.xspf".utf8)).writeAtomically(Array(xspf.utf8), durable: false)
        try f.start()
        try f.scanAndWait()
        #expect(!f.logs.all.contains { $0.contains("skipped playlist") })
        let listed = try f.songs(.init(playlist: "odd"))
        #expect(listed.map(\.path) == [folder.appending(Array("x.mp3".utf8)).bytes])
    }
}
