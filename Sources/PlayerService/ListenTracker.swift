import Dispatch
import Glibc
import PlayerCore

/// Follows what is heard and says when a play becomes a listen (`ListenRule`, with only heard time counted:
/// `HeardTime`): Most Played counts it and the scrobbler submits it, from this one place. A play is a track from
/// its start (each `trackStarted`, so a repeat is a new play) or one title of a stream.
///
/// No ticking: it samples the heard position on every published change, just before every jump (`playerWillJump`:
/// a seek, a command that starts or stops a track) and once at the moment the threshold can first be reached
/// (its one timer, armed only while playing).
///
/// Concurrency: main actor (its timer fires on the main queue).
@MainActor
final class ListenTracker {
    /// Told when a play is first heard playing ("playing now").
    var onStarted: [(ListenProgress) -> Void] = []
    /// Told when a play becomes a listen.
    var onListened: [(ListenProgress) -> Void] = []
    private var current: Play?
    private let timer: any DispatchSourceTimer
    private var armed = false
    private weak var player: Player?

    /// One play: the queue entry, the stream title it is of (nil for a file) and its progress.
    private struct Play {
        var entry: QueueEntryID
        var streamTitle: StreamTitle?
        var progress: ListenProgress
    }

    private struct StreamTitle: Hashable {
        var artist: String?
        var title: String
    }

    init() {
        timer = DispatchSource.makeTimerSource(queue: .main)
        timer.setEventHandler(handler: onMainQueue { [weak self] in self?.timerFired() })
        timer.schedule(deadline: .distantFuture)
        timer.activate()
    }

    isolated deinit { timer.cancel() }

    /// The play heard now, once it has started: a listener that comes later (the scrobbler, which starts after
    /// the bus name) is told of it at once instead of missing its `onStarted`.
    var startedPlay: ListenProgress? {
        guard let play = current, let player, isCurrent(play, player), play.progress.startedAt != nil else {
            return nil
        }
        return play.progress
    }

    // MARK: - What the player tells

    /// `entry` is heard from its start now (before the queue follows): the play before it ends, a new one begins.
    func trackStarted(_ player: Player, entry: QueueEntryID) {
        self.player = player
        end(player)
        let track = listenTrack(player, entry)
        // A stream's first title was joined part-way (radio sends the title under way on connecting).
        current = Play(
            entry: entry, streamTitle: streamTitle(player, entry),
            progress: ListenProgress(track: track, heardFromStart: !track.isStream))
        current?.progress.jumped(to: player.positionMicroseconds, playing: false, clock: Self.clock())
        sample(player)
    }

    /// The position is about to jump or the track to change by a command: what was heard until now is counted.
    func willJump(_ player: Player) {
        guard var play = current, isCurrent(play, player) else { return }
        let change = play.progress.observe(
            position: player.positionMicroseconds, playing: player.status == .playing, clock: Self.clock(),
            unixTime: Self.unixTime())
        play.progress.jumped(to: nil, playing: false, clock: Self.clock())
        current = play
        emit(change, play.progress)
    }

    /// The jump happened: the next stretch starts at `position`.
    func seeked(_ player: Player, to position: Int64) {
        guard var play = current, isCurrent(play, player) else { return }
        play.progress.jumped(to: position, playing: player.status == .playing, clock: Self.clock())
        current = play
        arm(player)
    }

    /// Any published change: a stream's title may have changed; the transport and position are sampled.
    func changed(_ player: Player) {
        self.player = player
        guard let play = current, isCurrent(play, player) else { return disarm() }
        if play.streamTitle != nil || player.model.entry(play.entry)?.location.path == nil {
            let now = streamTitle(player, play.entry)
            if now != play.streamTitle {
                // The title before ended; it was heard from its start when it began while this stream played.
                let heardFromStart = play.streamTitle != nil && play.progress.startedAt != nil
                var ended = play.progress
                if ended.titleEnded(position: player.positionMicroseconds, clock: Self.clock()) {
                    for listener in onListened { listener(ended) }
                }
                var next = ListenProgress(track: listenTrack(player, play.entry), heardFromStart: heardFromStart)
                next.jumped(to: player.positionMicroseconds, playing: false, clock: Self.clock())
                current = Play(entry: play.entry, streamTitle: now, progress: next)
            }
        }
        sample(player)
    }

    // MARK: - Sampling

    /// Whether `play` is what the engine plays (the queue may already have moved on by a command).
    private func isCurrent(_ play: Play, _ player: Player) -> Bool {
        player.engine.currentItem.flatMap(player.entryID) == play.entry && player.status != .stopped
    }

    private func sample(_ player: Player) {
        guard var play = current, isCurrent(play, player) else { return disarm() }
        let change = play.progress.observe(
            position: player.positionMicroseconds, playing: player.status == .playing, clock: Self.clock(),
            unixTime: Self.unixTime())
        current = play
        emit(change, play.progress)
        arm(player)
    }

    /// The play before ends: to its end when it played through (a gapless change; after a command `willJump`
    /// closed its stretch, so this adds nothing).
    private func end(_ player: Player) {
        guard var play = current else { return }
        current = nil
        if let length = play.progress.track.durationMicroseconds {
            let change = play.progress.observe(
                position: length, playing: false, clock: Self.clock(), unixTime: Self.unixTime())
            emit(change, play.progress)
        }
    }

    private func emit(_ change: ListenProgress.Change, _ progress: ListenProgress) {
        if change.started { for listener in onStarted { listener(progress) } }
        if change.listened { for listener in onListened { listener(progress) } }
    }

    private func timerFired() {
        armed = false
        if let player { sample(player) }
    }

    private func arm(_ player: Player) {
        guard let delay = current?.progress.wakeDelay(rate: player.rate), player.status == .playing else {
            return disarm()
        }
        timer.schedule(deadline: .now() + .microseconds(Int(clamping: delay)), leeway: .milliseconds(50))
        armed = true
    }

    private func disarm() {
        if armed { timer.schedule(deadline: .distantFuture); armed = false }
    }

    // MARK: - What is heard

    private func streamTitle(_ player: Player, _ entry: QueueEntryID) -> StreamTitle? {
        guard let info = player.streams[entry], let title = info.title else { return nil }
        return StreamTitle(artist: info.artist, title: title)
    }

    private func listenTrack(_ player: Player, _ entry: QueueEntryID) -> ListenTrack {
        let location = player.model.entry(entry)?.location
        let details = player.details[entry]
        var tags = details?.tags ?? TrackTags()
        if let info = player.streams[entry], let title = info.title {
            // A radio title: the ICY artist and title alone (the station is no album).
            tags = TrackTags()
            tags.title = title
            tags.artists = info.artist.map { [$0] } ?? []
        }
        let isStream = location?.path == nil
        return ListenTrack(
            path: location?.path, tags: tags,
            durationMicroseconds: player.streams[entry]?.title != nil ? nil : details?.durationMicroseconds,
            isStream: isStream)
    }

    static func clock() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1000
    }

    static func unixTime() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec)
    }
}

extension ListenTracker: PlayerObserver {
    func playerChanged(_ player: Player) { changed(player) }
    func playerSeeked(_ player: Player, toMicroseconds position: Int64) { seeked(player, to: position) }
    func playerTrackStarted(_ player: Player, entry: QueueEntryID) { trackStarted(player, entry: entry) }
    func playerWillJump(_ player: Player) { willJump(player) }
}
