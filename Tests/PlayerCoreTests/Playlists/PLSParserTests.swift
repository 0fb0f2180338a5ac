import Foundation
import Testing
@testable import PlayerCore

@Suite struct PLSParserTests {
    @Test func standardPLS() throws {
        let text = """
            [playlist]
            NumberOfEntries=3
            File1=one.mp3
            Title1=One
            Length1=61
            file2=http://stream.example:8000/live
            title2=Live
            LENGTH2=-1
            File3=file:///abs/three%20.flac
            Version=2
            """
        let r = try PLSParser.parse(text: text, baseDirectory: "/p")
        #expect(r.skipped.isEmpty)
        #expect(
            r.items == [
                MediaItem(.file(path: "/p/one.mp3"), title: "One", durationMicroseconds: 61_000_000),
                MediaItem(.url("http://stream.example:8000/live"), title: "Live"),
                MediaItem(.file(path: "/abs/three .flac"))
            ])
    }

    @Test func gapsAndOrderAndMismatch() throws {
        let text = "[Playlist]\r\nFile10=c.mp3\r\nFile2=b.mp3\r\nFile1=a.mp3\r\nTitle5=orphan\r\nNumberOfEntries=5\r\n"
        let r = try PLSParser.parse(Array(text.utf8), baseDirectory: "/p")
        #expect(r.items.map(\.location) == [.file(path: "/p/a.mp3"), .file(path: "/p/b.mp3"), .file(path: "/p/c.mp3")])
        #expect(r.skipped.map(\.reason) == [.orphanField, .entryCountMismatch(declared: 5, found: 3)])
    }

    @Test func junkLinesSkipped() throws {
        let r = try PLSParser.parse(
            text: "[playlist]\nhello\nFoo1=x\nFile1=a.mp3\nFile2=file://h/x", baseDirectory: "/p")
        #expect(r.items.map(\.location) == [.file(path: "/p/a.mp3")])
        #expect(r.skipped.map(\.reason) == [.notKeyValue, .notKeyValue, .badLocation(.remoteHost)])
    }

    @Test func notAPlaylist() {
        #expect(throws: PlaylistError(.notAPlaylist, path: "x.pls")) {
            try PLSParser.parse(text: "just some text\nmore", baseDirectory: "/", path: "x.pls")
        }
    }

    @Test func readerRejectsBinaryAndUnknown() throws {
        #expect(throws: PlaylistError(.notText, path: "/x.m3u")) {
            try PlaylistReader.parse([0x41, 0, 0x42], extension: "m3u", path: "/x.m3u")
        }
        #expect(throws: PlaylistError(.unknownExtension, path: "/x.txt")) {
            try PlaylistReader.parse([0x41], extension: "txt", path: "/x.txt")
        }
        #expect(throws: PlaylistError(.unreadable, path: "/nonexistent/x.pls")) {
            try PlaylistReader.read(path: "/nonexistent/x.pls")
        }
    }

    @Test func garbageNeverCrashes() {
        var rng = SeededRandom(seed: 7)
        let pieces = [
            "[playlist]", "File", "Title", "Length", "=", "\n", "1", "99999999999999999999", "-", "x", "%", "\r"
        ]
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...40, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
                .joined()
            _ = try? PLSParser.parse(text: text, baseDirectory: "/")
        }
    }
}

@Suite struct PlaylistEdgeCaseTests {
    @Test func emptyEntriesAreSkipped() throws {
        let r = try PLSParser.parse(text: "[playlist]\nFile1=\nFile2=b.mp3", baseDirectory: "/p")
        #expect(r.items.map(\.location) == [.file(path: "/p/b.mp3")])
        #expect(r.skipped.map(\.reason) == [.badLocation(.empty)])
    }

    @Test func locationDecodingAcceptsFileURIs() throws {
        let json = Data(#"["/a.mp3", "file:///b%20c.mp3", "https://x/y"]"#.utf8)
        let locations = try JSONDecoder().decode([MediaLocation].self, from: json)
        #expect(locations == [.file(path: "/a.mp3"), .file(path: "/b c.mp3"), .url("https://x/y")])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([MediaLocation].self, from: Data(#"["relative.mp3"]"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([MediaLocation].self, from: Data(#"["file://host/x"]"#.utf8))
        }
    }
}
