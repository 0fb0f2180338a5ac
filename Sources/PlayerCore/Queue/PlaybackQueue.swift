/// Why a queue edit was refused.
public enum QueueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No entry has this id (stale MPRIS track id, already removed).
    case unknownEntry(QueueEntryID)
    /// A target index outside `0...count-1`.
    case indexOutOfRange(Int, count: Int)

    public var description: String {
        switch self {
        case .unknownEntry(let id): return "no queue entry with id \(id)"
        case .indexOutOfRange(let i, let count): return "index \(i) out of range for a queue of \(count)"
        }
    }
}

/// What removing an entry did, so the service can emit TrackRemoved and react to a changed current track.
public struct QueueRemoval: Hashable, Sendable {
    /// The removed entry and its former index.
    public var entry: QueueEntry
    public var index: Int
    /// Whether the removed entry was the current one (then `newCurrent` replaced it).
    public var wasCurrent: Bool
    public var newCurrent: QueueEntryID?
    /// True when replacing the current entry passed the end of the queue with LoopMode `.none`: stop playback.
    public var endOfQueue: Bool
}

/// The play queue: entries with stable ids, the current entry, and the play order (loop, shuffle) kept in step.
///
/// Invariant: `currentID` is nil exactly when the queue is empty, and otherwise names an entry.
/// Scale: lookups by id and each navigation step are O(1) (an id → index table kept beside the entries, dense
/// because ids come from one counter: `QueuePositionIndex`);
/// appending k entries costs O(k); only edits in the middle renumber the entries after them.
public struct PlaybackQueue: Sendable, Hashable {
    public private(set) var entries = QueueEntries()
    /// The entry ids in list order (MPRIS `Tracks`), kept so navigation never rebuilds them.
    public var ids: [QueueEntryID] { entries.ids }
    /// id → index in `entries` (Int32: a queue never nears 2^31 entries).
    private var positions = QueuePositionIndex()
    public internal(set) var currentID: QueueEntryID?
    /// The raw id the next added entry gets; only ever grows (persisted, so ids are never reused).
    public internal(set) var nextRawID: UInt64
    public internal(set) var order: PlayOrder

    public init(random: SeededRandom = SeededRandom(), loopMode: LoopMode = .none, firstID: UInt64 = 1) {
        nextRawID = max(firstID, 1)
        order = PlayOrder(loopMode: loopMode, random: random)
    }

    /// Equal when the entries, current entry, id counter and order are (the id index is derived from them).
    public static func == (a: Self, b: Self) -> Bool {
        a.currentID == b.currentID && a.nextRawID == b.nextRawID && a.order == b.order && a.entries == b.entries
    }

    public func hash(into h: inout Hasher) {
        h.combine(currentID)
        h.combine(nextRawID)
        h.combine(entries.count)
    }

    // MARK: - Reading

    public var isEmpty: Bool { entries.isEmpty }
    public var count: Int { entries.count }
    public var currentIndex: Int? { currentID.flatMap(index(of:)) }
    public var current: QueueEntry? { currentIndex.map { entries[$0] } }

    public func index(of id: QueueEntryID) -> Int? { positions[id].map(Int.init) }
    public func entry(_ id: QueueEntryID) -> QueueEntry? { index(of: id).map { entries[$0] } }

    public var loopMode: LoopMode {
        get { order.loopMode }
        set { order.loopMode = newValue }
    }

    /// See `PlayOrder.stopAfterCurrent` (MPD's single without repeat).
    public var stopAfterCurrent: PlayOrder.StopAfterCurrent {
        get { order.stopAfterCurrent }
        set { order.stopAfterCurrent = newValue }
    }

    /// See `PlayOrder.consumes` (MPD's consume).
    public var consumes: Bool {
        get { order.consumes }
        set { order.consumes = newValue }
    }

    public var isShuffled: Bool { order.isShuffled }

    /// Turns shuffle on/off; the current entry stays current (no interruption).
    public mutating func setShuffle(_ on: Bool) {
        order.setShuffle(on, order: ids, current: currentID)
    }

    // MARK: - Navigation

