import Foundation
import PlayerCore
@testable import QueueStore
import Testing

/// A directory under /tmp, removed when the value goes.
final class StateTempDir {
    let path: String
    init() { path = QueueDatabaseTests.temporaryDirectory() }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String, text: String) throws {
        try text.write(toFile: path + "/" + name, atomically: true, encoding: .utf8)
    }
    func directory(_ name: String) throws {
        try FileManager.default.createDirectory(atPath: path + "/" + name, withIntermediateDirectories: true)
    }
}

/// Writes `<directory>/state.json` as earlier versions did (their encoder wrote what Foundation's writes, keys sorted).
func writeEarlierStateFile(_ state: PlayerState, in directory: String) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    try encoder.encode(state).write(to: URL(fileURLWithPath: directory + "/state.json"))
}

/// The reader of the state file earlier versions wrote (migrated once into queue.db).
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

    @Test func anEarlierVersionsFileLoads() throws {
        let t = StateTempDir()
        let store = StateStore(directory: t.path + "/deep/linnet")
        #expect(store.load() == .missing)
        let state = try sampleState()
        try writeEarlierStateFile(state, in: store.directory)
        #expect(store.load() == .loaded(state))
    }

    @Test func idsStayStableAcrossRestart() throws {
        let t = StateTempDir()
        let store = StateStore(directory: t.path)
        let state = try sampleState()
        try writeEarlierStateFile(state, in: t.path)
        guard case .loaded(var restored) = store.load() else { Issue.record("not loaded"); return }
        #expect(restored.queue.ids == state.queue.ids)
        let added = restored.queue.append([MediaItem(.file(path: "/n.mp3"))])
        #expect(added[0].id.rawValue == state.queue.nextRawID)
        #expect(!state.queue.ids.contains(added[0].id))
    }

    @Test(arguments: ["", "{", "not json at all", "[1,2,3]", "{\"queue\": 5}", "\u{0}\u{1}\u{2}"])
    func corruptFileIsSetAsideNotFatal(content: String) throws {
        let t = StateTempDir()
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
    }

    @Test func unreadableFileIsReportedAndSetAside() throws {
        let t = StateTempDir()
        let store = StateStore(directory: t.path)
        try t.directory("state.json")  // a directory where the file should be: read fails with EISDIR
        guard case .setAside(let error, let movedTo) = store.load() else { Issue.record("expected setAside"); return }
        #expect(error.operation == .read && error.errno == EISDIR)
        #expect(movedTo != nil)
    }

    @Test func lenientDecodingOfOlderAndNewerFiles() throws {
        let json = """
            {"version": 7, "futureField": {"x": 1}, "positionUs": -5, "volume": -3, "playback": "buffering",
             "queue": {"entries": [{"id": 3, "item": {"location": "/a.mp3", "somethingNew": true}}], "nextID": 4}}
            """
        let s = try JSONDecoder().decode(PlayerState.self, from: Data(json.utf8))
        #expect(s.version == 7 && s.positionMicroseconds == 0 && s.volume == 0 && s.playback == .paused)
        #expect(
            s.queue.ids == [QueueEntryID(rawValue: 3)] && s.queue.currentID == QueueEntryID(rawValue: 3)
                && s.queue.loopMode == .none)
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
}
