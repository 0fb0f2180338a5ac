@testable import PlayerCore

/// Items named /m/0.mp3 … /m/(n-1).mp3.
func items(_ n: Int, prefix: String = "/m/") -> [MediaItem] {
    (0..<n).map { MediaItem(.file(path: "\(prefix)\($0).mp3")) }
}

/// A queue of n entries (ids 1…n), current = first, with a fixed seed.
func makeQueue(_ n: Int, loop: LoopMode = .none, seed: UInt64 = 42) -> PlaybackQueue {
    var q = PlaybackQueue(random: SeededRandom(seed: seed), loopMode: loop)
    q.append(items(n))
    return q
}

func id(_ raw: UInt64) -> QueueEntryID { QueueEntryID(rawValue: raw) }

/// Checks the structural invariants of a queue and its order.
func invariantsHold(_ q: PlaybackQueue) -> Bool {
    let ids = Set(q.ids)
    guard ids.count == q.count else { return false }
    guard (q.currentID == nil) == q.isEmpty else { return false }
    if let c = q.currentID, !ids.contains(c) { return false }
    guard q.ids.allSatisfy({ $0.rawValue < q.nextRawID }) else { return false }
    if !q.isShuffled { return q.order.upcoming.isEmpty && q.order.history.isEmpty }
    return q.order.upcoming.allSatisfy(ids.contains) && q.order.history.allSatisfy(ids.contains)
}
