/// The queue's entries, stored compactly: ids in one array, location bytes in one shared buffer (`arena`) —
/// each entry's folder once per run of entries in the same folder, then its file name — and the rare playlist
/// titles and durations in side tables. A 100,000-entry queue of album folders then costs about 40 bytes per
/// entry instead of two heap objects each.
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

    /// Where an entry's location lies in `arena`: a shared folder prefix (`folder`, an index into `folders`)
    /// followed by the entry's own bytes.
    private struct Span: Hashable, Sendable {
        var folder: UInt32
        var offset: UInt32
        var length: UInt32
    }
    /// Folder prefixes (offset, length in `arena`), including the trailing "/"; index 0 is the empty prefix.
    private var folders: [Range<UInt32>] = [0..<0]

    public init() {}

    public init(_ entries: some Sequence<QueueEntry>) {
        insert(contentsOf: entries, at: 0)
    }

    // MARK: - Collection

    public var startIndex: Int { 0 }
    public var endIndex: Int { ids.count }

    public subscript(i: Int) -> QueueEntry {
        let id = ids[i]
        return QueueEntry(
            id: id, item: MediaItem(location(at: i), title: titles[id], durationMicroseconds: durations[id]))
    }

    /// The location of entry `i`, without building the rest.
    public func location(at i: Int) -> MediaLocation {
        let text = String(decoding: bytes(at: i), as: UTF8.self)
        return text.hasPrefix("/") ? .file(path: text) : .url(text)
    }

    /// The stored form of entry `i`'s location (folder prefix + own bytes).
    private func bytes(at i: Int) -> [UInt8] {
        let span = spans[i], folder = folders[Int(span.folder)]
        let start = Int(span.offset), end = start + Int(span.length)
        var out: [UInt8] = []
        out.reserveCapacity(folder.count + end - start)
        out.append(contentsOf: arena[Int(folder.lowerBound)..<Int(folder.upperBound)])
        out.append(contentsOf: arena[start..<end])
        return out
    }

    // MARK: - Editing

    /// Makes room for `count` more entries (a restore knows how many: no regrowth of the per-entry arrays).
    public mutating func reserveCapacity(_ count: Int) {
        ids.reserveCapacity(ids.count + count)
        spans.reserveCapacity(spans.count + count)
    }

    /// Adds one entry at the end (building a queue row by row, e.g. from a database).
    public mutating func append(_ entry: QueueEntry) {
        spans.append(span(storing: entry))
        ids.append(entry.id)
    }

    mutating func insert(contentsOf entries: some Sequence<QueueEntry>, at position: Int) {
        var newIDs: [QueueEntryID] = [], newSpans: [Span] = []
        for e in entries {
            newSpans.append(span(storing: e))
            newIDs.append(e.id)
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

    /// Removes every entry whose id is in `removed`, in one pass over the arrays.
    mutating func removeAll(_ removed: Set<QueueEntryID>) {
        guard !removed.isEmpty else { return }
        var keptIDs: [QueueEntryID] = [], keptSpans: [Span] = []
        keptIDs.reserveCapacity(ids.count)
        keptSpans.reserveCapacity(ids.count)
        for (id, span) in zip(ids, spans) {
            if removed.contains(id) {
                unused += Int(span.length)
                titles[id] = nil
                durations[id] = nil
            } else {
                keptIDs.append(id)
                keptSpans.append(span)
            }
        }
        ids = keptIDs
        spans = keptSpans
        if unused > 4096 && unused > arena.count / 2 { compact() }
    }

    mutating func move(from: Int, to: Int) {
        let id = ids.remove(at: from), span = spans.remove(at: from)
        ids.insert(id, at: to)
        spans.insert(span, at: to)
    }

    /// Stores an entry's location bytes, title and duration; returns where the location went.
    private mutating func span(storing e: QueueEntry) -> Span {
        if let t = e.item.title { titles[e.id] = t }
        if let d = e.item.durationMicroseconds { durations[e.id] = d }
        var text = e.location.persisted
        return text.withUTF8 { bytes in
            // Files share their folder with the entry added before them, usually: store it once per run.
            let cut = e.location.path == nil ? 0 : (bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0)
            let folder = folderIndex(for: UnsafeBufferPointer(rebasing: bytes[..<cut]))
            let offset = arena.count
            arena.append(contentsOf: bytes[cut...])
            return Span(
                folder: folder, offset: UInt32(truncatingIfNeeded: offset),
                length: UInt32(truncatingIfNeeded: arena.count - offset))
        }
    }

    /// The last folder when `prefix` is it (the common case: a folder's files in a row), else a new one.
    private mutating func folderIndex(for prefix: UnsafeBufferPointer<UInt8>) -> UInt32 {
        if prefix.isEmpty { return 0 }
        let last = folders[folders.count - 1]
        if last.count == prefix.count && arena[Int(last.lowerBound)..<Int(last.upperBound)].elementsEqual(prefix) {
            return UInt32(truncatingIfNeeded: folders.count - 1)
        }
        let start = UInt32(truncatingIfNeeded: arena.count)
        arena.append(contentsOf: prefix)
        folders.append(start..<UInt32(truncatingIfNeeded: arena.count))
        return UInt32(truncatingIfNeeded: folders.count - 1)
    }

    /// Rebuilds the arena from the bytes still in use (O(bytes), no String per entry: a bulk removal from a
    /// 100,000-entry queue stays within a bus call's budget).
    private mutating func compact() {
        var newArena: [UInt8] = []
        newArena.reserveCapacity(arena.count - unused)
        var newFolders: [Range<UInt32>] = [0..<0]
        var folderMap: [UInt32: UInt32] = [0: 0]
        var newSpans: [Span] = []
        newSpans.reserveCapacity(spans.count)
        func copy(_ start: Int, _ end: Int) -> Range<UInt32> {
            let from = newArena.count
            newArena.append(contentsOf: arena[start..<end])
            return UInt32(truncatingIfNeeded: from)..<UInt32(truncatingIfNeeded: newArena.count)
        }
        for span in spans {
            let folder: UInt32
            if let known = folderMap[span.folder] {
                folder = known
            } else {
                let old = folders[Int(span.folder)]
                newFolders.append(copy(Int(old.lowerBound), Int(old.upperBound)))
                folder = UInt32(truncatingIfNeeded: newFolders.count - 1)
                folderMap[span.folder] = folder
            }
            let own = copy(Int(span.offset), Int(span.offset) + Int(span.length))
            newSpans.append(Span(folder: folder, offset: own.lowerBound, length: span.length))
        }
        arena = newArena
        folders = newFolders
        spans = newSpans
        unused = 0
    }

    // MARK: - Equality: by content (the arena's layout depends on the edit history)

    public static func == (a: Self, b: Self) -> Bool {
        guard a.ids == b.ids, a.titles == b.titles, a.durations == b.durations else { return false }
        if a.spans == b.spans && a.folders == b.folders && a.arena == b.arena { return true }  // same storage
        return a.ids.indices.allSatisfy { a.bytes(at: $0) == b.bytes(at: $0) }
    }

    public func hash(into h: inout Hasher) {
        h.combine(ids)
    }
}
