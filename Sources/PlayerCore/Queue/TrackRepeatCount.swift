/// "Play this track N more times, then go on" (the phone's `numberOfLoops`), on top of the queue's loop mode:
/// while repeats remain the queue loops the track (so LoopStatus truthfully says Track), and when the last repeat
/// starts the earlier mode comes back. Pure; the service owns one.
public struct TrackRepeatCount: Sendable, Hashable {
    /// Repeats still to come after the one playing now.
    public private(set) var remaining = 0
    /// The entry being repeated.
    public private(set) var entry: QueueEntryID?
    /// The loop mode to restore when the count runs out or is cancelled.
    public private(set) var savedMode: LoopMode?

    public init() {}

    /// Starts (or replaces) a count of `count` (> 0) repeats of `entry`; returns the loop mode to set (Track).
    public mutating func start(_ count: Int, entry: QueueEntryID, currentMode: LoopMode) -> LoopMode {
        precondition(count > 0, "a repeat count starts at 1")
        if savedMode == nil { savedMode = currentMode }
        remaining = count
        self.entry = entry
        return .track
    }

    /// `started` began playing. Returns the mode to restore when the count is used up (the last repeat started)
    /// or when another entry started (the listener moved on); nil when nothing changes.
    public mutating func trackStarted(_ started: QueueEntryID, isRepeat: Bool) -> LoopMode? {
        guard let entry else { return nil }
        if started != entry { return cancel() }
        guard isRepeat, remaining > 0 else { return nil }
        remaining -= 1
        return remaining == 0 ? cancel() : nil
    }

    /// Ends the count; returns the mode to restore (nil when no count was running).
    public mutating func cancel() -> LoopMode? {
        defer { self = TrackRepeatCount() }
        return entry == nil ? nil : savedMode
    }
}
