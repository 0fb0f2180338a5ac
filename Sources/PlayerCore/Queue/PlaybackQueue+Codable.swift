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
        let decoded = try c.decode([QueueEntry].self, forKey: .entries)
        var seen = Set<QueueEntryID>()
        entries = decoded.filter { $0.id.rawValue <= Self.largestRawID && seen.insert($0.id).inserted }
        let maxID = entries.map(\.id.rawValue).max() ?? 0
        let savedNext = min(try c.decodeIfPresent(UInt64.self, forKey: .nextRawID) ?? 1, Self.largestRawID)
        nextRawID = max(savedNext, maxID + 1)  // maxID ≤ Int64.max: no overflow
        order = try c.decodeIfPresent(PlayOrder.self, forKey: .order) ?? PlayOrder()
        let current = try c.decodeIfPresent(QueueEntryID.self, forKey: .currentID)
        currentID = current.flatMap { id in seen.contains(id) ? id : nil } ?? entries.first?.id
        order.restrict(to: entries.map(\.id), current: currentID)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(entries, forKey: .entries)
        try c.encodeIfPresent(currentID, forKey: .currentID)
        try c.encode(nextRawID, forKey: .nextRawID)
        try c.encode(order, forKey: .order)
    }
}
