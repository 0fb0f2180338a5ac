import Dispatch
import PlayerCore

/// Large additions in batches: a folder of 100,000 tracks (or OpenUri("file:///")) is added a few thousand
/// entries per turn of the service queue, so no bus call waits behind one long insert (the soak saw 2.7 s).
extension Player {
    /// Entries added per turn of the service queue.
    static let additionBatch = 2_000

    /// Inserts `items` after `after` (nil: at the end), the first batch now (`first` gets its entries), the rest
    /// on later turns, each after the previous batch (at the end if that entry was removed meanwhile).
    func add(_ items: [MediaItem], after: QueueEntryID?, first: ([QueueEntry]) -> Void) {
        let head = Array(items.prefix(Self.additionBatch))
        let added = place(head, after: after)
        first(added)
        publish()
        guard items.count > head.count else { return }
        let feed = BatchFeed(rest: items.dropFirst(head.count), last: added.last?.id, generation: additionGeneration)
        DispatchQueue.main.async { [self] in feedNextBatch(feed) }
    }

    /// Forgets batches still to come (the queue they belonged to is being cleared or replaced).
    func dropPendingAdditions() { additionGeneration &+= 1 }

    private func feedNextBatch(_ feed: BatchFeed) {
        guard feed.generation == additionGeneration else { return }
        let chunk = Array(feed.rest.prefix(Self.additionBatch))
        feed.rest = feed.rest.dropFirst(chunk.count)
        let added = place(chunk, after: feed.last)
        feed.last = added.last?.id ?? feed.last
        refreshNext()
        publish()
        if !feed.rest.isEmpty { DispatchQueue.main.async { [self] in feedNextBatch(feed) } }
    }

    private func place(_ items: [MediaItem], after: QueueEntryID?) -> [QueueEntry] {
        guard let after else { return model.append(items) }
        return (try? model.insert(items, after: after)) ?? model.append(items)
    }
}

/// What is left of a batched addition (main actor, as the player).
@MainActor
private final class BatchFeed {
    var rest: ArraySlice<MediaItem>
    var last: QueueEntryID?
    /// The player's `additionGeneration` when the addition began.
    let generation: UInt64
    init(rest: ArraySlice<MediaItem>, last: QueueEntryID?, generation: UInt64) {
        self.rest = rest
        self.last = last
        self.generation = generation
    }
}
