import Foundation
import Testing
@testable import PlayerCore

/// The committed seed corpus (Tests/PlayerCoreTests/Corpus/lrc, made by make-lrc-corpus.sh) parses as expected.
@Suite struct LRCCorpusTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Corpus/lrc").path

    private func load(_ name: String) throws -> Lyrics {
        let data = try #require(FileManager.default.contents(atPath: Self.directory + "/" + name), "missing \(name)")
        return LRCParser.parse([UInt8](data))
    }

    @Test func basic() throws {
        let l = try load("basic.lrc")
        #expect(
            l.title == "Linnet Song" && l.artist == "The Birds" && l.album == "Songs of the Field"
                && l.author == "linnet")
        #expect(l.lengthMicroseconds == 65_000_000)
        #expect(
            l.lines.map(\.time) == [
                1_000_000, 3_500_000, 5_000_000, 7_500_000, 9_123_000, 12_000_000, 20_250_000, 70_500_000
            ])
        #expect(l.untimedLines == ["[Chorus]", "An untimed line"])
        #expect(l.problems.isEmpty)
    }

    @Test func enhanced() throws {
        let l = try load("enhanced.lrc")
        #expect(l.lines.map(\.text) == ["Twinkle twinkle", "little star"])
        #expect(l.lines[0].words.count == 4 && l.lines[0].wordsEnd == 2_900_000)
    }

    @Test func offset() throws {
        #expect(try load("offset.lrc").lines.map(\.time) == [0, 1_500_000])
    }

    @Test func gbk() throws {
        let l = try load("gbk.lrc")
        #expect(l.encoding == .gb18030)
        #expect(l.title == "月亮代表我的心" && l.artist == "邓丽君")
        #expect(l.lines.map(\.text) == ["你问我爱你有多深", "我爱你有几分"])
    }

    @Test(arguments: [("utf16-bom.lrc", "Ünïcödé ♪"), ("utf16le.lrc", "little endian"), ("utf16be.lrc", "big endian")])
    func utf16(name: String, first: String) throws {
        let l = try load(name)
        #expect(l.lines.first?.text == first)
        #expect(l.lines.allSatisfy { !$0.text.contains("\r") })
    }

    @Test func bomAndLineEnds() throws {
        let l = try load("bom-crlf.lrc")
        #expect(l.encoding == .utf8WithBOM && l.title == "BOM")
        #expect(l.lines.map(\.text) == ["crlf one", "cr two", "three"])
    }

    @Test func garbage() throws {
        let l = try load("garbage.lrc")
        #expect(l.encoding == .lossyUTF8)
        #expect(l.lines.map(\.text).contains("bad word"))
        #expect(l.problems.count >= 4)
    }

    @Test func everyCorpusFileParses() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory).filter { $0.hasSuffix(".lrc") }
        #expect(names.count >= 8)
        for name in names { _ = try load(name) }
    }
}
