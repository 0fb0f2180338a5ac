/// The queue's version as MPD clients see it (`status`' `playlist`, `plchanges VERSION`): bumped by every change,
/// with the version at which each position last changed, so `plchanges` returns exactly the positions that
/// differ since the version a client holds. Pure.
struct MPDQueueVersions: Sendable {
    /// The current version (MPD starts at 1 and never reuses one).
    private(set) var version: UInt32 = 1
    private var ids: [UInt32] = []
    /// Per position: the version at which the id there last changed.
    private var changedAt: [UInt32] = []

    /// Takes the queue's ids now; returns whether anything changed (then the version moved on).
    mutating func update(ids new: [UInt32]) -> Bool {
        guard new != ids else { return false }
        let (next, overflow) = version.addingReportingOverflow(1)
        version = overflow ? 1 : next
        var marks = changedAt
        marks.removeSubrange(min(new.count, marks.count)...)
        for i in 0..<new.count {
            if i >= ids.count {
                marks.append(version)
            } else if ids[i] != new[i] {
                marks[i] = version
            }
        }
        ids = new
        changedAt = marks
        return true
    }

    /// The positions that changed after `since` (all of them for a version this queue never had).
    func positions(changedSince since: UInt32) -> [Int] {
        guard since <= version else { return Array(ids.indices) }
        return changedAt.indices.filter { changedAt[$0] > since }
    }
}
