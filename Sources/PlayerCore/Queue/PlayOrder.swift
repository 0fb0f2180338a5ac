/// The order in force over a queue: loop mode, shuffle, and the shuffle's remembered permutation and history.
///
/// Pure value logic over the queue's list of ids; `PlaybackQueue` owns one and keeps it in step with its entries.
///
/// Semantics (one place, so Next/Previous/CanGoNext/CanGoPrevious always agree):
/// - `.none`: the list once. Natural end of the last track → `.stop(at: first)`; Next at the last track and
///   Previous at the first are unavailable.
/// - `.track`: a natural end repeats the current track. A *user* Next/Previous still moves, and wraps at the ends
///   like `.playlist`. Choice made from the MPRIS spec: LoopStatus "Track" means "the current track will start
///   again from the beginning once it has finished playing", and `Next` "skips to the next track"; the spec's
///   "if there is no next track (and endless playback and track repeat are both off), stop" implies Next never
///   stops playback while track repeat is on, so it wraps (as iOS/Android players do with repeat-one).
/// - `.playlist`: wraps both ways.
/// - Shuffle: a random permutation per cycle, each entry once per cycle; a new cycle never starts with the track
///   that ended the last one (when there are two or more). Previous walks back through the tracks actually played
///   (`history`), and Next after Previous replays forward the same way. Shuffle applies to Next; Previous with an
///   empty history is unavailable.
public struct PlayOrder: Sendable, Hashable, Codable {
    /// Any loop mode but `.none` turns `stopAfterCurrent` off: a loop and a stop cannot both follow a track.
    public var loopMode: LoopMode {
        didSet { if loopMode != .none { stopAfterCurrent = .off } }
    }
    /// MPD's `single` without `repeat`: a natural end of the current entry stops playback, on the entry that
    /// would have followed (Play goes on from there).
    public var stopAfterCurrent: StopAfterCurrent = .off
    /// MPD's `consume`: each entry leaves the queue once it has played (the owner removes it when
    /// `QueueEngineSync` says `.consumed`, or after a user Next).
    public var consumes = false

    /// Whether a natural end stops playback.
    public enum StopAfterCurrent: String, Sendable, Hashable, Codable {
        /// No: the loop mode decides.
        case off
        /// After every entry (MPD `single 1`).
        case always
        /// After the current one, then off (MPD `single oneshot`).
        case once
    }
    /// Whether shuffle is on (MPRIS `Shuffle`).
    public private(set) var isShuffled: Bool
    /// Shuffle: the entries still to play in this cycle, in order. Empty when not shuffled.
    public private(set) var upcoming: [QueueEntryID]
    /// Shuffle: entries played before the current one, oldest first, at most `historyLimit`. Empty when not shuffled.
    public private(set) var history: [QueueEntryID]
    /// Generator for new permutations; persisted so a restored queue continues deterministically.
    public private(set) var random: SeededRandom

    /// How many played entries shuffle remembers for Previous.
    public static let historyLimit = 1000

    public init(loopMode: LoopMode = .none, random: SeededRandom = SeededRandom()) {
        self.loopMode = loopMode
        self.isShuffled = false
        self.upcoming = []
        self.history = []
        self.random = random
    }

    /// An order read back from storage (ids not in the queue are dropped by `PlaybackQueue(restoring:…)`).
    public init(
        loopMode: LoopMode, isShuffled: Bool, upcoming: [QueueEntryID], history: [QueueEntryID],
        random: SeededRandom
    ) {
        self.loopMode = loopMode
        self.isShuffled = isShuffled
        self.upcoming = upcoming
        self.history = Array(history.suffix(Self.historyLimit))
        self.random = random
    }

    private enum CodingKeys: String, CodingKey {
        case loopMode, isShuffled = "shuffle", upcoming, history, random, stopAfterCurrent = "stopAfter", consumes
    }

