import Testing
@testable import PlayerCore

/// The dense id → index table (`QueuePositionIndex`) on its own and inside a 100,000-entry queue: every edit keeps
/// `index(of:)` equal to the entry's real place.
@Suite struct QueuePositionIndexTests {
    /// Every id maps to its position, and ids not in `ids` map to nothing.
    private func matches(_ index: QueuePositionIndex, _ ids: [QueueEntryID], absent: [QueueEntryID] = []) -> Bool {
        guard index.count == ids.count else { return false }
        for (i, id) in ids.enumerated() where index[id] != Int32(i) { return false }
        return absent.allSatisfy { index[$0] == nil }
    }

    /// The queue's table agrees with a linear search over its ids.
    private func indexIsExact(_ q: PlaybackQueue) -> Bool {
        for (i, id) in q.ids.enumerated() where q.index(of: id) != i { return false }
        return q.hasUniqueIDs
    }

    @Test func contiguousIdsAreDense() {
        let ids = (1...1000).map { id(UInt64($0)) }
        let index = QueuePositionIndex(ids)
        #expect(matches(index, ids, absent: [id(0), id(1001), id(5000)]))
        #expect(index.denseCapacity == 1000)
        #expect(index.sparseCount == 0)
    }

    @Test func farIdsGoSparseAndStillResolve() {
        var ids = (100...600).map { id(UInt64($0)) }
        ids.insert(id(3), at: 7)  // below the others but near: dense
        ids.append(id(1 << 40))  // far past them: sparse
        ids.append(id(UInt64.max))
        let index = QueuePositionIndex(ids)
        #expect(matches(index, ids, absent: [id(4), id(99), id(601), id((1 << 40) + 1)]))
        #expect(index.denseCapacity <= 600)
        #expect(index.sparseCount == 2)
    }

    @Test func idsAtBothEndsOfTheRangeNeverTrap() {
        let max = UInt64.max
        for ids in [
            [id(max), id(max - 1), id(0), id(1)], [id(max), id(max - 5), id(max - 9)], [id(0), id(max)],
            [id(max - 1), id(max)], (0..<50).map { id(max - $0 * 1000) }
        ] {
            var index = QueuePositionIndex(ids)
            #expect(matches(index, ids), "\(ids)")
            for id in ids { index.remove(id) }
            #expect(index.count == 0)
            index.set(id(max), 7)
            #expect(index[id(max)] == 7)
        }
    }

    @Test func anIdSetSparseThenCoveredByGrowthStaysFound() {
        let gap = QueuePositionIndex.maxGap
        var index = QueuePositionIndex()
        index.set(id(10), 0)
        index.set(id(10 + gap + 50), 1)  // too far past the dense end: sparse
        #expect(index.sparseCount == 1)
        index.set(id(10 + gap - 1), 2)  // near enough: the dense range grows, now just short of the sparse id
        #expect(index[id(10 + gap + 50)] == 1)
        index.set(id(10 + gap + 50), 3)  // inside the dense range's reach now: moves in
        #expect(index.count == 3)
        #expect(index[id(10 + gap + 50)] == 3)
        #expect(index.sparseCount == 0)
        index.remove(id(10 + gap + 50))
        #expect(index.count == 2)
        #expect(index[id(10 + gap + 50)] == nil)
    }

    @Test func duplicateIdsCountOnce() {
        let index = QueuePositionIndex([id(1), id(2), id(1)])
        #expect(index.count == 2)
        #expect(index[id(1)] == 2)  // the last one wins, as the dictionary it replaces did
    }

    @Test func removingMostIdsRepacksTheDenseRange() {
        var index = QueuePositionIndex((1...100_000).map { id(UInt64($0)) })
        for raw in 1...90_000 { index.remove(id(UInt64(raw))) }
        #expect(index.count == 10_000)
        #expect(index.denseCapacity < 30_000)
        #expect(index[id(90_000)] == nil)
        #expect(index[id(90_001)] == 90_000)
        #expect(index[id(100_000)] == 99_999)
    }

    // MARK: - In a 100,000-entry queue

    @Test func removeInsertMoveClearAt100k() throws {
        var q = makeQueue(100_000)
        #expect(indexIsExact(q))
        // Remove from the front, the middle and the end.
        try q.remove(id(1))
        try q.remove(id(50_000))
        try q.remove(id(100_000))
        #expect(q.count == 99_997)
        #expect(q.index(of: id(1)) == nil && q.index(of: id(50_000)) == nil && q.index(of: id(100_000)) == nil)
        #expect(q.index(of: id(2)) == 0)
        #expect(q.index(of: id(50_001)) == 49_998)
        #expect(indexIsExact(q))
        // Insert in the middle and at the start: fresh ids past the dense end.
        let middle = try q.insert(items(3, prefix: "/n/"), after: id(70_000))
        #expect(middle.map(\.id) == [id(100_001), id(100_002), id(100_003)])
        #expect(q.index(of: id(100_001)) == q.index(of: id(70_000))! + 1)
        let front = try q.insert(items(2, prefix: "/f/"), after: nil)
        #expect(q.index(of: front[0].id) == 0)
        #expect(q.index(of: id(2)) == 2)
        #expect(indexIsExact(q))
        // Move forwards and backwards.
        try q.move(id(2), to: 99_000)
        #expect(q.index(of: id(2)) == 99_000)
        try q.move(id(99_999), to: 0)
        #expect(q.index(of: id(99_999)) == 0)
        #expect(indexIsExact(q))
        #expect(invariantsHold(q))
        // Clear, then a new queue: ids keep counting and the table follows them.
        q.clear()
        #expect(q.index(of: id(2)) == nil)
        #expect(q.isEmpty)
        let again = q.append(items(100_000, prefix: "/again/"))
        #expect(again.first?.id == id(100_006))
        #expect(q.index(of: id(100_006)) == 0)
        #expect(q.index(of: id(200_005)) == 99_999)
        #expect(indexIsExact(q))
        #expect(invariantsHold(q))
    }

    @Test func removingMostOfA100kQueueKeepsTheIndexExact() throws {
        var q = makeQueue(100_000)
        // From the back (each removal renumbers nothing), until the table re-packs.
        for raw in stride(from: 100_000, to: 20_000, by: -1) { try q.remove(id(UInt64(raw))) }
        #expect(q.count == 20_000)
        #expect(q.index(of: id(1)) == 0)
        #expect(q.index(of: id(20_000)) == 19_999)
        #expect(q.index(of: id(20_001)) == nil)
        #expect(indexIsExact(q))
        #expect(invariantsHold(q))
        let added = q.append(items(10, prefix: "/x/"))
        #expect(q.index(of: added[9].id) == 20_009)
    }

    @Test func replaceAt100kReindexes() {
        var q = makeQueue(100_000)
        let new = q.replace(with: items(100_000, prefix: "/r/"))
        #expect(new.first?.id == id(100_001))
        #expect(q.index(of: id(1)) == nil)
        #expect(q.index(of: id(150_000)) == 49_999)
        #expect(indexIsExact(q))
    }
}
