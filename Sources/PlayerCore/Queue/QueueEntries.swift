/// The queue's entries, stored compactly: ids in one array, every location's bytes in one shared buffer
/// (`arena`) with an (offset, length) per entry, and the rare playlist titles and durations in side tables.
/// A 100,000-entry queue then costs about 70 bytes per entry instead of two heap objects each.
///
/// Reading an entry builds its `QueueEntry` (one String); that is for the few entries a caller looks at (the
/// TrackList window, the current and next track), not for walking the whole queue on every event.
public struct QueueEntries: RandomAccessCollection, Hashable, Sendable {
    public private(set) var ids: [QueueEntryID] = []
    private var spans: [Span] = []
    private var arena: [UInt8] = []
    /// Bytes of `arena` no entry uses any more (removed entries); compacted when they outweigh the rest.
    private var unused = 0
    private var titles: [QueueEntryID: String] = [:]
    private var durations: [QueueEntryID: Int64] = [:]

    private struct Span: Hashable, Sendable {
        var offset: UInt32
        var length: UInt32
    }

    public init() {}

    public init(_ entries: some Sequence<QueueEntry>) {
        insert(contentsOf: entries, at: 0)
    }

    // MARK: - Collection

    public var startIndex: Int { 0 }
    public var endIndex: Int { ids.count }

    public subscript(i: Int) -> QueueEntry {
        let id = ids[i]
        return QueueEntry(id: id, item: MediaItem(location(at: i), title: titles[id], durationMicroseconds: durations[id]))
    }

    /// The location of entry `i`, without building the rest.
    public func location(at i: Int) -> MediaLocation {
        let span = spans[i]
        let start = Int(span.offset), end = start + Int(span.length)
        let text = arena.withUnsafeBufferPointer { String(decoding: $0[start..<end], as: UTF8.self) }
        return text.hasPrefix("/") ? .file(path: text) : .url(text)
    }

    // MARK: - Editing

    /// Adds one entry at the end (building a queue row by row, e.g. from a database).
    public mutating func append(_ entry: QueueEntry) {
        insert(contentsOf: CollectionOfOne(entry), at: ids.count)
    }

    mutating func insert(contentsOf entries: some Sequence<QueueEntry>, at position: Int) {
        var newIDs: [QueueEntryID] = [], newSpans: [Span] = []
        for e in entries {
            var bytes = e.location.persisted
            let offset = arena.count
            bytes.withUTF8 { arena.append(contentsOf: $0) }
            newIDs.append(e.id)
            newSpans.append(Span(offset: UInt32(truncatingIfNeeded: offset), length: UInt32(truncatingIfNeeded: arena.count - offset)))
            if let t = e.item.title { titles[e.id] = t }
            if let d = e.item.durationMicroseconds { durations[e.id] = d }
        }
        ids.insert(contentsOf: newIDs, at: position)
        spans.insert(contentsOf: newSpans, at: position)
    }

    @discardableResult
    mutating func remove(at i: Int) -> QueueEntry {
        let entry = self[i]
        unused += Int(spans[i].length)
        ids.remove(at: i)
        spans.remove(at: i)
        titles[entry.id] = nil
        durations[entry.id] = nil
        if unused > 4096 && unused > arena.count / 2 { compact() }
        return entry
    }

    mutating func move(from: Int, to: Int) {
        let id = ids.remove(at: from), span = spans.remove(at: from)
        ids.insert(id, at: to)
        spans.insert(span, at: to)
    }

    /// Rewrites the arena with only the bytes still used (O(queue), after many removals).
    private mutating func compact() {
        var fresh: [UInt8] = []
        fresh.reserveCapacity(arena.count - unused)
        for i in spans.indices {
            let start = Int(spans[i].offset), end = start + Int(spans[i].length)
            spans[i].offset = UInt32(truncatingIfNeeded: fresh.count)
            fresh.append(contentsOf: arena[start..<end])
        }
        arena = fresh
        unused = 0
    }

    // MARK: - Equality: by content (the arena's layout depends on the edit history)

    public static func == (a: Self, b: Self) -> Bool {
        guard a.ids == b.ids, a.titles == b.titles, a.durations == b.durations else { return false }
        if a.spans == b.spans && a.arena == b.arena { return true }  // same storage: no byte comparison
        for i in a.ids.indices {
            let x = a.spans[i], y = b.spans[i]
            guard x.length == y.length else { return false }
            let xs = Int(x.offset), ys = Int(y.offset), n = Int(x.length)
            if !a.arena[xs..<(xs + n)].elementsEqual(b.arena[ys..<(ys + n)]) { return false }
        }
        return true
    }

    public func hash(into h: inout Hasher) {
        h.combine(ids)
    }
}
