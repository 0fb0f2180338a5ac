import Foundation
import PlayerCore
@testable import QueueStore
import SQLite
import Testing

/// The queue database against real files: round trips, incremental work per event, migration from state.json,
/// a corrupt file, and a full disk.
@Suite struct QueueDatabaseTests {
    static func temporaryDirectory() -> String {
        var template = Array("/tmp/linnet-queuedb-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    static func items(_ n: Int, prefix: String = "/music/a") -> [MediaItem] {
        (0..<n).map { (i: Int) -> MediaItem in
            let title: String? = i % 3 == 0 ? "T\(i)" : nil
            let duration: Int64? = i % 2 == 0 ? Int64(i) * 1000 : nil
            return MediaItem(.file(path: "\(prefix)/\(i).mp3"), title: title, durationMicroseconds: duration)
        }
    }

    func reopen(_ dir: String) throws -> PlayerState? {
        try QueueDatabase(directory: dir).open().state
    }

    @Test func roundTripWithShuffleAndEdits() throws {
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = QueueDatabase(directory: dir)
        #expect(try db.open().state == nil)
        var q = PlaybackQueue(random: SeededRandom(seed: 7), loopMode: .playlist)
        q.append(Self.items(50))
        q.setShuffle(true)
        q.next(.user); q.next(.user)
        var state = PlayerState(queue: q, positionMicroseconds: 1234, volume: 0.5, playback: .paused)
        try db.save(state)
        #expect(try reopen(dir) == state)
        // Edits in the middle, at the start, a move and a removal, each saved incrementally.
        try q.insert(Self.items(3, prefix: "/x"), after: q.ids[10])
        try q.insert(Self.items(2, prefix: "/y"), after: nil)
        try q.move(q.ids[40], to: 2)
        try q.remove(q.ids[5])
        state.queue = q
        try db.save(state)
        #expect(try reopen(dir) == state)
        q.clear()
        state = PlayerState(queue: q)
        try db.save(state)
        #expect(try reopen(dir)?.queue.isEmpty == true)
    }

    /// A file made by this open skips fsyncs while it is made (nothing in it to lose), then saves as every open
    /// does: WAL with synchronous=NORMAL (1), and what was saved is there after a reopen.
    @Test func aNewFileIsMadeWithoutFsyncsAndThenSavesDurably() throws {
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for round in 0..<2 {
            let db = QueueDatabase(directory: dir)
            _ = try db.open()
            let mode = try #require(db.db).query("PRAGMA journal_mode").first?.first?.text
            let synchronous = try #require(db.db).query("PRAGMA synchronous").first?.first?.integer
            #expect(mode == "wal", "round \(round)")
            #expect(synchronous == 1, "round \(round): synchronous=\(String(describing: synchronous))")
            if round == 0 {
                var q = PlaybackQueue()
                q.append(Self.items(3))
                try db.save(PlayerState(queue: q))
            }
        }
        #expect(try reopen(dir)?.queue.count == 3)
    }

    @Test func eachEventWritesOnlyWhatChanged() throws {
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = QueueDatabase(directory: dir)
        _ = try db.open()
        var q = PlaybackQueue()
        q.append(Self.items(20_000))
        var state = PlayerState(queue: q)
        try db.save(state)
        #expect(db.entryRowsWritten == 20_000)
        q.next(.user)
        state.queue = q
        try db.save(state)
        #expect(db.entryRowsWritten == 0)
        q.append(Self.items(3, prefix: "/new"))
        state.queue = q
        try db.save(state)
        #expect(db.entryRowsWritten == 3)
        try q.remove(q.ids[100])
        state.queue = q
        try db.save(state)
        #expect(db.entryRowsWritten == 1)
        try q.insert(Self.items(1, prefix: "/mid"), after: q.ids[500])
        state.queue = q
        try db.save(state)
        #expect(db.entryRowsWritten == 1)
        // Moves to either end and back into the middle: one row each, not the span they cross.
        for (from, to) in [(q.count - 1, 0), (0, q.count - 1), (10, 15_000), (15_000, 9), (7, 8)] {
            try q.move(q.ids[from], to: to)
            state.queue = q
            try db.save(state)
            #expect(db.entryRowsWritten == 1, "move \(from) → \(to)")
        }
        #expect(try reopen(dir) == state)
    }

    @Test func stateJSONIsMigratedOnce() throws {
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var q = PlaybackQueue()
        q.append(Self.items(5))
        q.next(.user)
        let state = PlayerState(queue: q, positionMicroseconds: 99, volume: 0.25, playback: .playing)
        try writeEarlierStateFile(state, in: dir)
        let opened = try QueueDatabase(directory: dir).open()
        #expect(opened.state == state)
        #expect(opened.notes.contains { $0.contains("migrated 5 queued tracks") })
        #expect(!FileManager.default.fileExists(atPath: dir + "/state.json"))
        #expect(FileManager.default.fileExists(atPath: dir + "/state.json.migrated"))
        let again = try QueueDatabase(directory: dir).open()
        #expect(again.state == state && again.notes.isEmpty)
    }

    @Test func corruptFileIsMovedAsideAndRebuilt() throws {
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: dir + "/" + QueueDatabase.fileName))
        let db = QueueDatabase(directory: dir)
        let opened = try db.open(nowMilliseconds: 1234)
        #expect(opened.state == nil)
        #expect(opened.notes.count == 1 && opened.notes[0].contains("moved it aside"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/queue.db.corrupt-1234")) == garbage)
        var q = PlaybackQueue()
        q.append(Self.items(3))
        try db.save(PlayerState(queue: q))
        #expect(try reopen(dir)?.queue == q)
    }

    /// A full disk: a 512 KiB tmpfs when this machine lets us mount one (root), else SQLite's own page limit,
    /// which fails writes with the same SQLITE_FULL.
    @Test func fullDiskKeepsTheLastGoodState() throws {
        let dir = Self.temporaryDirectory()
        defer {
            _ = umount2(dir, 0)
            try? FileManager.default.removeItem(atPath: dir)
        }
        let mounted = mount("tmpfs", dir, "tmpfs", 0, "size=512k") == 0
        let db = QueueDatabase(directory: dir)
        if !mounted { db.pageLimit = 64 }
        _ = try db.open()
        var q = PlaybackQueue()
        q.append(Self.items(100))
        let good = PlayerState(queue: q, positionMicroseconds: 5, volume: 0.75, playback: .paused)
        try db.save(good)
        var full: QueueStoreError?
        for round in 0..<200 where full == nil {
            q.append(Self.items(200, prefix: "/" + String(repeating: "long-folder-name-", count: 8) + "\(round)"))
            do { try db.save(PlayerState(queue: q)) } catch { full = error }
        }
        #expect(full?.isFull == true, "saving never failed (tmpfs mounted: \(mounted))")
        let restored = try #require(try reopen(dir))
        // What was committed before the failure is intact, and the failed save left nothing half-written.
        #expect(restored.queue.count >= good.queue.count && restored.queue.count < q.count)
        #expect(Array(restored.queue.ids.prefix(100)) == good.queue.ids)
    }
}