    /// Lenient decoding: missing fields (older files) take defaults; a missing generator is seeded afresh.
    public init(from decoder: any Swift.Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        loopMode = try c.decodeIfPresent(LoopMode.self, forKey: .loopMode) ?? .none
        isShuffled = try c.decodeIfPresent(Bool.self, forKey: .isShuffled) ?? false
        upcoming = try c.decodeIfPresent([QueueEntryID].self, forKey: .upcoming) ?? []
        history = Array((try c.decodeIfPresent([QueueEntryID].self, forKey: .history) ?? []).suffix(Self.historyLimit))
        random = try c.decodeIfPresent(SeededRandom.self, forKey: .random) ?? SeededRandom()
        stopAfterCurrent =
            loopMode != .none
            ? .off : (try? c.decodeIfPresent(StopAfterCurrent.self, forKey: .stopAfterCurrent)) ?? .off
        consumes = try c.decodeIfPresent(Bool.self, forKey: .consumes) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(loopMode, forKey: .loopMode)
        try c.encode(isShuffled, forKey: .isShuffled)
        try c.encode(upcoming, forKey: .upcoming)
        try c.encode(history, forKey: .history)
        try c.encode(random, forKey: .random)
        if stopAfterCurrent != .off { try c.encode(stopAfterCurrent, forKey: .stopAfterCurrent) }
        if consumes { try c.encode(consumes, forKey: .consumes) }
    }

    // MARK: - Queries

    /// What Next would do, without doing it. `at` is the current entry's index when the caller knows it
    /// (a wrong or missing index is looked up, so it is only a shortcut).
    public func next(
        in order: [QueueEntryID], current: QueueEntryID?, at index: Int? = nil,
        trigger: AdvanceTrigger
    ) -> PlayStep {
        var copy = self
        return copy.advance(in: order, current: current, at: index, trigger: trigger)
    }

    /// What Previous would do, without doing it.
    public func previous(in order: [QueueEntryID], current: QueueEntryID?, at index: Int? = nil) -> PlayStep {
        var copy = self
        return copy.retreat(in: order, current: current, at: index)
    }

    // MARK: - Moves

    /// Resolves Next and records it (shuffle history, cycle). The caller makes the returned entry current.
    public mutating func advance(
        in order: [QueueEntryID], current: QueueEntryID?, at hint: Int? = nil,
        trigger: AdvanceTrigger
    ) -> PlayStep {
        guard let first = order.first else { return .unavailable }
        guard let current, let index = Self.index(of: current, in: order, hint: hint) else {
            if isShuffled { return startCycle(order, avoiding: nil, from: nil, stop: false) }
            return .play(first)
        }
        if trigger == .trackEnded && loopMode == .track { return .repeatCurrent }
        if trigger == .trackEnded && stopAfterCurrent != .off {
            // Moves as the loop mode says (shuffle records it), but stopped; `.once` is used up.
            let mode = stopAfterCurrent
            stopAfterCurrent = .off
            let step = advance(in: order, current: current, at: index, trigger: trigger)
            if mode == .always { stopAfterCurrent = .always }
            if case .play(let following) = step { return .stop(at: following) }
            return step
        }
        let stopAtEnd = loopMode == .none
        if isShuffled {
            if !upcoming.isEmpty {
                remember(current)
                return .play(upcoming.removeFirst())
            }
            if stopAtEnd && trigger == .user { return .unavailable }
            return startCycle(order, avoiding: current, from: current, stop: stopAtEnd)
        }
        if index + 1 < order.count { return .play(order[index + 1]) }
        if !stopAtEnd { return .play(first) }
        return trigger == .trackEnded ? .stop(at: first) : .unavailable
    }

    /// Resolves Previous and records it. The caller makes the returned entry current.
    public mutating func retreat(in order: [QueueEntryID], current: QueueEntryID?, at hint: Int? = nil) -> PlayStep {
        guard let last = order.last else { return .unavailable }
        guard let current, let index = Self.index(of: current, in: order, hint: hint) else { return .play(last) }
        if isShuffled {
            guard let previous = history.popLast() else { return .unavailable }
            upcoming.insert(current, at: 0)
            return .play(previous)
        }
        if index > 0 { return .play(order[index - 1]) }
        return loopMode == .none ? .unavailable : .play(last)
    }

    /// Turns shuffle on or off without changing the current entry. Turning it on draws a fresh permutation
    /// of the other entries; setting the value it already has changes nothing.
    public mutating func setShuffle(_ on: Bool, order: [QueueEntryID], current: QueueEntryID?) {
        guard on != isShuffled else { return }
        isShuffled = on
        history = []
        upcoming = on ? order.filter { $0 != current }.shuffled(using: &random) : []
    }

    /// Records a direct jump (MPRIS GoTo, SetAsCurrent): the jumped-to entry counts as played in this cycle.
    public mutating func jumped(from: QueueEntryID?, to: QueueEntryID) {
        guard isShuffled, from != to else { return }
        if let from { remember(from) }
        if let i = upcoming.firstIndex(of: to) { upcoming.remove(at: i) }
    }