    /// What Next would do for `trigger`, without doing it (use `.trackEnded` to find the gapless successor).
    public func nextStep(_ trigger: AdvanceTrigger) -> PlayStep {
        order.next(in: ids, current: currentID, at: currentIndex, trigger: trigger)
    }

    /// What Previous would do, without doing it.
    public func previousStep() -> PlayStep { order.previous(in: ids, current: currentID, at: currentIndex) }

    /// MPRIS `CanGoNext`: a user Next would change the track.
    public var canGoNext: Bool { nextStep(.user) != .unavailable }
    /// MPRIS `CanGoPrevious`: Previous would change the track.
    public var canGoPrevious: Bool { previousStep() != .unavailable }

    /// The entry that plays after the current one ends naturally (same id for a track repeat), nil when playback stops.
    public var naturalSuccessor: QueueEntryID? {
        switch nextStep(.trackEnded) {
        case .play(let id): return id
        case .repeatCurrent: return currentID
        case .stop, .unavailable: return nil
        }
    }

    /// Performs Next: moves `current` as the returned step says.
    @discardableResult
    public mutating func next(_ trigger: AdvanceTrigger) -> PlayStep {
        let step = order.advance(in: ids, current: currentID, at: currentIndex, trigger: trigger)
        apply(step)
        return step
    }

    /// Performs Previous.
    @discardableResult
    public mutating func previous() -> PlayStep {
        let step = order.retreat(in: ids, current: currentID, at: currentIndex)
        apply(step)
        return step
    }

    /// Makes `id` current (MPRIS GoTo, AddTrack with SetAsCurrent).
    public mutating func goTo(_ id: QueueEntryID) throws(QueueError) {
        guard index(of: id) != nil else { throw .unknownEntry(id) }
        order.jumped(from: currentID, to: id)
        currentID = id
    }

    // MARK: - Editing

    /// Appends items at the end; returns the new entries (their ids are fresh).
    @discardableResult
    public mutating func append(_ items: [MediaItem]) -> [QueueEntry] {
        insert(items, at: entries.count)
    }

    /// Inserts items after the entry `after`, or at the start when `after` is nil (MPRIS `NoTrack`).
    @discardableResult
    public mutating func insert(_ items: [MediaItem], after: QueueEntryID?) throws(QueueError) -> [QueueEntry] {
        var position = 0
        if let after {
            guard let i = index(of: after) else { throw .unknownEntry(after) }
            position = i + 1
        }
        return insert(items, at: position)
    }

    /// Removes one entry; a removed current entry is replaced by its successor in the order in force.
    @discardableResult
    public mutating func remove(_ id: QueueEntryID) throws(QueueError) -> QueueRemoval {
        guard let i = index(of: id) else { throw .unknownEntry(id) }
        let entry = entries.remove(at: i)
        positions.remove(id)
        renumber(from: i)
        guard id == currentID else {
            order.removed([id])
            return QueueRemoval(entry: entry, index: i, wasCurrent: false, newCurrent: currentID, endOfQueue: false)
        }
        let (successor, end) = order.successorOfRemovedCurrent(removedIndex: i, remaining: ids)
        currentID = successor
        return QueueRemoval(entry: entry, index: i, wasCurrent: true, newCurrent: successor, endOfQueue: end)
    }

    /// Removes several entries in one pass (O(queue), not O(queue) per entry); every id must be queued, else
    /// nothing is removed. A removed current entry is replaced by the first surviving entry that followed it
    /// (in the order in force), as `remove(_:)` does for one.
    @discardableResult
    public mutating func remove(_ ids: Set<QueueEntryID>) throws(QueueError) -> QueueRemoval? {
        var first: Int?
        for id in ids {
            guard let i = index(of: id) else { throw .unknownEntry(id) }
            first = min(first ?? i, i)
        }
        guard let first else { return nil }
        if ids.count == 1, let only = ids.first { return try remove(only) }
        let currentIndex = self.currentIndex
        let removedCurrent = currentID.map(ids.contains) ?? false
        // Surviving entries before the current one: where its successor will stand.
        var survivorsBeforeCurrent = 0
        if removedCurrent, let c = currentIndex {
            for i in first..<c where !ids.contains(entries.ids[i]) { survivorsBeforeCurrent += 1 }
            survivorsBeforeCurrent += first
        }
        let firstEntry = entries[first]
        entries.removeAll(ids)
        for id in ids { positions.remove(id) }
        renumber(from: first)
        guard removedCurrent, let oldCurrent = currentID else {
            order.removed(ids)
            return QueueRemoval(
                entry: firstEntry, index: first, wasCurrent: false, newCurrent: currentID,
                endOfQueue: false)
        }
        order.removed(ids.subtracting([oldCurrent]))
        let (successor, end) = order.successorOfRemovedCurrent(
            removedIndex: survivorsBeforeCurrent, remaining: self.ids)
        currentID = successor
        return QueueRemoval(entry: firstEntry, index: first, wasCurrent: true, newCurrent: successor, endOfQueue: end)
    }

