import Dispatch
import PlayerCore
import QueueStore

/// When the state is written: soon after discrete changes (coalesced), at once when playback pauses or stops
/// (so the position is kept), after a seek, every `playingInterval` while playing (so a kill -9 loses little), and on exit.
/// No timer runs while paused or stopped. The writes themselves run on `StateWriter`'s queue.
///
/// Concurrency: main actor (timers fire on the main queue).
@MainActor
final class StatePersistence {
    private let writer: StateWriter
    private let current: @MainActor @Sendable () -> PlayerState
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

    /// `initial` is the state as loaded (or built) at start, already in the database or not worth a write;
    /// `current` reads the player's state.
    init(
        database: QueueDatabase, initial: PlayerState, current: @escaping @MainActor @Sendable () -> PlayerState
    ) {
        self.writer = StateWriter(database: database)
        self.current = current
        noteChange(initial)
    }
    /// Called after every published change.
    func noteChange(_ state: PlayerState) {
        let key = Key(queue: state.queue, volume: state.volume, balance: state.balance, playback: state.playback)
        let previous = lastKey
        guard key != previous else { return }
        lastKey = key
        setPlayingTimer(state.playback == .playing)
        guard previous != nil else { return }  // the state just loaded (or built) at start
        if key.playback != previous?.playback && key.playback != .playing && key.queue == previous?.queue {
            // Paused or stopped: keep the position now, and wait for it (a crash right after a pause must not lose
            // it): a few rows.
            writer.writeNow(state)
        } else if key.playback != previous?.playback && key.playback != .playing {
            // Stopped by a queue edit (Clear, removing the current entry): the edit may be 100,000 rows, which the
            // bus call that caused it must not wait for; it is written at once, off the service's queue.
            writer.write(later: state)
        } else {
            saveSoon()
        }
    }

    /// A seek moved the position: keep it soon (a kill -9 right after a seek should not lose it).
    func noteJump() {
        saveSoon()
    }

    /// Writes now and waits for it (exit).
    func saveNow() {
        let state = current()
        writer.writeNow(state)
    }

    private func saveSoon() {
        guard !savePending else { return }
        savePending = true
        DispatchQueue.main.asyncAfter(deadline: .now() + coalesceDelay) { [self] in
            savePending = false
            save()
        }
    }

    private func setPlayingTimer(_ on: Bool) {
        if !on {
            playingTimer?.cancel()
            playingTimer = nil
            return
        }
        guard playingTimer == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + playingInterval, repeating: playingInterval, leeway: .seconds(1))
        timer.setEventHandler(handler: onMainQueue { [weak self] in self?.save() })
        timer.resume()
        playingTimer = timer
    }

    private func save() {
        writer.write(later: current())
    }
}