    /// New entries join the rest of the current shuffle cycle at random places.
    public mutating func inserted(_ ids: [QueueEntryID]) {
        guard isShuffled else { return }
        guard ids.count > Self.mergeThreshold else {
            for id in ids {
                upcoming.insert(id, at: Int.random(in: 0...upcoming.count, using: &random))
            }
            return
        }
        // Many at once (a folder added to a large shuffled queue): one random merge, O(upcoming + added),
        // instead of one O(upcoming) insertion each. Every interleaving is equally likely.
        let added = ids.shuffled(using: &random)
        var merged: [QueueEntryID] = []
        merged.reserveCapacity(upcoming.count + added.count)
        var u = 0, a = 0
        while u < upcoming.count || a < added.count {
            let leftU = upcoming.count - u, leftA = added.count - a
            if leftA > 0 && (leftU == 0 || Int.random(in: 0..<(leftU + leftA), using: &random) < leftA) {
                merged.append(added[a]); a += 1
            } else {
                merged.append(upcoming[u]); u += 1
            }
        }
        upcoming = merged
    }

    /// Above this many entries added at once, `inserted` merges instead of inserting one by one.
    static let mergeThreshold = 64

    /// Forgets removed entries (not the current one: see `successorOfRemovedCurrent`).
    public mutating func removed(_ ids: Set<QueueEntryID>) {
        guard isShuffled, !ids.isEmpty else { return }
        upcoming.removeAll { ids.contains($0) }
        history.removeAll { ids.contains($0) }
    }

    /// Chooses the new current entry after the current one (at `removedIndex`) was removed, leaving `remaining`.
    /// Returns the entry and whether that passed the end of the queue (then, with `.none`, the player stops).
    public mutating func successorOfRemovedCurrent(removedIndex: Int, remaining: [QueueEntryID]) -> (
        QueueEntryID?, endOfQueue: Bool
    ) {
        guard let first = remaining.first else {
            upcoming = []; history = []
            return (nil, true)
        }
        if isShuffled {
            upcoming.removeAll { !remaining.contains($0) }
            history.removeAll { !remaining.contains($0) }
            if !upcoming.isEmpty { return (upcoming.removeFirst(), false) }
            let permutation = remaining.shuffled(using: &random)
            upcoming = Array(permutation.dropFirst())
            return (permutation[0], loopMode == .none)
        }
        if removedIndex < remaining.count { return (remaining[removedIndex], false) }
        return (first, loopMode == .none)
    }

    /// Starts over after the queue was replaced or cleared: a new permutation when shuffled, no history.
    /// Returns the entry to make current (the first of the permutation when shuffled, else the first entry).
    public mutating func reset(order: [QueueEntryID]) -> QueueEntryID? {
        history = []
        guard isShuffled else { upcoming = []; return order.first }
        let permutation = order.shuffled(using: &random)
        upcoming = Array(permutation.dropFirst())
        return permutation.first
    }

    /// Drops ids that are not in `order` (used after decoding persisted state).
    mutating func restrict(to order: [QueueEntryID], current: QueueEntryID?) {
        if !isShuffled { upcoming = []; history = []; return }
        let known = Set(order)
        upcoming.removeAll { !known.contains($0) }
        history.removeAll { !known.contains($0) }
        if !isShuffled { upcoming = []; history = [] }
    }

    // MARK: - Private

    /// `hint` when it points at `id`, else a search.
    private static func index(of id: QueueEntryID, in order: [QueueEntryID], hint: Int?) -> Int? {
        if let hint, hint >= 0, hint < order.count, order[hint] == id { return hint }
        return order.firstIndex(of: id)
    }

    private mutating func remember(_ id: QueueEntryID) {
        history.append(id)
        if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
    }

    /// Draws the permutation for a new cycle (never starting with `avoiding` when there is a choice).
    private mutating func startCycle(_ order: [QueueEntryID], avoiding: QueueEntryID?, from: QueueEntryID?, stop: Bool)
        -> PlayStep
    {
        var permutation = order.shuffled(using: &random)
        if permutation.count > 1, let avoiding, permutation[0] == avoiding {
            permutation.swapAt(0, Int.random(in: 1..<permutation.count, using: &random))
        }
        if let from { remember(from) }
        upcoming = Array(permutation.dropFirst())
        return stop ? .stop(at: permutation[0]) : .play(permutation[0])
    }
}
