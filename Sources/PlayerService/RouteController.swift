import Glibc
import MPRIS
import PlayerCore

// CONCURRENCY: main actor, like `Player`: output events arrive through the engine's event queue (the main
// queue), user commands through the bus handlers.

/// Applies the pure route policies to what the output reports: route changes (`RoutePolicy`), interruptions
/// (`InterruptionPolicy`) and the sound server going and coming back; publishes the route on the bus.
@MainActor
final class RouteController {
    unowned let player: Player
    let options: RoutePolicyOptions
    /// Who hears of route changes and interruptions (the bus interface), in the order added.
    private var observers: [any RouteObserver] = []
    private(set) var snapshot: RouteSnapshot
    private var interruptions = InterruptionPolicy()
    /// When a route change last paused us (monotonic µs), until the user chooses a state.
    private var pausedByRouteAt: Int64?
    /// The engine's state as last reported by events (what it was before a server loss stopped it).
    private(set) var reportedState: PlaybackState = .stopped
    /// `--exclusive`: other players are paused while Linnet plays.
    let exclusive: ExclusiveMode?
    /// What was playing when the server went away: restored on its return.
    private var lost: (entry: QueueEntryID, position: Int64, playing: Bool)?
    /// Play was asked while no server was there: play when one appears.
    private var playWhenConnected = false
    /// Where the track was when its output vanished (the stream was killed, so the engine stopped): the next
    /// Play continues from there instead of from the start.
    private var resumePoint: (entry: QueueEntryID, position: Int64)?

    init(player: Player, options: RoutePolicyOptions, outputAvailable: Bool, exclusive: ExclusiveMode?) {
        self.player = player
        self.options = options
        self.exclusive = exclusive
        self.snapshot = RouteSnapshot(outputAvailable: outputAvailable)
    }

    /// Adds `observer`: it hears every route change and interruption from now on.
    func addObserver(_ observer: any RouteObserver) { observers.append(observer) }

    var outputAvailable: Bool { snapshot.outputAvailable }

    /// The engine reported a new transport state.
    func stateChanged(_ state: PlaybackState) {
        reportedState = state
        exclusive?.linnetStateChanged(state, outputAvailable: snapshot.outputAvailable)
    }

    /// The user pressed play (`wantsPlaying` true), pause (false) or stop (nil): no automatic resume of any kind
    /// after this; during a server outage it sets what happens when the server is back.
    func userChoseState(wantsPlaying: Bool?) {
        _ = interruptions.handle(.userChoseState, isPlaying: player.status == .playing)
        pausedByRouteAt = nil
        if lost != nil {
            if let wantsPlaying { lost?.playing = wantsPlaying } else { lost = nil }
        }
        if wantsPlaying != true { playWhenConnected = false }
        if wantsPlaying == nil { resumePoint = nil }
    }

    /// While the server is away with a track loaded, the player shows Paused (nothing is heard) and keeps the
    /// position; nil otherwise.
    var outageStatus: PlaybackState? { lost == nil ? nil : .paused }

    /// Where Play should start `entry` from (after the output vanished under it), once.
    func takeResumePoint(for entry: QueueEntryID) -> Int64? {
        defer { resumePoint = nil }
        return resumePoint?.entry == entry ? resumePoint?.position : nil
    }

    /// Play while there is no server: remembered, and done once one appears (PlaybackStatus stays as it is).
    func deferPlay() {
        if lost == nil { playWhenConnected = true }
        Log.info("no sound server: playback starts when one appears")
    }

    func handle(_ event: AudioOutputEvent) {
        switch event {
        case .routeChanged(let old, let new, let reason):
            routeChanged(old: old, new: new, reason: reason)
        case .corkRequested:
            interruption(.began(.corkRequest))
        case .uncorkRequested:
            interruption(.ended(.corkRequest))
        case .communicationStarted(let index):
            interruption(.began(.communicationStream(index)))
        case .communicationEnded(let index):
            interruption(.ended(.communicationStream(index)))
        case .serverLost:
            serverLost()
        case .serverReturned:
            serverReturned()
        case .movedToSink:
            break  // the route change that follows carries the details
        }
        publish()
    }

