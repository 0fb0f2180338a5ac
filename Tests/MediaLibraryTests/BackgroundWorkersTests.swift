import Glibc
import Synchronization
import Testing
@testable import MediaLibrary

/// The scan's tag-reading threads: every iteration runs once, at nice 10, and the caller's priority is untouched.
@Suite struct BackgroundWorkersTests {
    struct Seen {
        var counts = [Int](repeating: 0, count: 1000)
        var niceness: Set<Int32> = []
    }

    @Test func everyIterationOnceAtLowerPriority() {
        let seen = Mutex(Seen())
        let before = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        BackgroundWorkers.run(count: 1000) { i in
            let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            seen.withLock {
                $0.counts[i] += 1
                $0.niceness.insert(nice)
            }
        }
        let (counts, niceness) = seen.withLock { ($0.counts, $0.niceness) }
        #expect(counts.allSatisfy { $0 == 1 })
        #expect(niceness == [max(before, BackgroundWorkers.niceness)])
        #expect(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) == before)
        #expect(ParallelMap.map(Array(0..<100)) { $0 * 2 } == Array(0..<100).map { $0 * 2 })
    }

    /// Workers finishing at once must not lose a result (their writes once raced on one array: a nil slot, a crash).
    @Test func parallelMapKeepsEveryResultInOrder() {
        var wrong = 0
        for round in 0..<300 {
            let items = Array(0..<257)
            let got = ParallelMap.map(items) { String($0 &+ round) }
            if got != items.map({ String($0 &+ round) }) { wrong += 1 }
        }
        #expect(wrong == 0)
    }
}
