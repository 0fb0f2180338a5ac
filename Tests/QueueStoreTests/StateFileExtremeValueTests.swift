import Foundation
import PlayerCore
@testable import QueueStore
import Testing

/// The state file of earlier versions with numbers at their extremes, through Linnet's JSON reader: each case
/// pins the documented fallback or a typed error (the store then sets the file aside), never a trap.
@Suite struct StateFileExtremeValueTests {
    private func stateText(_ edit: (String) -> String) throws -> [UInt8] {
        var q = PlaybackQueue()
        _ = q.append([MediaItem(.file(path: "/m/a.mp3")), MediaItem(.file(path: "/m/b.mp3"))])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(PlayerState(queue: q, positionMicroseconds: 7)), as: UTF8.self)
        let edited = edit(text)
        #expect(edited != text, "the edit must change the file")
        return Array(edited.utf8)
    }

    private func decode(_ bytes: [UInt8]) throws -> PlayerState {
        try JSONValueDecoder.decode(PlayerState.self, from: JSONParser.parse(bytes))
    }

    @Test func stateFileExtremeIDs() throws {
        let maxID = "18446744073709551615"
        var s = try decode(
            try stateText {
                $0.replacingFirst("\"id\":2", with: "\"id\":\(maxID)").replacingFirst(
                    "\"nextID\":3", with: "\"nextID\":\(maxID)")
            })
        // The out-of-range id is dropped like a duplicate, nextID pinned: adding entries cannot overflow.
        #expect(s.queue.entries.map(\.id.rawValue) == [1])
        #expect(s.queue.nextRawID == UInt64(Int64.max))
        let added = s.queue.append([MediaItem(.file(path: "/m/c.mp3")), MediaItem(.file(path: "/m/d.mp3"))])
        #expect(added.map(\.id.rawValue) == [UInt64(Int64.max), UInt64(Int64.max) + 1])
    }

    @Test func stateFileExtremeNumbers() throws {
        #expect(
            try decode(
                try stateText { $0.replacingFirst("\"positionUs\":7", with: "\"positionUs\":9223372036854775807") }
            )
            .positionMicroseconds == .max)
        #expect(
            try decode(
                try stateText { $0.replacingFirst("\"positionUs\":7", with: "\"positionUs\":-9223372036854775808") }
            )
            .positionMicroseconds == 0)
        #expect(
            try decode(try stateText { $0.replacingFirst("\"positionUs\":7", with: "\"positionUs\":7.0") })
                .positionMicroseconds == 7)
        #expect(try decode(try stateText { $0.replacingFirst("\"volume\":1", with: "\"volume\":1e308") }).volume == 10)
        #expect(try decode(try stateText { $0.replacingFirst("\"volume\":1", with: "\"volume\":-1e308") }).volume == 0)
        // Not representable: a typed decoding error (the store sets the file aside), never a trap.
        for bad in ["9223372036854775808", "1e400", "7.5", "-1e19"] {
            #expect(throws: (any Error).self, "\(bad)") {
                try decode(try stateText { $0.replacingFirst("\"positionUs\":7", with: "\"positionUs\":\(bad)") })
            }
        }
        #expect(throws: (any Error).self) {
            try decode(try stateText { $0.replacingFirst("\"nextID\":3", with: "\"nextID\":-1") })
        }
    }
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let r = range(of: target) else { return self }
        return replacingCharacters(in: r, with: replacement)
    }
}
