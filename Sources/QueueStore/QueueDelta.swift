import PlayerCore

/// How one id list became another, as one replaced span: `old[start..<oldEnd]` gave way to
/// `new[start..<newEnd]`, with everything before `start` and after the ends unchanged. Pure.
///
/// Covers every edit the queue makes in one step (append, insert, remove, move, replace, clear) with the work
/// of the edit: the span is found by comparing from both ends, which stops at the first difference.
struct QueueDelta: Equatable {
    var start: Int
    var oldEnd: Int
    var newEnd: Int

    var isEmpty: Bool { start == oldEnd && start == newEnd }
    var removedCount: Int { oldEnd - start }
    var insertedCount: Int { newEnd - start }

    init(start: Int, oldEnd: Int, newEnd: Int) {
        self.start = start
        self.oldEnd = oldEnd
        self.newEnd = newEnd
    }

    init(from old: [QueueEntryID], to new: [QueueEntryID]) {
        if old == new {  // the same array (a Next, a seek): no walk at all
            self.init(start: old.count, oldEnd: old.count, newEnd: new.count)
            return
        }
        var prefix = 0
        let shorter = min(old.count, new.count)
        while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        self.init(start: prefix, oldEnd: old.count - suffix, newEnd: new.count - suffix)
    }
}

/// One entry moved, recognised inside a replaced span so that a move to the front of a 100,000-entry queue writes
/// one row, not the whole span between its old and new places. Pure.
struct SingleMove: Equatable {
    var id: QueueEntryID
    /// Its index in the new list.
    var to: Int

    /// The move that turns `old` into `new` across `delta`'s span, or nil when the span is not one rotated entry.
    init?(_ delta: QueueDelta, old: [QueueEntryID], new: [QueueEntryID]) {
        let n = delta.removedCount
        guard n >= 2, delta.insertedCount == n else { return nil }
        let a = old[delta.start..<delta.oldEnd], b = new[delta.start..<delta.newEnd]
        if b.first == a.last && b.dropFirst().elementsEqual(a.dropLast()) {
            self.init(id: a.last!, to: delta.start)  // moved back to the span's start
        } else if b.last == a.first && b.dropLast().elementsEqual(a.dropFirst()) {
            self.init(id: a.first!, to: delta.newEnd - 1)  // moved on to the span's end
        } else {
            return nil
        }
    }

    init(id: QueueEntryID, to: Int) {
        self.id = id
        self.to = to
    }
}

/// Sort keys for entries: spaced `gap` apart so inserts between two entries rarely renumber the rest. Pure.
enum SortKeys {
    static let gap: Int64 = 1 << 20

    /// Keys for `count` entries between `before` and `after` (nil: the start or end of the queue), or nil when
    /// they do not fit and the queue must be renumbered.
    static func between(_ before: Int64?, _ after: Int64?, count: Int) -> [Int64]? {
        guard count > 0 else { return [] }
        let n = Int64(count)
        switch (before, after) {
        case (nil, nil): return (1...n).map { $0 * gap }
        case (let b?, nil): return (1...n).map { b + $0 * gap }
        case (nil, let a?): return (1...n).map { a - (n + 1 - $0) * gap }
        case (let b?, let a?):
            let step = (a - b) / (n + 1)
            guard step >= 1 else { return nil }
            return (1...n).map { b + $0 * step }
        }
    }
}
