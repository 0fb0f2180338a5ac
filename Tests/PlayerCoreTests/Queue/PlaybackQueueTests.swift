import Foundation
import Testing
@testable import PlayerCore

@Suite struct PlaybackQueueTests {
    @Test func appendAssignsIncreasingIDsAndFirstBecomesCurrent() {
        var q = PlaybackQueue(random: SeededRandom(seed: 1))
        #expect(q.currentID == nil && q.isEmpty)
        let added = q.append(items(3))
        #expect(added.map(\.id.rawValue) == [1, 2, 3])
        #expect(q.currentID == id(1))
        let more = q.append(items(2, prefix: "/n/"))
        #expect(more.map(\.id.rawValue) == [4, 5])
        #expect(q.currentID == id(1))
        #expect(invariantsHold(q))
    }

    @Test func idsAreNeverReusedAfterRemoveClearReplace() throws {
        var q = makeQueue(3)
        try q.remove(id(3))
        #expect(q.append(items(1)).first?.id == id(4))
        q.clear()
        #expect(q.isEmpty && q.currentID == nil)
        #expect(q.append(items(1)).first?.id == id(5))
        let replaced = q.replace(with: items(2))
        #expect(replaced.map(\.id.rawValue) == [6, 7])
        #expect(q.currentID == id(6))
    }

    @Test func insertAfterAndAtStart() throws {
        var q = makeQueue(3)
        try q.insert(items(1, prefix: "/x/"), after: id(1))
        #expect(q.ids == [id(1), id(4), id(2), id(3)])
        try q.insert(items(1, prefix: "/y/"), after: nil)
        #expect(q.ids == [id(5), id(1), id(4), id(2), id(3)])
        try q.insert(items(1), after: id(3))
        #expect(q.ids.last == id(6))
        #expect(throws: QueueError.unknownEntry(id(99))) { try q.insert(items(1), after: id(99)) }
        #expect(q.currentID == id(1))
    }

    @Test func removeNonCurrentKeepsCurrent() throws {
        var q = makeQueue(4)
        try q.goTo(id(3))
        let r = try q.remove(id(1))
        #expect(!r.wasCurrent && r.index == 0 && r.newCurrent == id(3) && !r.endOfQueue)
        #expect(q.currentID == id(3) && q.currentIndex == 1)
        #expect(throws: QueueError.unknownEntry(id(1))) { try q.remove(id(1)) }
    }

    @Test func removeCurrentMovesToFollowingEntry() throws {
        var q = makeQueue(3)
        try q.goTo(id(2))
        let r = try q.remove(id(2))
        #expect(r.wasCurrent && r.newCurrent == id(3) && !r.endOfQueue)
        #expect(q.currentID == id(3))
    }

    @Test(arguments: [LoopMode.none, .playlist, .track])
    func removeLastCurrentWrapsToFirst(loop: LoopMode) throws {
        var q = makeQueue(3, loop: loop)
        try q.goTo(id(3))
        let r = try q.remove(id(3))
        #expect(r.newCurrent == id(1))
        #expect(r.endOfQueue == (loop == .none))
    }

    @Test func removeOnlyEntryEmptiesQueue() throws {
        var q = makeQueue(1)
        let r = try q.remove(id(1))
        #expect(r.wasCurrent && r.newCurrent == nil && r.endOfQueue)
        #expect(q.isEmpty && q.currentID == nil && invariantsHold(q))
    }

    @Test func moveReordersAndValidates() throws {
        var q = makeQueue(4)
        try q.move(id(1), to: 3)
        #expect(q.ids == [id(2), id(3), id(4), id(1)])
        try q.move(id(4), to: 0)
        #expect(q.ids == [id(4), id(2), id(3), id(1)])
        #expect(q.currentID == id(1) && q.currentIndex == 3)
        #expect(throws: QueueError.indexOutOfRange(4, count: 4)) { try q.move(id(2), to: 4) }
        #expect(throws: QueueError.indexOutOfRange(-1, count: 4)) { try q.move(id(2), to: -1) }
        #expect(throws: QueueError.unknownEntry(id(9))) { try q.move(id(9), to: 0) }
    }

    @Test func goToUnknownThrowsAndKeepsCurrent() {
        var q = makeQueue(2)
        #expect(throws: QueueError.unknownEntry(id(7))) { try q.goTo(id(7)) }
        #expect(q.currentID == id(1))
    }

    @Test func insertIntoEmptyQueueSetsCurrent() throws {
        var q = PlaybackQueue(random: SeededRandom(seed: 3))
        try q.insert(items(2), after: nil)
        #expect(q.currentID == id(1))
    }

    @Test func codableRoundTripKeepsEverything() throws {
        var q = makeQueue(5, loop: .playlist, seed: 9)
        q.setShuffle(true)
        q.next(.user); q.next(.user)
        try q.remove(q.ids[0])
        let data = try JSONEncoder().encode(q)
        let back = try JSONDecoder().decode(PlaybackQueue.self, from: data)
        #expect(back == q)
        var a = q, b = back
        for _ in 0..<20 { #expect(a.next(.trackEnded) == b.next(.trackEnded)) }
    }

    @Test func decodingRepairsInconsistentState() throws {
        let json = """
            {"entries":[{"id":5,"item":{"location":"/a.mp3"}},{"id":5,"item":{"location":"/b.mp3"}},
                        {"id":9,"item":{"location":"http://x/s"}}],
             "current":77,"nextID":2}
            """
        let q = try JSONDecoder().decode(PlaybackQueue.self, from: Data(json.utf8))
        #expect(q.ids == [id(5), id(9)])
        #expect(q.currentID == id(5))
        #expect(q.nextRawID == 10)
        #expect(q.entries[1].location == .url("http://x/s"))
        #expect(invariantsHold(q))
    }
}
