/// What happens at the end of a track or of the queue (MPRIS `LoopStatus`).
public enum LoopMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Play the queue once; at its end, stop at the first track.
    case none
    /// Repeat the current track when it ends naturally; Next/Previous still move (and wrap), see `PlayOrder`.
    case track
    /// Repeat the whole queue.
    case playlist
}

/// Why the player wants to move on: the distinction decides whether `LoopMode.track` repeats.
public enum AdvanceTrigger: Sendable, Hashable {
    /// The user asked for Next (MPRIS `Next`, a media key, `linnet next`).
    case user
    /// The current track played to its end (also used to pre-compute the gapless successor).
    case trackEnded
}

/// What a Next/Previous request resolves to under the order in force.
public enum PlayStep: Sendable, Hashable {
    /// Make this entry current (it may be the current one again, e.g. a one-entry queue looping).
    case play(QueueEntryID)
    /// Start the current entry again from the beginning (`LoopMode.track` at a natural end).
    case repeatCurrent
    /// End of queue: make this entry current and stop (LoopStatus None → "Stopped at the first track").
    case stop(at: QueueEntryID)
    /// Nothing to move to: the request has no effect (and CanGoNext/CanGoPrevious are false).
    case unavailable
}
