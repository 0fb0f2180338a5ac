import Dispatch
import MPRIS
import PlayerCore
import Streaming
import Stretching

// CONCURRENCY MODEL
// The player, its controllers and the D-Bus interfaces are confined to the main actor, whose executor is the
// main queue: the D-Bus connection runs there, so method handlers and property getters are entered through
// `onMainActor` (DBus), and engine events, tag probe results, timers and signals arrive on the main queue and
// enter through `onMainQueue` (MainQueueEntry.swift); both trap anywhere else. The engine's own threads never
// touch these objects; what crosses to worker threads is Sendable (values, or `Mutex` boxes).

/// The player: the queue, the engine and what is known about each entry; turns MPRIS commands into engine
/// commands and engine events into queue moves, then publishes a snapshot to the bus.
@MainActor
final class Player: PlayerControl {
    private(set) var engine: PlaybackEngine!
    /// Route, interruptions and server loss (made with the player; it drives the engine on their behalf).
    private(set) var route: RouteController!
    /// The library's folders: MPD clients name local files by their path inside one.
    let mpdMusicFolders: [String]
    /// Who follows the player (bus interfaces, state saver, play counter, meters, lyrics), in the order added.
    private var observers: [any PlayerObserver] = []
    let collector = MediaCollector()
    let prober = TagProber()
    /// Runs once start-up's load is published (`whenStartupSettled`), then is gone.
    var startupGate: StartupGate?
    /// The outputs and their switches (set by LinnetService right after the player is made).
    var outputs: OutputController?

    var model = PlaybackQueue()
    var details = ChangeTrackedTable<TrackDetails>()
    /// Entries being probed or that could not be opened (not probed again).
    var probed: Set<QueueEntryID> = []
    var volume = 1.0
    /// Playback rate (the engine time-stretches with the pitch kept when it is not 1.0).
    var rate = 1.0
    /// Left/right balance (−1 … 1) and the current track's repeat count (Player+Extras.swift).
    var balance = 0.0
    var repeats = TrackRepeatCount()
    /// The running repeat count is MPD's `single oneshot` with repeat (status says "oneshot" until it is used).
    var mpdOneShotRepeat = false
    var replayGainMode = ReplayGainMode.off
    var replayGainPreamp = 0.0
    /// How the queue follows what the engine plays (what was handed over, what a command started, what failed).
    var sync = QueueEngineSync()
    /// Cover art and lyrics per entry (Player+NowPlaying), and the entries whose extras are being found.
    var extras = ChangeTrackedTable<TrackExtras>()
    /// The window the last snapshot showed (ids and their snapshots), reused for entries that did not change.
    private var lastWindow: (ids: [QueueEntryID], tracks: [TrackSnapshot]) = ([], [])
    var extrasRequested: Set<QueueEntryID> = []
    let extrasLoader = ExtrasLoader()
    /// Network streams: what each entry's stream reported.
    var streams = ChangeTrackedTable<StreamInfo>()
    /// Tags and lengths the library holds for local paths (nil until a library is attached): what the Queue
    /// interface shows for entries whose files were not opened in this run.
    private(set) var libraryLookup: (([String]) -> [String: TrackDetails])?
    /// Bumped when the queue is cleared or replaced: batches of an earlier addition still on their way are dropped.
    var additionGeneration: UInt64 = 0
    let streamSettings: StreamSettings
    /// When the last Pause took effect (monotonic seconds), for restarting a live stream on Play.
    var pausedAt: Double?
    /// Returns freed heap pages after changes (see MemoryReturn for why).
    let memoryReturn = MemoryReturn()
    /// When plays become listens (Most Played, the scrobbler).
    let listens = ListenTracker()

    /// A player on `output`; `route` says how it follows route changes, interruptions and the sound server
    /// (`outputAvailable`: whether a server was there at start), `exclusive` pauses other players while it plays.
    init(
        output: any AudioOutput, streamSettings: StreamSettings = StreamSettings(),
        route options: RoutePolicyOptions = RoutePolicyOptions(), outputAvailable: Bool = true,
        exclusive: ExclusiveMode? = nil, musicFolders: [String] = []
    ) {
        mpdMusicFolders = musicFolders
        self.streamSettings = streamSettings
        engine = PlaybackEngine(
            output: output,
            openDecoder: { item, cancellation throws(DecodeError) in
                // On the engine's loader thread: only the weak reference travels, read back on the main actor.
                try Player.openDecoder(
                    item, settings: streamSettings, cancellation: cancellation,
                    player: { [weak self] in self })
            }, makeStretcher: RubberBandTimeStretcher.make, eventQueue: .main,
            onEvent: onMainQueue { [weak self] event in self?.handle(event) })
        route = RouteController(player: self, options: options, outputAvailable: outputAvailable, exclusive: exclusive)
        addObserver(listens)
    }

    // MARK: - Reading

    /// The engine's state, except Paused while the sound server is away with a track loaded (RouteController).
    var status: PlaybackState { route.outageStatus ?? engine.state }

    var positionMicroseconds: Int64 {
        status == .stopped ? 0 : max(0, engine.position)
    }

    func item(_ entry: QueueEntry) -> PlaybackItem {
        PlaybackItem(id: .entry(entry.id), location: entry.location.path ?? entry.location.uri)
    }

    func item(_ id: QueueEntryID) -> PlaybackItem? { model.entry(id).map(item) }