    private func publish() { for o in observers { o.routeUpdated(snapshot) } }

    /// The outputs changed (switched, or a Snapcast stream connected or lost its server).
    func setOutputs(_ outputs: [OutputDescription]) {
        guard outputs != snapshot.outputs else { return }
        snapshot.outputs = outputs
        publish()
    }

    private func routeChanged(old: AudioRoute?, new: AudioRoute?, reason: RouteChangeReason) {
        snapshot.route = new
        guard old != nil else { return }  // the first route is news for the property only
        // With no route the stream is already killed and the engine stopped: what counts is what it was doing
        // when the route went, which the event order tells.
        let playing = player.status == .playing || (new == nil && reportedState == .playing)
        let context = RoutePlaybackContext(
            isPlaying: playing || interruptions.resumeWhenEnded,
            pausedByRouteAt: pausedByRouteAt, now: Self.now(),
            otherOutputPlays: !(player.outputs?.list.enabledSnapcast.isEmpty ?? true))
        let decision = RoutePolicy.decide(old: old, new: new, reason: reason, options: options, context: context)
        Log.info("route: \(old?.sinkName ?? "none") → \(new?.sinkName ?? "none") (\(reason.rawValue)): \(decision)")
        switch decision {
        case .pause where new == nil && player.engine.state == .stopped:
            // The stream was killed with its sink (PulseAudio) and the engine stopped (the output reports the
            // route before the failure, under its lock): keep the place for the next Play.
            if let id = player.model.currentID, reportedState != .stopped {
                resumePoint = (id, max(0, player.engine.position))
                Log.info("no output left: Play continues \(resumePoint!.position / 1000) ms into the track")
            }
            _ = interruptions.handle(.cancelResume, isPlaying: false)
            pausedByRouteAt = Self.now()
        case .pause:
            if playing { player.engine.pause() } else { _ = interruptions.handle(.cancelResume, isPlaying: false) }
            pausedByRouteAt = Self.now()
        case .resume:
            if player.status == .paused { player.engine.resume() }
            pausedByRouteAt = nil
        case .keepPlaying:
            break
        }
        // The property before the signal, so a reader of the signal sees the new route.
        for o in observers { o.routeUpdated(snapshot) }
        for o in observers { o.routeChanged(old: old, new: new, reason: reason) }
    }

    private func interruption(_ event: InterruptionEvent) {
        let action = interruptions.handle(event, isPlaying: player.status == .playing)
        switch action {
        case .pause: player.engine.pause()
        case .resume: player.engine.resume()
        case .none: break
        }
        let wasInterrupted = snapshot.interrupted
        snapshot.interrupted = interruptions.isInterrupted
        guard wasInterrupted != snapshot.interrupted else { return }
        let source: String
        switch event {
        case .began(.corkRequest), .ended(.corkRequest): source = "cork-request"
        default: source = "call"
        }
        Log.info("interruption \(snapshot.interrupted ? "began" : "ended") (\(source)): \(action)")
        for o in observers { o.routeUpdated(snapshot) }
        for o in observers { o.interruption(began: snapshot.interrupted, source: source) }
    }

    private func serverLost() {
        snapshot.outputAvailable = false
        interruptions = InterruptionPolicy()
        snapshot.interrupted = false
        if let id = player.model.currentID, reportedState != .stopped {
            lost = (id, max(0, player.engine.position), reportedState == .playing)
            Log.info("sound server lost while \(reportedState); continuing when it returns")
        }
    }

    private func serverReturned() {
        snapshot.outputAvailable = true
        Log.info("sound server available")
        let lost = self.lost
        self.lost = nil
        if let lost, lost.entry == player.model.currentID, let entry = player.model.current,
            player.engine.state == .stopped
        {
            player.start(entry, at: lost.position, paused: !lost.playing)
        } else if playWhenConnected {
            player.play()
        }
        playWhenConnected = false
    }

    /// Whether an output error is the server going away (handled here, not a failure of the track).
    static func isServerLoss(_ error: PlaybackError) -> Bool {
        if case .output(let e) = error, e.kind == .disconnected || e.kind == .noServer { return true }
        return false
    }

    static func now() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1_000
    }
}
