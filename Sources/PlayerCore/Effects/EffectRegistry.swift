/// Who loaded which effect and which plays are running: the bookkeeping behind the Effects interface, free of
/// any I/O. Ids start at 1 and are never reused; a play is finished when the server removes its sink input.
public struct EffectRegistry: Sendable {
    /// One loaded effect.
    public struct Effect: Sendable, Hashable {
        public var id: UInt32
        /// The bus client that loaded it (unloaded when it leaves).
        public var owner: String
        /// Its name in the server's sample cache.
        public var sampleName: String
    }

    /// A finished play: which effect, which play.
    public struct Finished: Sendable, Hashable {
        public var effect: UInt32
        public var play: UInt32
    }

    public private(set) var effects: [UInt32: Effect] = [:]
    private var nextEffect: UInt32 = 1
    private var nextPlay: UInt32 = 1
    /// Plays asked of the server, by play id → effect id; and those started, by sink input → play.
    private var pending: [UInt32: UInt32] = [:]
    private var playing: [UInt32: (play: UInt32, effect: UInt32)] = [:]
    /// Sink inputs removed before their play's start was known (the answer and the event race), newest last.
    private var removedEarly: [UInt32] = []

    public init() {}

    /// Ids in order (the `Effects` property).
    public var ids: [UInt32] { effects.keys.sorted() }

    /// Registers an effect for `owner`; `sampleName(id)` names it in the sample cache.
    public mutating func add(owner: String, sampleName: (UInt32) -> String) -> Effect {
        let id = nextEffect
        nextEffect &+= 1
        let effect = Effect(id: id, owner: owner, sampleName: sampleName(id))
        effects[id] = effect
        return effect
    }

    @discardableResult
    public mutating func remove(_ id: UInt32) -> Effect? { effects.removeValue(forKey: id) }

    /// Every effect `owner` loaded, removed.
    public mutating func removeAll(ownedBy owner: String) -> [Effect] {
        let gone = effects.values.filter { $0.owner == owner }.sorted { $0.id < $1.id }
        for e in gone { effects[e.id] = nil }
        return gone
    }

    public func owns(_ owner: String) -> Bool { effects.values.contains { $0.owner == owner } }

    /// A new play of `effect` (asked of the server now).
    public mutating func beginPlay(_ effect: UInt32) -> UInt32 {
        let play = nextPlay
        nextPlay &+= 1
        pending[play] = effect
        return play
    }

    /// The server started `play` as sink input `sinkInput` (nil: it refused). Returns the play as finished when
    /// it cannot finish later (refused, or already removed).
    public mutating func started(_ play: UInt32, sinkInput: UInt32?) -> Finished? {
        guard let effect = pending.removeValue(forKey: play) else { return nil }
        guard let sinkInput else { return Finished(effect: effect, play: play) }
        if let i = removedEarly.firstIndex(of: sinkInput) {
            removedEarly.remove(at: i)
            return Finished(effect: effect, play: play)
        }
        playing[sinkInput] = (play, effect)
        return nil
    }

    /// A sink input went away; the play it carried (if one of ours) is finished.
    public mutating func sinkInputRemoved(_ sinkInput: UInt32) -> Finished? {
        if let p = playing.removeValue(forKey: sinkInput) { return Finished(effect: p.effect, play: p.play) }
        if !pending.isEmpty {
            removedEarly.append(sinkInput)
            if removedEarly.count > 256 { removedEarly.removeFirst(removedEarly.count - 256) }
        }
        return nil
    }

    /// Plays not finished yet.
    public var activePlays: Int { pending.count + playing.count }

    /// The server went away: every play is over (its sink inputs are gone with it).
    public mutating func serverLost() -> [Finished] {
        let all =
            pending.map { Finished(effect: $0.value, play: $0.key) }
            + playing.values.map { Finished(effect: $0.effect, play: $0.play) }
        pending.removeAll()
        playing.removeAll()
        removedEarly.removeAll()
        return all.sorted { $0.play < $1.play }
    }
}