    func entryID(_ item: PlaybackItem) -> QueueEntryID? { item.id.entry }

    /// The queue indices the bus sees (the TrackList window; the whole queue when it is short).
    var window: Range<Int> { TrackListWindow.range(count: model.count, current: model.currentIndex) }

    /// What the bus sees: the player's state and the TrackList window only, so building and diffing it costs
    /// O(window) however long the queue is.
    func snapshot() -> PlayerSnapshot {
        let window = self.window
        let ids = model.ids[window]
        let (changedDetails, allDetails) = details.takeChanges()
        let (changedExtras, allExtras) = extras.takeChanges()
        let (changedStreams, allStreams) = streams.takeChanges()
        var tracks: [TrackSnapshot]
        if !allDetails && !allExtras && !allStreams && lastWindow.ids.elementsEqual(ids) {
            // The same entries: rebuild only those whose facts changed (usually none or one).
            tracks = lastWindow.tracks
            for id in changedDetails.union(changedExtras).union(changedStreams) {
                guard let i = model.index(of: id), window.contains(i) else { continue }
                tracks[i - window.lowerBound] = trackSnapshot(model.entries[i])
            }
        } else {
            tracks = model.entries[window].map(trackSnapshot)
        }
        lastWindow = (Array(ids), tracks)
        var s = PlayerSnapshot(
            status: status, loopMode: model.loopMode, shuffle: model.isShuffled, volume: volume,
            currentID: model.currentID, tracks: tracks, canGoNext: model.canGoNext,
            canGoPrevious: model.canGoPrevious, windowStart: window.lowerBound)
        s.rate = rate
        s.rateRange = PlaybackRate.minimum...PlaybackRate.maximum
        return s
    }

    func trackSnapshot(_ id: QueueEntryID) -> TrackSnapshot? { model.entry(id).map(trackSnapshot) }

    func trackSnapshot(_ e: QueueEntry) -> TrackSnapshot {
        let d = details[e.id]
        return TrackSnapshot(
            id: e.id, location: e.location, playlistTitle: e.item.title,
            durationMicroseconds: d?.durationMicroseconds ?? e.item.durationMicroseconds,
            tags: streamTags(e.id, d?.tags), isSeekable: d?.isSeekable ?? (e.location.path != nil),
            artURL: extras[e.id]?.artURL, lyricsText: extras[e.id]?.lyrics?.text)
    }

    func persistentState() -> PlayerState {
        let playback: SavedPlayback
        switch status {
        case .playing: playback = .playing
        case .paused: playback = .paused
        case .stopped: playback = .stopped
        }
        var state = PlayerState(
            queue: model, positionMicroseconds: positionMicroseconds, volume: volume,
            playback: playback)
        state.balance = balance
        // A running repeat count is not saved: the loop mode it replaced is.
        if let saved = repeats.savedMode { state.queue.loopMode = saved }
        return state
    }

    /// Tells the bus (one PropertiesChanged per interface) and the state saver what changed.
    /// Adds `observer` after those already there: it hears every publish from now on.
    func addObserver(_ observer: any PlayerObserver) { observers.append(observer) }

    /// Tells every observer, in the order they were added.
    func notify(_ message: (any PlayerObserver) -> Void) {
        for observer in observers { message(observer) }
    }

    /// The library opened: its tags and lengths answer for entries whose files were not opened in this run.
    func attachLibrary(lookup: @escaping ([String]) -> [String: TrackDetails]) { libraryLookup = lookup }

    func publish() {
        applyReplayGain()
        notify { $0.playerChanged(self) }
        updateNowPlaying()
        probeMissing()
        memoryReturn.noteChange()
    }

    /// Starts background probes for the entries of the window whose tags are unknown. Only the window is
    /// probed (what the bus can show); details of entries far outside it are forgotten, so memory and work
    /// stay bounded by the window, not the queue.
    private func probeMissing() {
        let window = self.window
        forgetDetails(outside: window)
        var requests: [(QueueEntryID, String)] = []
        // By id first: a location is only built for an entry that needs probing.
        for (i, id) in zip(window, model.ids[window]) where details[id] == nil && !probed.contains(id) {
            guard let path = model.entries.location(at: i).path else { continue }
            probed.insert(id)
            requests.append((id, path))
        }
        // The current entry first: its metadata is on screen.
        if let c = model.currentID, let i = requests.firstIndex(where: { $0.0 == c }), i > 0 {
            requests.insert(requests.remove(at: i), at: 0)
        }
        prober.probe(requests) { [weak self] results in
            // One batch, one publish: the work per result is O(1) plus one O(window) snapshot per batch.
            guard let self else { return }
            var changed = false
            for (id, d) in results where details[id] == nil && model.entry(id) != nil {
                if let d { details[id] = d; changed = true }
            }
            if changed { publish() }
        }
    }

    /// Drops details and probe marks of entries outside `window` once there are twice as many as it holds
    /// (the current entry's are kept: seeks need its length).
    private func forgetDetails(outside window: Range<Int>) {
        let bound = 2 * TrackListWindow.limit + 16
        guard details.count > bound || probed.count > bound else { return }
        let current = model.currentID
        func keep(_ id: QueueEntryID) -> Bool {
            id == current || model.index(of: id).map(window.contains) == true
        }
        details.filter(keep)
        probed = probed.filter(keep)
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
