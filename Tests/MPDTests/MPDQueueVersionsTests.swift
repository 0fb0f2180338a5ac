import Testing

@testable import MPD

/// `plchanges`' bookkeeping: which positions changed since a version a client holds.
@Suite struct MPDQueueVersionsTests {
    @Test func everyChangeBumpsTheVersionAndMarksOnlyTheChangedPositions() {
        var v = MPDQueueVersions()
        let added = v.update(ids: [1, 2, 3])
        #expect(added)
        let afterAdd = v.version
        let same = v.update(ids: [1, 2, 3])
        #expect(!same, "the same queue is no change")
        #expect(v.version == afterAdd)
        let removed = v.update(ids: [1, 3])  // 2 removed: position 1 now holds 3
        #expect(removed)
        #expect(v.positions(changedSince: afterAdd) == [1])
        let appended = v.update(ids: [1, 3, 4])
        #expect(appended)
        #expect(v.positions(changedSince: afterAdd) == [1, 2])
        #expect(v.positions(changedSince: v.version).isEmpty)
        #expect(v.positions(changedSince: 0) == [0, 1, 2])
    }

    @Test func aVersionFromTheFutureGetsTheWholeQueue() {
        var v = MPDQueueVersions()
        _ = v.update(ids: [7, 8])
        #expect(v.positions(changedSince: v.version + 100) == [0, 1])
    }

    @Test func clearingLeavesNothingToReport() {
        var v = MPDQueueVersions()
        _ = v.update(ids: [1, 2])
        let before = v.version
        let cleared = v.update(ids: [])
        #expect(cleared)
        #expect(v.version > before)
        #expect(v.positions(changedSince: before).isEmpty)
    }
}
