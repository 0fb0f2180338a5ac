/// Persistence of the queue. Decoding repairs rather than rejects: duplicate ids are dropped, a missing or
/// unknown current entry becomes the first, `nextRawID` is raised above every id, and the shuffle state forgets
/// ids that are not in the queue — so a hand-edited or older state file still loads. Ids above `Int64.max` are
/// dropped like duplicates and `nextRawID` is pinned there, so `+ 1` on ids from a file can never trap.
extension PlaybackQueue: Codable {
    static let largestRawID = UInt64(Int64.max)

    private enum CodingKeys: String, CodingKey {
        case entries, currentID = "current", nextRawID = "nextID", order
    }

    public init(from decoder: any Swift.Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            restoring: try c.decode([QueueEntry].self, forKey: .entries),
            current: try c.decodeIfPresent(QueueEntryID.self, forKey: .currentID),
            nextRawID: try c.decodeIfPresent(UInt64.self, forKey: .nextRawID) ?? 1,
            order: try c.decodeIfPresent(PlayOrder.self, forKey: .order) ?? PlayOrder())
    }

    /// A queue read back from storage, repaired as described above.
    public init(restoring saved: [QueueEntry], current: QueueEntryID?, nextRawID: UInt64, order: PlayOrder) {
        self.init(restoring: QueueEntries(saved), current: current, nextRawID: nextRawID, order: order)
    }

    /// The same from entries already stored compactly (a large queue is never held as `[QueueEntry]`).
    public init(restoring saved: QueueEntries, current: QueueEntryID?, nextRawID: UInt64, order: PlayOrder) {
        self.order = order
        self.nextRawID = 1
        setEntries(saved)
        if !hasUniqueIDs || (ids.max()?.rawValue ?? 0) > Self.largestRawID {
            var seen = Set<QueueEntryID>()
            setEntries(
                QueueEntries(saved.filter { $0.id.rawValue <= Self.largestRawID && seen.insert($0.id).inserted }))
        }
        let maxID = ids.max()?.rawValue ?? 0
        self.nextRawID = max(min(nextRawID, Self.largestRawID), maxID + 1)  // maxID ≤ Int64.max: no overflow
        currentID = current.flatMap { id in index(of: id) != nil ? id : nil } ?? ids.first
        self.order.restrict(to: ids, current: currentID)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Array(entries), forKey: .entries)
        try c.encodeIfPresent(currentID, forKey: .currentID)
        try c.encode(nextRawID, forKey: .nextRawID)
        try c.encode(order, forKey: .order)
    }
}
