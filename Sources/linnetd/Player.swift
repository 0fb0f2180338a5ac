import Dispatch
import MPRIS
import PlayerCore
import Stretching

// CONCURRENCY MODEL
// Everything here runs on ONE serial queue, `queue` (the main queue, which is also the D-Bus connection's
// queue): MPRIS method handlers and property getters, engine events (the engine delivers them there), tag probe
// results, the state saver's timers and the signal handlers. The engine's own threads never touch this object.
// `@unchecked Sendable` because of that confinement; entry points that can be reached otherwise check it.

/// The player: the queue, the engine and what is known about each entry; turns MPRIS commands into engine
/// commands and engine events into queue moves, then publishes a snapshot to the bus.
final class Player: PlayerControl, @unchecked Sendable {
    let queue: DispatchQueue
    private(set) var engine: PlaybackEngine!
    var mpris: MPRISService?
    var persistence: StatePersistence?
    /// Route, interruptions and server loss (issue 5); set by main.
    var route: RouteController?
    let collector = MediaCollector()
    let prober = TagProber()
    /// What to do on Quit (save and exit), set by main.
    var onQuit: @Sendable () -> Void = {}

    var model = PlaybackQueue()
    var details: [QueueEntryID: TrackDetails] = [:]
    /// Entries being probed or that could not be opened (not probed again).
    var probed: Set<QueueEntryID> = []
    var volume = 1.0
    /// Playback rate (the engine time-stretches with the pitch kept when it is not 1.0).
    var rate = 1.0
    /// Left/right balance (−1 … 1) and the current track's repeat count (Player+Extras.swift).
    var balance = 0.0
    var repeats = TrackRepeatCount()
    var replayGainMode = ReplayGainMode.off
    var replayGainPreamp = 0.0
    var playbackExtras: LinnetPlaybackService?
    /// Entries that failed since the last track was heard (stops a loop over unplayable files).
    var failures: Set<QueueEntryID> = []
    /// Entries given to the engine as what follows the current one, in order (it asks ahead: with short tracks
    /// it can ask about the one after next before the next is heard). Cleared by every command that starts a track.
    var expectedStarts: [QueueEntryID] = []
    /// The entry a command started (or loaded paused) and that has not been heard yet: its first start is no move.
    var awaitingStart: QueueEntryID?
    /// The last start was a paused load (restore, Next while paused): a failure moves on paused too.
    var startedPaused = false
    /// Cover art and lyrics per entry (Player+NowPlaying), and the entries whose extras are being found.
    var extras: [QueueEntryID: TrackExtras] = [:]
    var extrasRequested: Set<QueueEntryID> = []
    let extrasLoader = ExtrasLoader()
    var lyricsController: LyricsController?
    /// Level meters (issue 13): told whether music plays, on every publish.
    var meters: MeterController?

    init(queue: DispatchQueue, output: any AudioOutput) {
        self.queue = queue
        engine = PlaybackEngine(output: output, openDecoder: { item throws(DecodeError) in
            try DecoderRegistryBridge.open(item)
        }, makeStretcher: RubberBandTimeStretcher.make, eventQueue: queue, onEvent: { [weak self] event in self?.handle(event) })
    }

    // MARK: - Reading

    /// The engine's state, except Paused while the sound server is away with a track loaded (RouteController).
    var status: PlaybackState { route?.outageStatus ?? engine.state }

    var positionMicroseconds: Int64 {
        status == .stopped ? 0 : max(0, engine.position)
    }

    func item(_ entry: QueueEntry) -> PlaybackItem {
        PlaybackItem(id: String(entry.id.rawValue), location: entry.location.path ?? entry.location.uri)
    }

    func item(_ id: QueueEntryID) -> PlaybackItem? { model.entry(id).map(item) }

    func entryID(_ item: PlaybackItem) -> QueueEntryID? { UInt64(item.id).map(QueueEntryID.init(rawValue:)) }

    func snapshot() -> PlayerSnapshot {
        let tracks = model.entries.map { e -> TrackSnapshot in
            let d = details[e.id]
            return TrackSnapshot(id: e.id, location: e.location, playlistTitle: e.item.title,
                                 durationMicroseconds: d?.durationMicroseconds ?? e.item.durationMicroseconds,
                                 tags: d?.tags, isSeekable: d?.isSeekable ?? true,
                                 artURL: extras[e.id]?.artURL, lyricsText: extras[e.id]?.lyrics?.text)
        }
        var s = PlayerSnapshot(status: status, loopMode: model.loopMode, shuffle: model.isShuffled, volume: volume,
                               currentID: model.currentID, tracks: tracks, canGoNext: model.canGoNext,
                               canGoPrevious: model.canGoPrevious)
        s.rate = rate
        s.rateRange = PlaybackRate.minimum...PlaybackRate.maximum
        return s
    }

    func persistentState() -> PlayerState {
        let playback: SavedPlayback
        switch status {
        case .playing: playback = .playing
        case .paused: playback = .paused
        case .stopped: playback = .stopped
        }
        var state = PlayerState(queue: model, positionMicroseconds: positionMicroseconds, volume: volume,
                                playback: playback)
        state.balance = balance
        // A running repeat count is not saved: the loop mode it replaced is.
        if let saved = repeats.savedMode { state.queue.loopMode = saved }
        return state
    }

    /// Tells the bus (one PropertiesChanged per interface) and the state saver what changed.
    func publish() {
        dispatchPrecondition(condition: .onQueue(queue))
        mpris?.update(snapshot())
        playbackExtras?.update(extrasSnapshot)
        applyReplayGain()
        meters?.playerStateChanged(playing: status == .playing)
        updateNowPlaying()
        persistence?.noteChange(persistentState())
        probeMissing()
    }

    /// Starts background probes for entries whose tags are unknown.
    private func probeMissing() {
        var requests: [(QueueEntryID, String)] = []
        for e in model.entries where details[e.id] == nil && !probed.contains(e.id) {
            guard let path = e.location.path else { continue }
            probed.insert(e.id)
            requests.append((e.id, path))
        }
        // The current entry first: its metadata is on screen.
        if let c = model.currentID, let i = requests.firstIndex(where: { $0.0 == c }), i > 0 {
            requests.insert(requests.remove(at: i), at: 0)
        }
        prober.probe(requests, on: queue) { [weak self] results in
            guard let self else { return }
            var changed = false
            for (id, d) in results where details[id] == nil && model.entry(id) != nil {
                if let d { details[id] = d; changed = true }
            }
            if changed { publish() }
        }
    }
}

/// The engine's `openDecoder`: local paths through the decoder registry.
enum DecoderRegistryBridge {
    static func open(_ item: PlaybackItem) throws(DecodeError) -> any Decoder {
        guard item.location.hasPrefix("/") else {
            throw DecodeError(.unsupportedFormat, path: item.location, message: "only local files can be played")
        }
        return try TrackDetails.openDecoder(path: item.location)
    }
}
