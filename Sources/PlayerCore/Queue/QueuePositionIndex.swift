/// The queue's id → index table. Ids come from one counter that only grows, so the ids of a queue are nearly
/// contiguous: they are kept in a dense array indexed by `id − base` (4 bytes per slot, −1 for a free one), and
/// only ids far outside that range (a restored queue with odd ids) go to a dictionary. A 100,000-entry queue
/// then costs 0.4 MB here instead of the ~3 MB of a dictionary.
///
/// Lookups, `set` and `remove` are O(1) (appending past the end grows the array, amortised); the dense range is
/// re-packed around what is present when most of its slots are free (O(entries), after many removals).
struct QueuePositionIndex: Sendable {
    private var base: UInt64 = 0
    private var slots: [Int32] = []
    /// Ids outside the dense range when they were set (below `base`, or far past its end).
    private var sparse: [QueueEntryID: Int32] = [:]
    /// Number of ids present (dense and sparse).
    private(set) var count = 0
    /// Dense slots in use.
    private var denseCount = 0

    /// The dense range grows past its end by at most this many free slots for one new id (else it is sparse).
    static let maxGap: UInt64 = 4096

    init() {}

    /// Indexes `ids` as positions 0..<ids.count.
    init(_ ids: [QueueEntryID]) {
        guard let low = ids.min(), let high = ids.max() else { return }
        let n = UInt64(ids.count)
        if high.rawValue - low.rawValue < 2 * n + Self.maxGap {
            base = low.rawValue
            slots = [Int32](repeating: -1, count: Int(high.rawValue - low.rawValue) + 1)
        } else {
            // Scattered ids: the dense range covers those near the median, the rest are sparse.
            let sorted = ids.map(\.rawValue).sorted()
            let median = sorted[sorted.count / 2]
            // Saturating bounds: ids from a damaged saved queue may sit at either end of UInt64.
            let low = median >= n ? median - n : 0, high = median <= UInt64.max - n ? median + n : UInt64.max
            base = sorted.first { $0 >= low } ?? median
            let top = sorted.last { $0 <= high } ?? median
            slots = [Int32](repeating: -1, count: Int(top - base) + 1)
        }
        for (i, id) in ids.enumerated() { set(id, Int32(truncatingIfNeeded: i)) }
    }

    subscript(id: QueueEntryID) -> Int32? {
        if let slot = denseSlot(id), slots[slot] >= 0 { return slots[slot] }
        return sparse.isEmpty ? nil : sparse[id]
    }

    /// Records that `id` is at `position`.
    mutating func set(_ id: QueueEntryID, _ position: Int32) {
        if count == 0 && slots.isEmpty { base = id.rawValue }
        var slot = denseSlot(id)
        if slot == nil, id.rawValue >= base, id.rawValue - base < UInt64(slots.count) + Self.maxGap {
            // Just past the dense end (the usual case: a fresh id from the counter): grow.
            let offset = Int(id.rawValue - base)
            slots.append(contentsOf: repeatElement(-1, count: offset - slots.count + 1))
            slot = offset
        }
        guard let slot else {
            if sparse.updateValue(position, forKey: id) == nil { count += 1 }
            return
        }
        if slots[slot] < 0 {
            // An id set while it was outside the dense range moves in.
            if sparse.isEmpty || sparse.removeValue(forKey: id) == nil { count += 1 }
            denseCount += 1
        }
        slots[slot] = position
    }

    /// Forgets `id`.
    mutating func remove(_ id: QueueEntryID) {
        if let slot = denseSlot(id), slots[slot] >= 0 {
            slots[slot] = -1
            count -= 1
            denseCount -= 1
            if slots.count > 1024 && denseCount < slots.count / 4 { repack() }
            return
        }
        if !sparse.isEmpty, sparse.removeValue(forKey: id) != nil { count -= 1 }
    }

    /// Slots of the dense range, and ids kept in the dictionary (for tests of the table's compactness).
    var denseCapacity: Int { slots.count }
    var sparseCount: Int { sparse.count }

    private func denseSlot(_ id: QueueEntryID) -> Int? {
        guard id.rawValue >= base else { return nil }
        let offset = id.rawValue - base
        return offset < UInt64(slots.count) ? Int(offset) : nil
    }

    /// Re-packs the dense range around the ids still present (most slots free after many removals).
    private mutating func repack() {
        var pairs: [(id: QueueEntryID, position: Int32)] = []
        pairs.reserveCapacity(count)
        for (offset, position) in slots.enumerated() where position >= 0 {
            pairs.append((QueueEntryID(rawValue: base + UInt64(offset)), position))
        }
        for (id, position) in sparse { pairs.append((id, position)) }
        var fresh = QueuePositionIndex(pairs.map(\.id))
        for (id, position) in pairs { fresh.set(id, position) }
        self = fresh
    }
}
