import Glibc
import Testing
@testable import MediaLibrary

/// The scan's tag-reading threads: every iteration runs once, at nice 10, and the caller's priority is untouched.
@Suite struct BackgroundWorkersTests {
    @Test func everyIterationOnceAtLowerPriority() {
        // One slot per index, written only by that index's iteration (no lock for ThreadSanitizer to miss: a
        // contended Synchronization.Mutex is handed over in the kernel, which it cannot see).
        let runs = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 1000)
        let nice = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 1000)
        runs.initialize(repeating: 0)
        nice.initialize(repeating: 0)
        defer { runs.deallocate(); nice.deallocate() }
        let before = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        BackgroundWorkers.run(count: 1000) { i in
            runs[i] += 1
            nice[i] = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        }
        #expect(runs.allSatisfy { $0 == 1 })
        #expect(Set(nice) == [max(before, BackgroundWorkers.niceness)])
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
