import Dispatch
import PlayerCore

/// When the state is written: soon after discrete changes (coalesced), at once when playback pauses or stops
/// (so the position is kept), after a seek, every `playingInterval` while playing (so a kill -9 loses little), and on exit.
/// No timer runs while paused or stopped.
///
/// Confined to the service's queue (`@unchecked Sendable` only so timer handlers can capture it; every entry
/// point checks the queue).
final class StatePersistence: @unchecked Sendable {
    private let store: StateStore
    private let queue: DispatchQueue
    private let current: @Sendable () -> PlayerState
    private let coalesceDelay: DispatchTimeInterval = .milliseconds(500)
    private let playingInterval: DispatchTimeInterval = .seconds(5)
    private var savePending = false
    private var playingTimer: (any DispatchSourceTimer)?
    /// What was last seen apart from the position; a difference means a discrete change.
    private var lastKey: Key?

    private struct Key: Hashable {
        var queue: PlaybackQueue
        var volume: Double
        var balance: Double
        var playback: SavedPlayback
    }

    /// `current` reads the player's state (called on `queue`).
    init(store: StateStore, queue: DispatchQueue, current: @escaping @Sendable () -> PlayerState) {
        self.store = store
        self.queue = queue
        self.current = current
    }

    /// Called after every published change.
    func noteChange(_ state: PlayerState) {
        dispatchPrecondition(condition: .onQueue(queue))
        let key = Key(queue: state.queue, volume: state.volume, balance: state.balance, playback: state.playback)
        let previous = lastKey
        guard key != previous else { return }
        lastKey = key
        setPlayingTimer(state.playback == .playing)
        guard previous != nil else { return }  // the state just loaded (or built) at start
        if key.playback != previous?.playback && key.playback != .playing {
            save(state)  // paused or stopped: keep the position now
        } else {
            saveSoon()
        }
    }

    /// A seek moved the position: keep it soon (a kill -9 right after a seek should not lose it).
    func noteJump() {
        dispatchPrecondition(condition: .onQueue(queue))
        saveSoon()
    }

    /// Writes now (exit, pause).
    func saveNow() {
        dispatchPrecondition(condition: .onQueue(queue))
        save(current())
    }

    private func saveSoon() {
        guard !savePending else { return }
        savePending = true
        queue.asyncAfter(deadline: .now() + coalesceDelay) { [self] in
            savePending = false
            save(current())
        }
    }

    private func setPlayingTimer(_ on: Bool) {
        if !on {
            playingTimer?.cancel()
            playingTimer = nil
            return
        }
        guard playingTimer == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + playingInterval, repeating: playingInterval, leeway: .seconds(1))
        timer.setEventHandler { [self] in save(current()) }
        timer.resume()
        playingTimer = timer
    }

    private func save(_ state: PlayerState) {
        do { try store.save(state) } catch { Log.error("\(error)") }
    }
}
