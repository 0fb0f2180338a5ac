import Testing
@testable import PlayerCore

/// The queue following the engine, path by path: gapless hand-over, asking ahead, stale questions, repeats,
/// restarts, failures (playing, paused, all of them), the end of the queue and re-planning after edits.
@Suite struct QueueEngineSyncTests {
    /// A command started entry 1 playing and it was heard.
    func playing(_ n: Int = 4, loop: LoopMode = .none) -> (QueueEngineSync, PlaybackQueue) {
        var q = makeQueue(n, loop: loop)
        var sync = QueueEngineSync()
        sync.commandStarted(id(1), paused: false)
        #expect(sync.trackStarted(id(1), queue: &q) == [])
        return (sync, q)
    }

    @Test func aCommandsOwnStartMovesNothing() {
        var q = makeQueue(3)
        try? q.goTo(id(2))
        var sync = QueueEngineSync()
        sync.commandStarted(id(2), paused: false)
        #expect(sync.awaitingStart == id(2))
        #expect(sync.trackStarted(id(2), queue: &q) == [])
        #expect(q.currentID == id(2) && sync.awaitingStart == nil && sync.expectedStarts.isEmpty)
    }

    @Test func gaplessHandOverMovesTheQueueWhenTheNextIsHeard() {
        var (sync, q) = playing()
        #expect(sync.needsNext(after: id(1), queue: &q) == [.setNext(id(2))])
        #expect(q.currentID == id(1), "asking ahead moves nothing")
        #expect(sync.trackStarted(id(2), queue: &q) == [])
        #expect(q.currentID == id(2) && sync.expectedStarts.isEmpty)
        #expect(sync.needsNext(after: id(2), queue: &q) == [.setNext(id(3))])
    }

    /// Short tracks: the engine asks about the one after next before the next is heard.
    @Test func askingTwiceAheadHandsOverBothInOrder() {
        var (sync, q) = playing()
        #expect(sync.needsNext(after: id(1), queue: &q) == [.setNext(id(2))])
        #expect(sync.needsNext(after: id(2), queue: &q) == [.setNext(id(3))])
        #expect(sync.expectedStarts == [id(2), id(3)])
        _ = sync.trackStarted(id(2), queue: &q)
        #expect(q.currentID == id(2) && sync.expectedStarts == [id(3)])
        _ = sync.trackStarted(id(3), queue: &q)
        #expect(q.currentID == id(3) && sync.expectedStarts.isEmpty)
    }

    /// Heard 3 while 2 was expected first (the engine skipped 2 as it failed): the queue goes to 3 directly.
    @Test func aLaterExpectedStartDropsTheOnesBeforeIt() {
        var (sync, q) = playing()
        _ = sync.needsNext(after: id(1), queue: &q)
        _ = sync.needsNext(after: id(2), queue: &q)
        _ = sync.trackStarted(id(3), queue: &q)
        #expect(q.currentID == id(3) && sync.expectedStarts.isEmpty)
    }

    @Test func aQuestionAboutAReplacedEntryIsNotAnswered() {
        var (sync, q) = playing()
        try? q.goTo(id(3))
        sync.commandStarted(id(3), paused: false)
        #expect(sync.needsNext(after: id(1), queue: &q) == [], "the engine asks again for what it plays now")
        _ = sync.trackStarted(id(3), queue: &q)
        #expect(sync.needsNext(after: id(3), queue: &q) == [.setNext(id(4))])
    }

    @Test func aStaleStartMovesNothing() {
        var (sync, q) = playing()
        #expect(sync.trackStarted(id(4), queue: &q) == [])
        #expect(q.currentID == id(1))
    }

    @Test func aTrackRepeatIsAJumpToZeroAndARepeat() {
        var (sync, q) = playing(loop: .track)
        #expect(sync.needsNext(after: id(1), queue: &q) == [.setNext(id(1))])
        #expect(sync.trackStarted(id(1), queue: &q) == [.seeked(toMicroseconds: 0), .repeated(id(1))])
        #expect(q.currentID == id(1) && sync.expectedStarts.isEmpty)
    }

    /// A command restarts the current entry where it could not seek: same trackid, so clients need Seeked.
    @Test func aRestartOfTheHeardEntryIsAnnouncedAtTheEnginesPosition() {
        var (sync, q) = playing()
        sync.commandStarted(id(1), paused: false)
        #expect(sync.trackStarted(id(1), queue: &q) == [.seeked(toMicroseconds: nil)])
        sync.stopped()
        sync.commandStarted(id(1), paused: false)
        #expect(sync.trackStarted(id(1), queue: &q) == [], "after a stop the start is a first start")
    }

    /// Soak seed 9: a repeat was on its way when LoopStatus went from Track to None; the repeat plays anyway.
    @Test func aRepeatAlreadyOnItsWayAfterReplanningIsStillAnnounced() {
        var (sync, q) = playing(loop: .track)
        _ = sync.needsNext(after: id(1), queue: &q)
        q.loopMode = .none
        #expect(sync.queueChanged(q, isStopped: false) == [.setNext(id(2))])
        #expect(sync.expectedStarts == [id(2)])
        #expect(sync.trackStarted(id(1), queue: &q) == [.seeked(toMicroseconds: nil)])
        #expect(q.currentID == id(1))
        _ = sync.trackStarted(id(2), queue: &q)
        #expect(q.currentID == id(2))
    }

