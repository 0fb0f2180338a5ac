import Testing
@testable import PlayerCore

@Suite struct ShufflePlayOrderTests {
    /// Plays `cycles` whole cycles by natural ends with loop playlist, returning the ids played in order.
    private func play(_ q: inout PlaybackQueue, steps: Int) -> [QueueEntryID] {
        var played = [q.currentID!]
        for _ in 1..<steps {
            guard case .play(let id) = q.next(.trackEnded) else { Issue.record("expected play"); break }
            played.append(id)
        }
        return played
    }

    @Test(arguments: 1...8)
    func everyTrackOncePerCycleAndNoRepeatAcrossCycles(n: Int) {
        for seed in UInt64(0)..<200 {
            var q = makeQueue(n, loop: .playlist, seed: seed)
            q.setShuffle(true)
            let played = play(&q, steps: n * 5)
            for cycle in 0..<5 {
                let slice = played[(cycle * n)..<((cycle + 1) * n)]
                #expect(Set(slice) == Set(q.ids), "seed \(seed) cycle \(cycle)")
            }
            if n > 1 {
                for i in 1..<played.count { #expect(played[i] != played[i - 1], "seed \(seed) at \(i)") }
            }
            #expect(invariantsHold(q))
        }
    }

    @Test func turningShuffleOnKeepsCurrentAndPlaysOthersFirst() throws {
        for seed in UInt64(0)..<100 {
            var q = makeQueue(6, loop: .none, seed: seed)
            try q.goTo(id(4))
            q.setShuffle(true)
            #expect(q.currentID == id(4))
            let played = play(&q, steps: 6)
            #expect(Set(played) == Set(q.ids))
            #expect(q.next(.trackEnded) != .unavailable)  // stop at the first of a new cycle
        }
    }

    @Test func noneLoopWithShuffleStopsAfterOneCycle() {
        for seed in UInt64(0)..<100 {
            var q = makeQueue(4, loop: .none, seed: seed)
            q.setShuffle(true)
            for _ in 0..<3 { if case .play = q.next(.trackEnded) {} else { Issue.record("early stop") } }
            let last = q.currentID
            #expect(!q.canGoNext)
            #expect(q.next(.user) == .unavailable)
            guard case .stop(let first) = q.next(.trackEnded) else { Issue.record("no stop"); continue }
            #expect(first != last)
            #expect(q.currentID == first)
            #expect(q.canGoPrevious)
        }
    }

    @Test func turningShuffleOffContinuesInListOrderFromCurrent() {
        var q = makeQueue(5, loop: .none, seed: 5)
        q.setShuffle(true)
        q.next(.user); q.next(.user)
        let current = q.currentID!
        q.setShuffle(false)
        #expect(q.currentID == current)
        #expect(q.order.upcoming.isEmpty && q.order.history.isEmpty)
        let i = q.currentIndex!
        #expect(q.nextStep(.user) == (i + 1 < 5 ? .play(q.ids[i + 1]) : .unavailable))
    }

    @Test func settingShuffleAgainDoesNotReshuffle() {
        var q = makeQueue(6, seed: 11)
        q.setShuffle(true)
        let before = q.order
        q.setShuffle(true)
        #expect(q.order == before)
    }

    @Test func previousWalksBackThroughWhatWasPlayedAndNextReplaysIt() {
        for seed in UInt64(0)..<100 {
            var q = makeQueue(5, loop: .playlist, seed: seed)
            q.setShuffle(true)
            let played = play(&q, steps: 12)  // crosses two cycle boundaries
            var back: [QueueEntryID] = []
            while case .play(let id) = q.previous() { back.append(id) }
            #expect(back == Array(played.dropLast().reversed()), "seed \(seed)")
            #expect(!q.canGoPrevious)
            var forward: [QueueEntryID] = []
            for _ in 1..<played.count { if case .play(let id) = q.next(.user) { forward.append(id) } }
            #expect(forward == Array(played.dropFirst()), "seed \(seed)")
        }
    }

    @Test func trackLoopWithShuffleRepeatsOnNaturalEndOnly() {
        var q = makeQueue(4, loop: .track, seed: 3)
        q.setShuffle(true)
        #expect(q.next(.trackEnded) == .repeatCurrent)
        let c = q.currentID
        guard case .play(let n) = q.next(.user) else { Issue.record("no move"); return }
        #expect(n != c)
    }

    @Test func addingWhileShuffledPlaysNewEntriesThisCycle() {
        for seed in UInt64(0)..<100 {
            var q = makeQueue(4, loop: .playlist, seed: seed)
            q.setShuffle(true)
            var played = [q.currentID!]
            if case .play(let id) = q.next(.trackEnded) { played.append(id) }
            let added = q.append(items(3, prefix: "/new/")).map(\.id)
            #expect(invariantsHold(q))
            for _ in 0..<5 { if case .play(let id) = q.next(.trackEnded) { played.append(id) } }
            #expect(Set(played) == Set(q.ids), "seed \(seed)")
            #expect(played.count == 7)
            #expect(Set(added).isSubset(of: Set(played)))
        }
    }

    @Test func removingWhileShuffledKeepsPermutationConsistent() throws {
        for seed in UInt64(0)..<100 {
            var q = makeQueue(6, loop: .playlist, seed: seed)
            q.setShuffle(true)
            q.next(.trackEnded)
            let upcoming = q.order.upcoming
            let victim = upcoming[1]
            try q.remove(victim)
            #expect(q.order.upcoming == upcoming.filter { $0 != victim })
            // Removing the current entry moves to the next one in the permutation.
            let expected = q.order.upcoming.first
            let r = try q.remove(q.currentID!)
            #expect(r.newCurrent == expected && !r.endOfQueue)
            #expect(invariantsHold(q))
            #expect(!q.order.history.contains(r.entry.id))
        }
    }

    @Test func randomEditsKeepInvariants() throws {
        for seed in UInt64(0)..<300 {
            var rng = SeededRandom(seed: seed &* 7919)
            var q = makeQueue(
                Int.random(in: 0...6, using: &rng), loop: LoopMode.allCases.randomElement(using: &rng)!, seed: seed)
            for _ in 0..<60 {
                switch Int.random(in: 0..<9, using: &rng) {
                case 0: q.append(items(Int.random(in: 1...3, using: &rng)))
                case 1: if let v = q.ids.randomElement(using: &rng) { try q.remove(v) }
                case 2: q.setShuffle(!q.isShuffled)
                case 3: q.next(.user)
                case 4: q.next(.trackEnded)
                case 5: q.previous()
                case 6: if let v = q.ids.randomElement(using: &rng) { try q.goTo(v) }
                case 7:
                    if let v = q.ids.randomElement(using: &rng) {
                        try q.move(v, to: Int.random(in: 0..<q.count, using: &rng))
                    }
                default: q.loopMode = LoopMode.allCases.randomElement(using: &rng)!
                }
                #expect(invariantsHold(q), "seed \(seed)")
                var a = q, b = q
                #expect(q.canGoNext == (a.next(.user) != .unavailable))
                #expect(q.canGoPrevious == (b.previous() != .unavailable))
            }
        }
    }

    /// The gapless successor computed ahead of time is exactly what the natural end then does, in every mode,
    /// including across shuffle cycle boundaries (the permutation is drawn from the persisted generator).
    @Test func peekedSuccessorMatchesTheActualMove() {
        for seed in UInt64(0)..<200 {
            for loop in LoopMode.allCases {
                var q = makeQueue(Int(seed % 5) + 1, loop: loop, seed: seed)
                q.setShuffle(seed % 2 == 0)
                for _ in 0..<12 {
                    let peeked = q.nextStep(.trackEnded)
                    let successor = q.naturalSuccessor
                    let step = q.next(.trackEnded)
                    #expect(step == peeked)
                    if case .stop = step { #expect(successor == nil) } else { #expect(successor == q.currentID) }
                }
            }
        }
    }

    @Test func sameSeedSameOrder() {
        var a = makeQueue(10, loop: .playlist, seed: 77), b = makeQueue(10, loop: .playlist, seed: 77)
        a.setShuffle(true); b.setShuffle(true)
        #expect(play(&a, steps: 30) == play(&b, steps: 30))
        var c = makeQueue(10, loop: .playlist, seed: 78)
        c.setShuffle(true)
        var d = makeQueue(10, loop: .playlist, seed: 77)
        d.setShuffle(true)
        #expect(play(&c, steps: 30) != play(&d, steps: 30))
    }
}
