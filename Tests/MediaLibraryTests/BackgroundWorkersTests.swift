import Glibc
import Testing
@testable import MediaLibrary

/// The scan's tag-reading threads: every iteration runs once, at nice 10, and the caller's priority is untouched.
@Suite struct BackgroundWorkersTests {
    final class Seen: @unchecked Sendable {
        // Safe: every access holds `lock`.
        var lock = pthread_mutex_t()
        var counts = [Int](repeating: 0, count: 1000)
        var niceness: Set<Int32> = []
        init() { pthread_mutex_init(&lock, nil) }
    }

    @Test func everyIterationOnceAtLowerPriority() {
        let seen = Seen()
        let before = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        BackgroundWorkers.run(count: 1000) { i in
            let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            pthread_mutex_lock(&seen.lock)
            seen.counts[i] += 1
            seen.niceness.insert(nice)
            pthread_mutex_unlock(&seen.lock)
        }
        #expect(seen.counts.allSatisfy { $0 == 1 })
        #expect(seen.niceness == [max(before, BackgroundWorkers.niceness)])
        #expect(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) == before)
        #expect(ParallelMap.map(Array(0..<100)) { $0 * 2 } == Array(0..<100).map { $0 * 2 })
    }
}
