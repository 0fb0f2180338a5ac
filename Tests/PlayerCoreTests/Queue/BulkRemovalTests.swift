import Testing
@testable import PlayerCore

/// `PlaybackQueue.remove(_: Set)`: one pass, all or nothing, the same successor rule as a single removal.
@Suite struct BulkRemovalTests {
    @Test func removesEveryNamedEntryAndKeepsTheRestInOrder() throws {
        var q = makeQueue(10)
        let removal = try q.remove(Set([id(2), id(5), id(9)]))
        #expect(q.ids == [1, 3, 4, 6, 7, 8, 10].map(id))
        #expect(removal?.wasCurrent == false && q.currentID == id(1))
        for (i, entryID) in q.ids.enumerated() { #expect(q.index(of: entryID) == i) }
        #expect(q.entry(id(6))?.location == .file(path: "/m/5.mp3"))
        #expect(invariantsHold(q))
    }

    @Test func anUnknownIDRemovesNothing() {
        var q = makeQueue(5)
        #expect(throws: QueueError.unknownEntry(id(77))) { try q.remove(Set([id(2), id(77)])) }
        #expect(q.ids == (1...5).map(id))
    }

    @Test func removedCurrentIsReplacedByTheFirstSurvivorAfterIt() throws {
        var q = makeQueue(8)
        try q.goTo(id(4))
        let removal = try #require(try q.remove(Set([id(2), id(4), id(5)])))
        #expect(removal.wasCurrent && !removal.endOfQueue)
        #expect(q.currentID == id(6))
        #expect(invariantsHold(q))
    }

    @Test func removingTheCurrentTailPassesTheEnd() throws {
        var q = makeQueue(5)
        try q.goTo(id(4))
        let removal = try #require(try q.remove(Set([id(4), id(5)])))
        #expect(removal.endOfQueue && q.currentID == id(1))
        var looped = makeQueue(5, loop: .playlist)
        try looped.goTo(id(4))
        #expect(try looped.remove(Set([id(4), id(5)]))?.endOfQueue == false)
    }

    @Test func removingEverythingEmptiesTheQueue() throws {
        var q = makeQueue(4)
        let removal = try q.remove(Set((1...4).map(id)))
        #expect(q.isEmpty && q.currentID == nil && removal?.newCurrent == nil)
        #expect(q.append(items(1)).first?.id == id(5))
    }

    @Test func matchesOneByOneRemovalWhenShuffled() throws {
        var bulk = makeQueue(30, loop: .playlist, seed: 7)
        bulk.setShuffle(true)
        var single = bulk
        let gone = Set([3, 8, 11, 20].map(id))
        try bulk.remove(gone)
        for g in gone.sorted() { try single.remove(g) }
        #expect(bulk.ids == single.ids)
        #expect(invariantsHold(bulk))
    }

    /// Half of a 100,000-entry queue: compaction keeps every surviving location byte for byte.
    @Test func compactionKeepsLocations() throws {
        var q = PlaybackQueue()
        q.append((0..<100_000).map { MediaItem(.file(path: "/music/\($0 / 20)/\($0 % 20).flac")) })
        try q.remove(Set(q.ids.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)))
        #expect(q.count == 50_000)
        for (i, e) in q.entries.enumerated() where i % 997 == 0 {
            let n = Int(e.id.rawValue) - 1
            #expect(e.location == .file(path: "/music/\(n / 20)/\(n % 20).flac"))
        }
    }
}
