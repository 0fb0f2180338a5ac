import Dispatch
import PlayerCore
import QueueStore

/// When the state is written: soon after discrete changes (coalesced), at once when playback pauses or stops
/// (so the position is kept), after a seek, every `playingInterval` while playing (so a kill -9 loses little), and on exit.
/// No timer runs while paused or stopped. The writes themselves run on `writer`, off the service's queue: the
/// database saves incrementally, but a large edit (a 100,000-track folder queued) still takes a moment to write.
///
/// Confined to the service's queue (`@unchecked Sendable` only so timer handlers can capture it; every entry
/// point checks the queue). `database` is only touched on `writer` (its one writer), `lastFailure` likewise.
final class StatePersistence: @unchecked Sendable {
    private let database: QueueDatabase
    private let writer = DispatchQueue(label: "linnet.state", qos: .utility)
    private var lastFailure: String?
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
    init(database: QueueDatabase, queue: DispatchQueue, current: @escaping @Sendable () -> PlayerState) {
        self.database = database
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
        if key.playback != previous?.playback && key.playback != .playing && key.queue == previous?.queue {
            // Paused or stopped: keep the position now, and wait for it (a crash right after a pause must not lose
            // it): a few rows.
            writer.sync { write(state) }
        } else if key.playback != previous?.playback && key.playback != .playing {
            // Stopped by a queue edit (Clear, removing the current entry): the edit may be 100,000 rows, which the
            // bus call that caused it must not wait for; it is written at once, off the service's queue.
            save(state)
        } else {
            saveSoon()
        }
    }

    /// A seek moved the position: keep it soon (a kill -9 right after a seek should not lose it).
    func noteJump() {
        dispatchPrecondition(condition: .onQueue(queue))
        saveSoon()
    }

    /// Writes now and waits for it (exit).
    func saveNow() {
        dispatchPrecondition(condition: .onQueue(queue))
        let state = current()
        writer.sync { write(state) }
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
        writer.async { [self] in write(state) }
    }

    /// On `writer`. A failure (disk full) leaves the last good state in the file; it is logged once until it
    /// changes or a save succeeds again, and every later save retries.
    private func write(_ state: PlayerState) {
        do {
            try database.save(state)
            if lastFailure != nil { Log.info("the queue is saved again in \(database.path)") }
            lastFailure = nil
        } catch {
            let text = "\(error)" + (error.isFull ? " (disk full: the last saved queue is kept)" : "")
            if text != lastFailure { Log.error(text) }
            lastFailure = text
        }
    }
}