    /// Moves an entry to `index` (its index after the move). The shuffle order is unaffected.
    public mutating func move(_ id: QueueEntryID, to index: Int) throws(QueueError) {
        guard let from = self.index(of: id) else { throw .unknownEntry(id) }
        guard index >= 0, index < entries.count else { throw .indexOutOfRange(index, count: entries.count) }
        entries.move(from: from, to: index)
        renumber(from: min(from, index))
    }

    /// Puts the entries in `range` in a random order (MPD's `shuffle`, which reorders the queue itself, unlike
    /// the play order's shuffle): a current entry inside the range moves to its start and the others follow it
    /// shuffled, so what plays goes on first. Ids and the play order's state are kept.
    public mutating func shuffleEntries(in range: Range<Int>, using generator: inout some RandomNumberGenerator) {
        guard range.lowerBound >= 0, range.upperBound <= entries.count, range.count > 1 else { return }
        var all = Array(entries)
        var part = Array(all[range])
        var start = 0
        if let current = currentID, let i = part.firstIndex(where: { $0.id == current }) {
            part.swapAt(0, i)
            start = 1
        }
        part[start...].shuffle(using: &generator)
        all.replaceSubrange(range, with: part)
        setEntries(all)
    }

    /// Empties the queue (ids keep counting up).
    public mutating func clear() {
        setEntries([])
        currentID = nil
        _ = order.reset(order: [])
    }

    /// Replaces the whole queue (MPRIS TrackListReplaced). The new current entry is the first one,
    /// or the first of a fresh permutation when shuffled.
    @discardableResult
    public mutating func replace(with items: [MediaItem]) -> [QueueEntry] {
        let new = items.map { makeEntry($0) }
        setEntries(new)
        currentID = order.reset(order: ids)
        return new
    }

    // MARK: - Private

    private mutating func insert(_ items: [MediaItem], at position: Int) -> [QueueEntry] {
        let added = items.map { makeEntry($0) }
        entries.insert(contentsOf: added, at: position)
        renumber(from: position)
        if currentID == nil, let first = added.first {
            currentID = order.reset(order: ids) ?? first.id
        } else {
            order.inserted(added.map { $0.id })
        }
        return added
    }

    /// Sets every entry at once (replace, clear, decoding) and indexes them.
    mutating func setEntries(_ new: [QueueEntry]) { setEntries(QueueEntries(new)) }

    mutating func setEntries(_ new: QueueEntries) {
        entries = new
        positions = QueuePositionIndex(new.ids)
    }

    /// False when two entries share an id (only a damaged saved queue can have that; the index keeps one).
    var hasUniqueIDs: Bool { positions.count == entries.count }

    /// Re-indexes the entries from `start` on (after an edit there; an append only touches what was added).
    private mutating func renumber(from start: Int) {
        let ids = entries.ids
        for i in start..<ids.count { positions.set(ids[i], Int32(truncatingIfNeeded: i)) }
    }

    private mutating func makeEntry(_ item: MediaItem) -> QueueEntry {
        defer { nextRawID += 1 }
        return QueueEntry(id: QueueEntryID(rawValue: nextRawID), item: item)
    }

    private mutating func apply(_ step: PlayStep) {
        switch step {
        case .play(let id), .stop(at: let id): currentID = id
        case .repeatCurrent, .unavailable: break
        }
    }
}
