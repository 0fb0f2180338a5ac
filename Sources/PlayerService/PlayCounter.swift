import Dispatch
import PlayerCore

/// Counts plays for the library: a track counts once it has been heard past half its length or four minutes
/// (`PlayCountRule`). No ticking: on every player change (`refresh`, from `Player.publish`) it re-reads the heard
/// position and, only while playing, arms its one timer for the moment the threshold is reached.
///
/// Concurrency: main actor (its timer fires on the main queue).
@MainActor
final class PlayCounter {
    private let record: (String) -> Void
    private let timer: DispatchSourceTimer
    private var entry: QueueEntryID?
    private var path: String?
    private var duration: Int64?
    private var counted = false
    private var armed = false
    private var position: () -> Int64 = { 0 }

    init(record: @escaping (String) -> Void) {
        self.record = record
        timer = DispatchSource.makeTimerSource(queue: .main)
        timer.setEventHandler(handler: onMainQueue { [weak self] in self?.evaluate(playing: true) })
        timer.schedule(deadline: .distantFuture)
        timer.activate()
    }

    isolated deinit { timer.cancel() }

    /// The player changed: which entry is current, whether it plays, and how to read the heard position.
    func refresh(
        entry: QueueEntryID?, path: String?, durationMicroseconds: Int64?, playing: Bool,
        position: @escaping () -> Int64
    ) {
        if entry != self.entry {
            self.entry = entry
            counted = false
        }
        self.path = path
        duration = durationMicroseconds
        self.position = position
        evaluate(playing: playing)
    }

    private func evaluate(playing: Bool) {
        guard let path, !counted else { return disarm() }
        let heard = position()
        if PlayCountRule.counts(playedMicroseconds: heard, durationMicroseconds: duration) {
            counted = true
            record(path)
            return disarm()
        }
        guard playing else { return disarm() }
        let fourMinutes: Int64 = 240_000_000
        let threshold = duration.map { $0 > 0 ? min($0 / 2, fourMinutes) : fourMinutes } ?? fourMinutes
        timer.schedule(
            deadline: .now() + .microseconds(Int(clamping: max(1000, threshold - heard))), leeway: .milliseconds(50))
        armed = true
    }

    private func disarm() {
        if armed { timer.schedule(deadline: .distantFuture); armed = false }
    }
}
