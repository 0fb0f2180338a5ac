import Testing
@testable import PlayerCore

@Suite struct M3UParserTests {
    @Test func extendedM3UWithEveryEntryForm() {
        let text = """
            #EXTM3U
            #EXTINF:123,Artist - Title
            01 first.mp3
            #EXTINF:-1 tvg-name="Radio",Live Radio
            http://radio.example/stream.mp3
            # a comment

            /abs/second.flac
            #EXTINF:12.5,
            file:///abs/third%20one.ogg
            sub/../sub/fourth.opus
            ..\\win\\fifth.mp3
            #EXTGRP:ignored
            """
        let r = M3UParser.parse(text: text, baseDirectory: "/lists")
        #expect(r.skipped.isEmpty)
        #expect(
            r.items == [
                MediaItem(
                    .file(path: "/lists/01 first.mp3"), title: "Artist - Title", durationMicroseconds: 123_000_000),
                MediaItem(.url("http://radio.example/stream.mp3"), title: "Live Radio"),
                MediaItem(.file(path: "/abs/second.flac")),
                MediaItem(.file(path: "/abs/third one.ogg"), durationMicroseconds: 12_500_000),
                MediaItem(.file(path: "/lists/sub/fourth.opus")),
                MediaItem(.file(path: "/win/fifth.mp3"))
            ])
    }

    @Test func bomCRLFAndCR() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("#EXTM3U\r\n#EXTINF:5,é\r\na.mp3\r\rb.mp3\rc.mp3".utf8)
        let r = M3UParser.parse(bytes, baseDirectory: "/d")
        #expect(r.items.map(\.location) == [.file(path: "/d/a.mp3"), .file(path: "/d/b.mp3"), .file(path: "/d/c.mp3")])
        #expect(r.items[0].title == "é")
    }

    @Test func utf16WithBOM() {
        let text = "#EXTM3U\n#EXTINF:1,Ünï\nx.mp3\n"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for u in text.utf16 { bytes += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        let r = M3UParser.parse(bytes, baseDirectory: "/d")
        #expect(r.items == [MediaItem(.file(path: "/d/x.mp3"), title: "Ünï", durationMicroseconds: 1_000_000)])
    }

    @Test func legacyLatin1() {
        let bytes: [UInt8] = Array("#EXTINF:1,Caf".utf8) + [0xE9] + Array("\nx.mp3".utf8)
        let r = M3UParser.parse(bytes, baseDirectory: "/d")
        #expect(r.items.first?.title == "Café")
    }

    @Test func badLinesAreSkippedWithReasons() {
        let text = """
            #EXTINF:abc,Broken
            a.mp3
            file://remote/x.mp3
            file:///bad%zz.mp3
            C:\\Music\\x.mp3
            b.mp3
            """
        let r = M3UParser.parse(text: text, baseDirectory: "/d")
        #expect(r.items.map(\.location) == [.file(path: "/d/a.mp3"), .file(path: "/d/b.mp3")])
        #expect(r.items[0].title == nil)
        #expect(
            r.skipped.map(\.reason) == [
                .badExtinf, .badLocation(.remoteHost), .badLocation(.badPercentEncoding), .windowsDrivePath
            ])
        #expect(r.skipped.map(\.line) == [1, 3, 4, 5])
    }

    @Test func extinfAppliesOnlyToTheNextEntry() {
        let r = M3UParser.parse(text: "#EXTINF:3,T\na.mp3\nb.mp3", baseDirectory: "/")
        #expect(r.items.map(\.title) == ["T", nil])
        #expect(r.items[0].location == .file(path: "/a.mp3"))
    }

    @Test func garbageNeverCrashes() {
        var rng = SeededRandom(seed: 99)
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0...300, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let r = M3UParser.parse(bytes, baseDirectory: "/d")
            #expect(r.items.count + r.skipped.count <= bytes.count + 1)
        }
    }
}
