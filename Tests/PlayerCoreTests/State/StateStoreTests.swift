import Foundation
import Testing
@testable import PlayerCore

@Suite struct StateStoreTests {
    private func sampleState() throws -> PlayerState {
        var q = PlaybackQueue(random: SeededRandom(seed: 4), loopMode: .playlist)
        q.append([
            MediaItem(.file(path: "/m/a b.mp3"), title: "A"), MediaItem(.url("https://r/x")),
            MediaItem(.file(path: "/m/ç.flac"), durationMicroseconds: 5)
        ])
        q.setShuffle(true)
        q.next(.user)
        try q.remove(q.ids.last!)
        return PlayerState(queue: q, positionMicroseconds: 12_345_678, volume: 0.5, playback: .playing)
    }

    @Test func saveThenLoadRoundTrips() throws {
        let t = try TempDir()
        let store = StateStore(directory: t.path + "/deep/linnet")
        #expect(store.load() == .missing)
        let state = try sampleState()
        try store.save(state)
        #expect(store.load() == .loaded(state))
        // Overwrite leaves no temporary files behind.
        try store.save(PlayerState(queue: PlaybackQueue(random: SeededRandom(seed: 1))))
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory) == ["state.json"])
    }

    @Test func idsStayStableAcrossRestart() throws {
        let t = try TempDir()
        let store = StateStore(directory: t.path)
        let state = try sampleState()
        try store.save(state)
        guard case .loaded(var restored) = store.load() else { Issue.record("not loaded"); return }
        #expect(restored.queue.ids == state.queue.ids)
        let added = restored.queue.append([MediaItem(.file(path: "/n.mp3"))])
        #expect(added[0].id.rawValue == state.queue.nextRawID)
        #expect(!state.queue.ids.contains(added[0].id))
    }

    @Test(arguments: ["", "{", "not json at all", "[1,2,3]", "{\"queue\": 5}", "\u{0}\u{1}\u{2}"])
    func corruptFileIsSetAsideNotFatal(content: String) throws {
        let t = try TempDir()
        let store = StateStore(directory: t.path)
        try t.file("state.json", text: content)
        guard case .setAside(let error, let movedTo) = store.load(nowMilliseconds: 1_700_000_000_500) else {
            Issue.record("expected setAside"); return
        }
        #expect(error.operation == .decode)
        #expect(movedTo == t.path + "/state.json.corrupt-1700000000500")
        #expect(FileManager.default.contents(atPath: movedTo!) == Data(content.utf8))
        #expect(!FileManager.default.fileExists(atPath: store.path))
        #expect(store.load() == .missing)
        try store.save(try sampleState())
        #expect(store.load() != .missing)
    }

    @Test func unreadableFileIsReportedAndSetAside() throws {
        let t = try TempDir()
        let store = StateStore(directory: t.path)
        try t.directory("state.json")  // a directory where the file should be: read fails with EISDIR
        guard case .setAside(let error, let movedTo) = store.load() else { Issue.record("expected setAside"); return }
        #expect(error.operation == .read && error.errno == EISDIR)
        #expect(movedTo != nil)
    }

    @Test func saveIntoUnwritableLocationThrowsTypedError() throws {
        let t = try TempDir()
        try t.file("blocker", text: "x")
        let store = StateStore(directory: t.path + "/blocker/linnet")
        #expect(throws: StateStoreError.self) { try store.save(try sampleState()) }
    }

    @Test func lenientDecodingOfOlderAndNewerFiles() throws {
        let json = """
            {"version": 7, "futureField": {"x": 1}, "positionUs": -5, "volume": -3, "playback": "buffering",
             "queue": {"entries": [{"id": 3, "item": {"location": "/a.mp3", "somethingNew": true}}], "nextID": 4}}
            """
        let s = try JSONDecoder().decode(PlayerState.self, from: Data(json.utf8))
        #expect(s.version == 7 && s.positionMicroseconds == 0 && s.volume == 0 && s.playback == .paused)
        #expect(s.queue.ids == [id(3)] && s.queue.currentID == id(3) && s.queue.loopMode == .none)
        let minimal = try JSONDecoder().decode(PlayerState.self, from: Data("{}".utf8))
        #expect(minimal.queue.isEmpty && minimal.volume == 1 && minimal.version == 0)
        let encoded = try JSONEncoder().encode(s)
        #expect(try JSONDecoder().decode(PlayerState.self, from: encoded).version == PlayerState.currentVersion)
    }

    @Test func defaultDirectoryFollowsXDG() throws {
        #expect(
            try StateStore.defaultDirectory(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/h"])
                == "/x/state/linnet")
        #expect(
            try StateStore.defaultDirectory(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"])
                == "/h/.local/state/linnet")
        #expect(try StateStore.defaultDirectory(environment: ["HOME": "/h"]) == "/h/.local/state/linnet")
        #expect(throws: StateStoreError.self) { try StateStore.defaultDirectory(environment: [:]) }
    }

    @Test func writtenFileIsReadableJSON() throws {
        let t = try TempDir()
        let store = StateStore(directory: t.path)
        try store.save(try sampleState())
        let object =
            try JSONSerialization.jsonObject(with: FileManager.default.contents(atPath: store.path)!) as? [String: Any]
        #expect(object?["version"] as? Int == 1)
        let queue = object?["queue"] as? [String: Any]
        let entries = queue?["entries"] as? [[String: Any]]
        #expect((entries?.first?["item"] as? [String: Any])?["location"] as? String == "/m/a b.mp3")
    }
}
