import DBus
import PlayerCore

/// What to send on the bus when the player goes from one snapshot to the next. Pure.
public struct SnapshotDiff: Sendable {
    /// Player properties whose value changed (one PropertiesChanged, values carried). Never Position.
    public var player: [String: DBusValue] = [:]
    /// True when the Tracks property changed (announced by invalidation, as the spec declares it).
    public var tracksInvalidated = false
    /// TrackAdded / TrackRemoved / TrackListReplaced, in order.
    public var trackList: [TrackListChange] = []
    /// Entries present in both snapshots whose metadata changed (TrackMetadataChanged).
    public var metadataChanged: [QueueEntryID] = []

    public var isEmpty: Bool { player.isEmpty && !tracksInvalidated && trackList.isEmpty && metadataChanged.isEmpty }

    /// The changes from `old` to `new`; `old` nil means "nothing announced yet" (no signals at all).
    /// Costs O(window), whatever the length of the queue: a snapshot only carries the TrackList window, and
    /// metadata is only mapped for entries whose snapshot changed.
    public init(from old: PlayerSnapshot?, to new: PlayerSnapshot) {
        guard let old else { return }
        let before = PropertyMapping.player(old)
        for (name, value) in PropertyMapping.player(new) where before[name] != value && name != "CanControl" {
            player[name] = value
        }
        // The player hands over the very same window array when no entry in it changed: nothing to compare.
        let sameTracks = old.tracks.withUnsafeBufferPointer { a in
            new.tracks.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count }
        }
        if sameTracks && old.windowStart == new.windowStart { return }
        let oldIDs = old.tracks.map(\.id)
        let newIDs = new.tracks.map(\.id)
        if oldIDs != newIDs {
            tracksInvalidated = true
            // A moved window is a new list for the client, not edits.
            trackList =
                old.windowStart == new.windowStart ? TrackListDiff.changes(from: oldIDs, to: newIDs) : [.replaced]
        }
        guard trackList != [.replaced] else { return }
        if oldIDs == newIDs {
            // The same entries in the same places (most events): compare them pairwise.
            for (p, t) in zip(old.tracks, new.tracks)
            where p != t && MetadataMapping.metadata(p) != MetadataMapping.metadata(t) {
                metadataChanged.append(t.id)
            }
            return
        }
        var previous: [QueueEntryID: TrackSnapshot] = [:]
        for t in old.tracks { previous[t.id] = t }
        for t in new.tracks {
            if let p = previous[t.id], p != t, MetadataMapping.metadata(p) != MetadataMapping.metadata(t) {
                metadataChanged.append(t.id)
            }
        }
    }
}