    @Test func replanningReplacesOnlyASingleHandedOverEntry() {
        var (sync, q) = playing()
        #expect(sync.queueChanged(q, isStopped: false) == [], "nothing handed over yet")
        _ = sync.needsNext(after: id(1), queue: &q)
        #expect(sync.queueChanged(q, isStopped: false) == [], "the successor is still right")
        let added = try? q.insert(items(1, prefix: "/x/"), after: id(1))
        let x = added?.first?.id
        #expect(sync.queueChanged(q, isStopped: true) == [], "stopped: nothing to replace")
        #expect(sync.queueChanged(q, isStopped: false) == [.setNext(x)])
        _ = sync.needsNext(after: x!, queue: &q)
        _ = try? q.remove(id(2))
        #expect(sync.queueChanged(q, isStopped: false) == [], "two handed over: the engine may decode the second")
    }

    @Test func aFailedNextIsSkippedToTheOneAfter() {
        var (sync, q) = playing()
        _ = sync.needsNext(after: id(1), queue: &q)
        sync.failed(id(2))
        #expect(sync.needsNext(after: id(2), queue: &q) == [.setNext(id(3))])
        #expect(sync.expectedStarts == [id(3)])
        _ = sync.trackStarted(id(3), queue: &q)
        #expect(q.currentID == id(3) && sync.failures.isEmpty)
    }

    @Test func aFailedCommandStartMovesToTheNextPlaying() {
        var q = makeQueue(3)
        var sync = QueueEngineSync()
        sync.commandStarted(id(1), paused: false)
        sync.failed(id(1))
        #expect(sync.needsNext(after: id(1), queue: &q) == [.setNext(id(2))])
        #expect(sync.awaitingStart == nil && sync.expectedStarts == [id(2)])
        _ = sync.trackStarted(id(2), queue: &q)
        #expect(q.currentID == id(2))
    }

    /// A restored (paused) file is gone: stay paused, on the entry after it.
    @Test func aFailedPausedLoadStaysPausedOnTheNextEntry() {
        var q = makeQueue(3)
        var sync = QueueEngineSync()
        sync.commandStarted(id(1), paused: true)
        sync.failed(id(1))
        #expect(sync.needsNext(after: id(1), queue: &q) == [.loadPaused(id(2))])
        #expect(q.currentID == id(2))
    }

    @Test func whenEveryEntryFailsItStopsInsteadOfLooping() {
        var q = makeQueue(2, loop: .playlist)
        var sync = QueueEngineSync()
        sync.commandStarted(id(1), paused: false)
        sync.failed(id(1))
        #expect(sync.needsNext(after: id(1), queue: &q) == [.setNext(id(2))])
        sync.failed(id(2))
        #expect(sync.needsNext(after: id(2), queue: &q) == [.nothingPlayable(after: id(2)), .setNext(nil)])
    }

    @Test func theEndOfTheQueueStopsAtTheFirstTrack() {
        var (sync, q) = playing(2)
        _ = sync.needsNext(after: id(1), queue: &q)
        _ = sync.trackStarted(id(2), queue: &q)
        #expect(sync.needsNext(after: id(2), queue: &q) == [.setNext(nil)])
        _ = sync.endOfQueue(queue: &q)
        #expect(q.currentID == id(1) && sync.expectedStarts.isEmpty && sync.awaitingStart == nil)
    }

    @Test func playlistLoopHandsOverTheFirstAfterTheLast() {
        var (sync, q) = playing(2, loop: .playlist)
        _ = sync.needsNext(after: id(1), queue: &q)
        _ = sync.trackStarted(id(2), queue: &q)
        #expect(sync.needsNext(after: id(2), queue: &q) == [.setNext(id(1))])
        _ = sync.trackStarted(id(1), queue: &q)
        #expect(q.currentID == id(1))
    }

    @Test func successorFollowsTheUpcomingEntries() {
        let q = makeQueue(4)
        #expect(QueueEngineSync.successor(of: q, after: []) == id(2))
        #expect(QueueEngineSync.successor(of: q, after: [id(2)]) == id(3))
        #expect(QueueEngineSync.successor(of: q, after: [id(2), id(3), id(4)]) == nil)
        #expect(QueueEngineSync.successor(of: q, after: [id(3)]) == id(4), "a jump in the upcoming list")
    }

    /// Random events and commands in any order: the queue stays valid and what is handed over stays in it.
    @Test func anyEventSequenceKeepsTheQueueValid() {
        var random = SeededRandom(seed: 2024)
        for round in 0..<200 {
            var q = makeQueue(1 + Int(random.next() % 6), loop: [.none, .track, .playlist][Int(random.next() % 3)])
            var sync = QueueEngineSync()
            for _ in 0..<60 {
                let ids = q.ids
                guard !ids.isEmpty else { break }
                let pick = ids[Int(random.next() % UInt64(ids.count))]
                switch random.next() % 8 {
                case 0: try? q.goTo(pick); sync.commandStarted(pick, paused: random.next() % 2 == 0)
                case 1: _ = sync.trackStarted(pick, queue: &q)
                case 2: _ = sync.needsNext(after: pick, queue: &q)
                case 3: sync.failed(pick)
                case 4: _ = sync.endOfQueue(queue: &q)
                case 5: sync.stopped()
                case 6:
                    q.loopMode = [.none, .track, .playlist][Int(random.next() % 3)]
                    _ = sync.queueChanged(q, isStopped: false)
                default: if q.count > 1 { _ = try? q.remove(pick) }; _ = sync.queueChanged(q, isStopped: false)
                }
                #expect(invariantsHold(q), "round \(round)")
                #expect(sync.expectedStarts.count <= 60)
            }
        }
    }
}
