import PlayerCore

/// Per-entry facts (tags, art, lyrics) that remember which entries were written since the snapshot last looked,
/// so a snapshot rebuilds only those entries of the TrackList window, not all 500, on every event.
struct ChangeTrackedTable<Value> {
    private(set) var values: [QueueEntryID: Value] = [:]
    /// Entries written or removed since `takeChanges`.
    private(set) var changed: Set<QueueEntryID> = []
    /// Everything was dropped at once (a replaced queue): every entry counts as changed.
    private(set) var changedAll = false

    var count: Int { values.count }

    subscript(id: QueueEntryID) -> Value? {
        get { values[id] }
        set {
            values[id] = newValue
            changed.insert(id)
        }
    }

    mutating func removeAll() {
        values = [:]
        changedAll = true
    }

    /// Keeps the entries `keep` accepts; the others count as changed.
    mutating func filter(_ keep: (QueueEntryID) -> Bool) {
        let before = values
        values = values.filter { keep($0.key) }
        for id in before.keys where values[id] == nil { changed.insert(id) }
    }

    /// What changed since the last call, then forgets it.
    mutating func takeChanges() -> (ids: Set<QueueEntryID>, all: Bool) {
        defer { changed = []; changedAll = false }
        return (changed, changedAll)
    }
}
