import Testing
@testable import PlayerCore

@Suite struct LinearPlayOrderTests {
    @Test func noneLoopPlaysOnceThenStopsAtFirst() {
        var q = makeQueue(3)
        #expect(q.next(.trackEnded) == .play(id(2)))
        #expect(q.next(.trackEnded) == .play(id(3)))
        #expect(q.naturalSuccessor == nil)
        #expect(!q.canGoNext)
        #expect(q.next(.user) == .unavailable)
        #expect(q.currentID == id(3))
        #expect(q.next(.trackEnded) == .stop(at: id(1)))
        #expect(q.currentID == id(1))
        #expect(!q.canGoPrevious)
        #expect(q.previous() == .unavailable)
    }

    @Test func playlistLoopWrapsBothWays() {
        var q = makeQueue(3, loop: .playlist)
        #expect(q.canGoPrevious)
        #expect(q.previous() == .play(id(3)))
        #expect(q.next(.user) == .play(id(1)))
        #expect(q.next(.trackEnded) == .play(id(2)))
        #expect(q.next(.trackEnded) == .play(id(3)))
        #expect(q.naturalSuccessor == id(1))
        #expect(q.next(.trackEnded) == .play(id(1)))
    }

    @Test func trackLoopRepeatsOnlyOnNaturalEnd() {
        var q = makeQueue(3, loop: .track)
        #expect(q.next(.trackEnded) == .repeatCurrent)
        #expect(q.currentID == id(1))
        #expect(q.naturalSuccessor == id(1))
        #expect(q.next(.user) == .play(id(2)))
        #expect(q.next(.user) == .play(id(3)))
        // User Next at the end wraps while track repeat is on (see PlayOrder's doc for the MPRIS reading).
        #expect(q.canGoNext)
        #expect(q.next(.user) == .play(id(1)))
        #expect(q.canGoPrevious)
        #expect(q.previous() == .play(id(3)))
    }

    @Test(arguments: [LoopMode.none, .track, .playlist])
    func emptyQueueHasNowhereToGo(loop: LoopMode) {
        var q = PlaybackQueue(random: SeededRandom(seed: 1), loopMode: loop)
        #expect(!q.canGoNext && !q.canGoPrevious)
        #expect(q.next(.trackEnded) == .unavailable)
        #expect(q.next(.user) == .unavailable)
        #expect(q.previous() == .unavailable)
        q.setShuffle(true)
        #expect(q.next(.user) == .unavailable && !q.canGoNext)
    }

    @Test func singleEntry() {
        var none = makeQueue(1)
        #expect(!none.canGoNext && !none.canGoPrevious)
        #expect(none.next(.trackEnded) == .stop(at: id(1)))
        var list = makeQueue(1, loop: .playlist)
        #expect(list.canGoNext && list.canGoPrevious)
        #expect(list.next(.trackEnded) == .play(id(1)))
    }

    /// CanGoNext/CanGoPrevious always agree with what Next/Previous do, in every mode and position.
    @Test(arguments: [LoopMode.none, .track, .playlist], [false, true])
    func canGoFlagsMatchMoves(loop: LoopMode, shuffled: Bool) throws {
        for n in 1...5 {
            for start in 0..<n {
                var q = makeQueue(n, loop: loop, seed: UInt64(n * 10 + start))
                q.setShuffle(shuffled)
                try q.goTo(q.ids[start])
                for _ in 0..<(2 * n) {
                    var a = q, b = q
                    #expect(q.canGoNext == (a.next(.user) != .unavailable))
                    #expect(q.canGoPrevious == (b.previous() != .unavailable))
                    q.next(.trackEnded)
                }
            }
        }
    }

    @Test func peekingDoesNotMove() {
        let q = makeQueue(3, loop: .playlist)
        #expect(q.nextStep(.user) == .play(id(2)))
        #expect(q.nextStep(.user) == .play(id(2)))
        #expect(q.currentID == id(1))
    }
}
