/// Which part of the queue the MPRIS TrackList shows. Pure.
///
/// The spec's TrackList is "a short list of tracks which were recently played or will be played shortly",
/// not the whole playlist. Rule: a queue of up to `limit` (500) entries is shown whole. A longer one shows
/// `limit` consecutive entries: the queue is cut into blocks of `block` (250) entries, and the window starts
/// half a block before the block holding the current entry (clamped to the ends of the queue), so at least
/// 125 entries before and after the current one are visible. The window moves — one TrackListReplaced — only
/// when the current entry crosses into another block, not on every Next.
public enum TrackListWindow {
    public static let limit = 500
    public static let block = 250

    /// The indices of the queue the TrackList shows, for a queue of `count` entries with the current one at
    /// `current` (nil: none; treated as the first).
    public static func range(count: Int, current: Int?) -> Range<Int> {
        guard count > limit else { return 0..<max(0, count) }
        let c = min(max(current ?? 0, 0), count - 1)
        let start = min(max((c / block) * block - block / 2, 0), count - limit)
        return start..<(start + limit)
    }
}
