import DBus
import Dispatch
import MPRIS
import PlayerCore

/// Drives the lyrics interface: which line of the current track is being heard.
///
/// No ticking: after every change of the player (track, play/pause/stop, seek — `refresh` is called from
/// `Player.publish`), it reads the HEARD position once, announces the line if it changed, and, only while
/// playing, arms its single timer for the next instant the line changes (`LyricsTimeline.nextLineChange`).
/// When the timer fires it re-reads the heard position: a wake-up a little early (the heard clock lags the wall
/// clock by jitter) just re-arms for the rest. Paused or stopped: the timer is disarmed.
///
/// Concurrency: main actor (the timer fires on the main queue, the connection runs there).
@MainActor
final class LyricsController {
    private let heardPosition: @MainActor @Sendable () -> Int64
    private var interface: LyricsInterface!
    /// The one timer; scheduled for the next line change while playing, at `.distantFuture` otherwise.
    private let timer: DispatchSourceTimer
    private var entry: QueueEntryID?
    private var lyrics: TrackLyrics?
    private var timeline: LyricsTimeline?
    private var status: PlaybackState = .stopped
    private var armed = false

    init(
        connection: DBusConnection, heardPosition: @escaping @MainActor @Sendable () -> Int64,
        log: @escaping @Sendable (String) -> Void
    ) throws(DBusError) {
        self.heardPosition = heardPosition
        timer = DispatchSource.makeTimerSource(queue: .main)
        interface = try LyricsInterface(connection: connection, progress: { [unowned self] in progress() }, log: log)
        timer.setEventHandler(handler: onMainQueue { [weak self] in self?.evaluate() })
        timer.schedule(deadline: .distantFuture)
        timer.activate()
    }

    isolated deinit { timer.cancel() }

    /// The player changed (any command or engine event): take the current track's lyrics and state, re-read the
    /// heard position, announce the line and re-arm.
    func refresh(entry: QueueEntryID?, lyrics: TrackLyrics?, durationMicroseconds: Int64?, status: PlaybackState) {
        if entry != self.entry || lyrics != self.lyrics {
            self.entry = entry
            self.lyrics = lyrics
            timeline = lyrics.flatMap {
                $0.isSynced ? LyricsTimeline($0.lyrics, trackDurationMicroseconds: durationMicroseconds) : nil
            }
        }
        self.status = status
        evaluate()
    }

    /// Line, word and progress at the heard position (nil without synced lyrics or when stopped).
    func progress() -> LyricsPosition? {
        guard let timeline, status != .stopped else { return nil }
        return timeline.position(at: heardPosition())
    }

    private func evaluate() {
        let position = status == .stopped ? nil : heardPosition()
        let line = position.flatMap { timeline?.lineIndex(at: $0) } ?? -1
        interface.update(LyricsSnapshot(lyrics: lyrics, currentLine: line))
        guard status == .playing, let position, let next = timeline?.nextLineChange(after: position) else {
            if armed { timer.schedule(deadline: .distantFuture); armed = false }
            return
        }
        let delay = Int(clamping: next.subtractingSaturating(position))
        timer.schedule(deadline: .now() + .microseconds(delay), leeway: .microseconds(500))
        armed = true
    }
}
