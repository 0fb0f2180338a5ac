import Foundation
import Testing

@testable import PlayerCore

/// MPD's single without repeat (stop after the current entry, always or once) and consume (played entries leave
/// the queue), as the play order and the engine synchronisation decide them.
@Suite struct StopAfterAndConsumeTests {
    func playing(_ n: Int = 3) -> (QueueEngineSync, PlaybackQueue) {
        var q = makeQueue(n)
        var sync = QueueEngineSync()
        sync.commandStarted(id(1), paused: false)
        _ = sync.trackStarted(id(1), queue: &q)
        return (sync, q)
    }

    @Test func stopAfterCurrentGivesTheEngineNoSuccessorAndStopsOnTheFollowingEntry() {
        var (sync, q) = playing()
        q.stopAfterCurrent = .always
        #expect(q.naturalSuccessor == nil)
        #expect(sync.needsNext(after: id(1), queue: &q) == [.setNext(nil)])
        #expect(q.canGoNext, "a user Next still moves")
        #expect(sync.endOfQueue(queue: &q) == [])
        #expect(q.currentID == id(2), "Play goes on from the entry that would have followed")
        #expect(q.stopAfterCurrent == .always, "single 1 stays")
    }

    @Test func onceIsUsedUpByTheStop() {
        var (sync, q) = playing()
        q.stopAfterCurrent = .once
        #expect(q.naturalSuccessor == nil)
        _ = sync.endOfQueue(queue: &q)
        #expect(q.currentID == id(2) && q.stopAfterCurrent == .off)
        #expect(q.naturalSuccessor == id(3))
    }

    @Test func aLoopModeTurnsTheStopOffAndTheLastEntryStopsAtTheFirst() {
        var q = makeQueue(2)
        q.stopAfterCurrent = .always
        q.loopMode = .track
        #expect(q.stopAfterCurrent == .off && q.naturalSuccessor == id(1))
        q.loopMode = .none
        q.stopAfterCurrent = .always
        try? q.goTo(id(2))
        #expect(q.nextStep(.trackEnded) == .stop(at: id(1)))
    }

    @Test func consumeRemovesWhatPlayedWhenTheNextIsHeardAndAtTheEnd() {
        var (sync, q) = playing()
        q.consumes = true
        #expect(sync.needsNext(after: id(1), queue: &q) == [.setNext(id(2))])
        #expect(sync.trackStarted(id(2), queue: &q) == [.consumed(id(1))])
        #expect(q.currentID == id(2))
        // A repeat of the same entry consumes nothing.
        q.loopMode = .track
        #expect(sync.needsNext(after: id(2), queue: &q) == [.setNext(id(2))])
        #expect(sync.trackStarted(id(2), queue: &q) == [.seeked(toMicroseconds: 0), .repeated(id(2))])
        q.loopMode = .none
        try? q.goTo(id(3))
        sync.commandStarted(id(3), paused: false)
        _ = sync.trackStarted(id(3), queue: &q)
        #expect(sync.endOfQueue(queue: &q) == [.consumed(id(3))])
    }

    @Test func theModesPersistAndOldStateFilesLoadWithoutThem() throws {
        var q = makeQueue(2)
        q.stopAfterCurrent = .once
        q.consumes = true
        let data = try JSONEncoder().encode(q)
        let back = try JSONDecoder().decode(PlaybackQueue.self, from: data)
        #expect(back.stopAfterCurrent == .once && back.consumes)
        let plain = try JSONEncoder().encode(makeQueue(2))
        #expect(!String(decoding: plain, as: UTF8.self).contains("consumes"), "defaults are not written")
        let old = try JSONDecoder().decode(PlaybackQueue.self, from: plain)
        #expect(old.stopAfterCurrent == .off && !old.consumes)
    }
}

/// MPD's `shuffle`: the queue's own order changes (not the play order), the current entry first in its range.
@Suite struct ShuffleEntriesTests {
    @Test func aRangeIsPermutedWithTheCurrentEntryAtItsStart() {
        var q = makeQueue(10)
        try? q.goTo(id(5))
        var random = SeededRandom(seed: 7)
        q.shuffleEntries(in: 2..<8, using: &random)
        #expect(q.ids[0..<2] == [id(1), id(2)] && q.ids[8...] == [id(9), id(10)], "outside the range: kept")
        #expect(q.ids[2] == id(5) && q.currentID == id(5))
        #expect(Set(q.ids[2..<8]) == Set((3...8).map { id(UInt64($0)) }))
        #expect(q.ids[3..<8] != [id(3), id(4), id(6), id(7), id(8)], "seed 7 moves something")
        #expect(q.index(of: id(5)) == 2, "the position index follows")
        q.shuffleEntries(in: 0..<99, using: &random)  // out of range: nothing
        #expect(q.count == 10)
    }
}
