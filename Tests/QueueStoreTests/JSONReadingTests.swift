import Foundation
import PlayerCore
@testable import QueueStore
import Testing

/// Linnet's own JSON reader (for the state file of earlier versions, migrated once) against Foundation's
/// JSONEncoder, which wrote files of the same format: what it writes reads back identically.
@Suite struct JSONReadingTests {
    private func sampleState() throws -> PlayerState {
        var q = PlaybackQueue(random: SeededRandom(seed: 0xDEAD_BEEF_F00D), loopMode: .track)
        q.append([
            MediaItem(.file(path: "/m/\"quoted\" \\ back/slash\ttab\u{1}.mp3"), title: "Ünïcødé 🎵"),
            MediaItem(.url("https://r/x?a=1&b=2")),
            MediaItem(.file(path: "/m/ç.flac"), durationMicroseconds: 5)
        ])
        q.setShuffle(true)
        q.next(.user)
        return PlayerState(queue: q, positionMicroseconds: Int64.max / 3, volume: 0.123456789, playback: .paused)
    }

    @Test func weReadWhatFoundationWrites() throws {
        let state = try sampleState()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(state)
        #expect(try JSONValueDecoder.decode(PlayerState.self, from: JSONParser.parse([UInt8](data))) == state)
        encoder.outputFormatting = [.prettyPrinted]
        let pretty = try encoder.encode(state)
        #expect(try JSONValueDecoder.decode(PlayerState.self, from: JSONParser.parse([UInt8](pretty))) == state)
    }

    @Test func extremeIntegersAreExact() throws {
        let values: [UInt64] = [0, 1, UInt64(Int64.max), UInt64.max]
        let bytes = Array("[0,1,9223372036854775807,18446744073709551615]".utf8)
        #expect(try JSONValueDecoder.decode([UInt64].self, from: JSONParser.parse(bytes)) == values)
        #expect(
            try JSONValueDecoder.decode(
                [Int64].self, from: JSONParser.parse(Array("[-9223372036854775808, 2.0, 1e3]".utf8)))
                == [Int64.min, 2, 1000])
        #expect(throws: DecodingError.self) {
            try JSONValueDecoder.decode([UInt8].self, from: JSONParser.parse(Array("[256]".utf8)))
        }
        #expect(throws: DecodingError.self) {
            try JSONValueDecoder.decode([Int].self, from: JSONParser.parse(Array("[1.5]".utf8)))
        }
    }

    @Test func stringsEscapeAndUnescape() throws {
        let s = "q\" b\\ s/ nl\n cr\r tab\t nul\u{0} bell\u{7} é 🎵"
        let bytes = Array("[\"q\\\" b\\\\ s/ nl\\n cr\\r tab\\t nul\\u0000 bell\\u0007 é 🎵\"]".utf8)
        #expect(try JSONValueDecoder.decode([String].self, from: JSONParser.parse(bytes)) == [s])
        #expect(
            try JSONValueDecoder.decode([String].self, from: JSONParser.parse([UInt8](JSONEncoder().encode([s])))) == [
                s
            ])
        let escaped = Array(#"["\u00e9\ud83c\udfb5\/\b\f"]"#.utf8)
        #expect(try JSONValueDecoder.decode([String].self, from: JSONParser.parse(escaped)) == ["é🎵/\u{8}\u{C}"])
    }

    @Test(arguments: [
        "", " ", "{", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "01", "-", "1.", "1e", "+1", "nul", "tru",
        "\"abc", "\"\\x\"", "\"\\ud800\"", "\"\\udc00x\"", "\"a\u{1}\"", "[1] 2", "{1:2}", "'a'",
        "[\"\\u12\"]", "NaN", "Infinity"
    ])
    func malformedInputIsRejected(text: String) {
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(Array(text.utf8)) }
    }

    @Test func invalidUTF8IsRejected() {
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse([0x22, 0xFF, 0xFE, 0x22]) }
    }

    @Test func deepNestingIsRejectedNotACrash() {
        let deep = Array(String(repeating: "[", count: 100_000).utf8)
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(deep) }
        let ok = Array((String(repeating: "[", count: 100) + String(repeating: "]", count: 100)).utf8)
        #expect((try? JSONParser.parse(ok)) != nil)
    }

    @Test func wrongTypesAreDecodingErrors() throws {
        #expect(throws: DecodingError.self) {
            try JSONValueDecoder.decode(PlayerState.self, from: JSONParser.parse(Array(#"{"queue": 5}"#.utf8)))
        }
        #expect(throws: DecodingError.self) {
            try JSONValueDecoder.decode(PlayerState.self, from: JSONParser.parse(Array("[1,2,3]".utf8)))
        }
        #expect(throws: DecodingError.self) {
            try JSONValueDecoder.decode([Bool].self, from: JSONParser.parse(Array(#"["true"]"#.utf8)))
        }
    }

    @Test func lenientStateDefaultsStillApply() throws {
        // Missing keys take defaults, unknown keys are ignored (PlayerState's contract), through our decoder too.
        let state = try JSONValueDecoder.decode(
            PlayerState.self,
            from: JSONParser.parse(Array(#"{"future": [1, {"x": null}], "volume": 99}"#.utf8)))
        #expect(state.queue.isEmpty)
        #expect(state.volume == 10)
        #expect(state.playback == .stopped)
    }
}
