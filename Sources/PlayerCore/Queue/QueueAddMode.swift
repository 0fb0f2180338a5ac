/// Where entries added to the queue go, and whether they start (Linnet's Queue.Add, `linnet open`, MPD's add).
public enum QueueAddMode: String, Sendable, CaseIterable {
    /// The queue becomes the new entries, and the first plays.
    case replace
    /// After the last entry; what plays does not change.
    case append
    /// Right after the current entry (at the end of an empty queue); what plays does not change.
    case next
    /// Right after the current entry, and the first new one plays now; the rest of the queue stays.
    case now
}
