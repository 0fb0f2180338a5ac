import PlayerCore

/// One TrackList signal to send, derived from two consecutive id lists.
public enum TrackListChange: Sendable, Hashable {
    /// `TrackAdded(metadata, after)`: `after` nil means at the start (NoTrack).
    case added(QueueEntryID, after: QueueEntryID?)
    case removed(QueueEntryID)
    /// `TrackListReplaced(tracks, current)`: used when the change is not just insertions and removals.
    case replaced
}

/// Finds the TrackList signals that turn `old` into `new`. Pure.
///
/// When `new` keeps the surviving old entries in their old order, the change is told as removals, then
/// additions in list order (each after its predecessor in `new`, so a client applying them in order ends with
/// `new`). Anything else (a reorder, or nothing surviving while something is added) is one `replaced`.
public enum TrackListDiff {
    public static func changes(from old: [QueueEntryID], to new: [QueueEntryID]) -> [TrackListChange] {
        guard old != new else { return [] }
        let oldSet = Set(old)
        let newSet = Set(new)
        let survivorsOld = old.filter { newSet.contains($0) }
        let survivorsNew = new.filter { oldSet.contains($0) }
        guard survivorsOld == survivorsNew else { return [.replaced] }
        if survivorsOld.isEmpty && !old.isEmpty && !new.isEmpty { return [.replaced] }
        var out: [TrackListChange] = old.filter { !newSet.contains($0) }.map { .removed($0) }
        for (i, id) in new.enumerated() where !oldSet.contains(id) {
            out.append(.added(id, after: i == 0 ? nil : new[i - 1]))
        }
        return out
    }
}
