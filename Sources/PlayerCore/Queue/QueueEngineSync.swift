/// How the queue follows what the engine really plays (as MPD's `playlist::SyncWithPlayer`): the engine plays
/// gaplessly and asks for what follows before a track ends, so the queue must not move when a command starts a
/// track, must move when a track it handed over is heard, and must not loop forever over files that fail.
///
/// Pure: it takes the engine's events (and the commands that start tracks) with the queue, moves the queue, and
/// returns what the engine and the clients must be told. The owner runs the actions in order; nothing here does
/// I/O, so every restart, repeat and failure path is unit-tested without a bus or a sound server.
public struct QueueEngineSync: Sendable, Hashable {
    /// What the owner does after an event, in order.
    public enum Action: Sendable, Hashable {
        /// Give the engine this entry as what follows the playing one (nil: nothing follows, it stops at the end).
        case setNext(QueueEntryID?)
        /// Load this entry paused (a paused load failed: the player stays paused on the entry after it).
        case loadPaused(QueueEntryID)
        /// Tell clients the position jumped (MPRIS Seeked): to this time, or nil for where the engine is now.
        case seeked(toMicroseconds: Int64?)
        /// The current entry was heard again after it played through: a track repeat (for repeat counting).
        case repeated(QueueEntryID)
        /// This entry failed and nothing after it can play: the engine was given no successor.
        case nothingPlayable(after: QueueEntryID)
        /// This entry has played and the queue consumes (MPD's consume): remove it.
        case consumed(QueueEntryID)
    }

    /// Entries given to the engine as what follows the current one, in order (it asks ahead: with short tracks it
    /// can ask about the one after next before the next is heard). Cleared by every command that starts a track.
    public private(set) var expectedStarts: [QueueEntryID] = []
    /// The entry a command started (or loaded paused) that has not been heard yet: its first start is no move.
    public private(set) var awaitingStart: QueueEntryID?
    /// The entry whose start was heard last (nil after a stop): the same entry starting again is a jump clients
    /// must hear of as Seeked, whatever caused it.
    public private(set) var lastHeardStart: QueueEntryID?
    /// Entries that failed since a track was last heard (stops a loop over unplayable files).
    public private(set) var failures: Set<QueueEntryID> = []
    /// The last start was a paused load (restore, Next while paused): a failure moves on paused too.
    public private(set) var startedPaused = false

    public init() {}

    // MARK: - Commands

    /// A command plays (or loads paused) `id` from the start or a position: nothing it was told before holds.
    public mutating func commandStarted(_ id: QueueEntryID, paused: Bool) {
        failures.removeAll()
        expectedStarts = []
        awaitingStart = id
        startedPaused = paused
    }

    /// A command seeks within the loaded entry instead of starting it again (GoTo of the current track).
    public mutating func commandSeekedInPlace() { failures.removeAll() }

    /// The queue or its order changed (an edit, LoopStatus, Shuffle): the successor already given to the engine
    /// may be wrong now. Only the first one can be replaced (the engine may already decode a second).
    public mutating func queueChanged(_ queue: PlaybackQueue, isStopped: Bool) -> [Action] {
        guard expectedStarts.count == 1, !isStopped else { return [] }
        let successor = Self.successor(of: queue, after: [])
        guard successor != expectedStarts.first else { return [] }
        expectedStarts = successor.map { [$0] } ?? []
        return [.setNext(successor)]
    }

    // MARK: - Engine events

    /// The engine stopped: the next start of any entry is a first start.
    public mutating func stopped() { lastHeardStart = nil }

    /// The engine could not play `id` (now or while preparing it as the next).
    public mutating func failed(_ id: QueueEntryID) { failures.insert(id) }

    /// `id` was heard starting: moves the queue to it when it is what was handed over.
    public mutating func trackStarted(_ id: QueueEntryID, queue: inout PlaybackQueue) -> [Action] {
        failures.removeAll()
        // The current entry heard from a new start: a repeat, a restart by a command that could not seek, or a
        // repeat already on its way when a LoopStatus change re-planned what follows (soak, seed 9: Position went
        // from 1.5 s to 0.09 s with no signal). Clients see the same trackid, so they need Seeked.
        let restarted = id == lastHeardStart && id == queue.currentID
        lastHeardStart = id
        var actions: [Action] = []
        if id == awaitingStart {
            awaitingStart = nil  // the first sound of what a command started
        } else if let i = expectedStarts.firstIndex(of: id) {
            expectedStarts.removeFirst(i + 1)
            if id == queue.currentID {
                // The same entry again after it played through: a track repeat, a jump back to 0 for clients.
                actions = [.seeked(toMicroseconds: 0), .repeated(id)]
            } else {
                let finished = queue.currentID
                if queue.naturalSuccessor == id { queue.next(.trackEnded) } else { try? queue.goTo(id) }
                if queue.consumes, let finished { actions.append(.consumed(finished)) }
            }
        }
        // Otherwise the start is the current entry's first (after a command) or a stale one: nothing moves.
        if restarted && actions.isEmpty { actions.append(.seeked(toMicroseconds: nil)) }
        return actions
    }

    /// The engine asks what follows `id`.
    public mutating func needsNext(after id: QueueEntryID, queue: inout PlaybackQueue) -> [Action] {
        if failures.contains(id) { return skipFailed(id, queue: &queue) }
        // A question about an entry a command has since replaced is not answered: the engine asks again for the
        // track it plays now.
        guard id == (expectedStarts.last ?? queue.currentID) else { return [] }
        let successor = Self.successor(of: queue, after: expectedStarts)
        if let successor { expectedStarts.append(successor) }
        return [.setNext(successor)]
    }

    /// The engine played the last entry through and stopped (LoopStatus None: "Stopped at the first track"; or
    /// a stop after the current entry: stopped on the one that follows).
    public mutating func endOfQueue(queue: inout PlaybackQueue) -> [Action] {
        let finished = queue.currentID
        if case .stop = queue.nextStep(.trackEnded) { queue.next(.trackEnded) }
        expectedStarts = []
        awaitingStart = nil
        guard queue.consumes, let finished else { return [] }
        return [.consumed(finished)]
    }

    /// What naturally follows the current entry once the `upcoming` entries have played (a copy moves).
    public static func successor(of queue: PlaybackQueue, after upcoming: [QueueEntryID]) -> QueueEntryID? {
        var future = queue
        for id in upcoming {
            if future.naturalSuccessor == id { future.next(.trackEnded) } else { try? future.goTo(id) }
        }
        return future.naturalSuccessor
    }

    // MARK: - Private

    /// An entry could not be played: move past it, but never around the queue forever when nothing plays.
    private mutating func skipFailed(_ id: QueueEntryID, queue: inout PlaybackQueue) -> [Action] {
        let step = queue.order.next(in: queue.ids, current: id, at: queue.index(of: id), trigger: .user)
        guard case .play(let following) = step, !failures.contains(following), queue.entry(following) != nil else {
            return [.nothingPlayable(after: id), .setNext(nil)]
        }
        if id == queue.currentID && startedPaused {
            // A paused load failed (e.g. a restored file is gone): stay paused on the next entry.
            try? queue.goTo(following)
            return [.loadPaused(following)]
        }
        if id == awaitingStart {
            awaitingStart = nil
        } else if let i = expectedStarts.firstIndex(of: id) {
            expectedStarts.removeSubrange(i...)
        }
        expectedStarts.append(following)
        return [.setNext(following)]
    }
}
