/// User settings for the route policy.
public struct RoutePolicyOptions: Sendable, Hashable, Codable {
    /// Resume when a private output comes back after a route change paused us (off by default, as on phones).
    public var autoResume: Bool
    /// How long after the pause an automatic resume is still allowed, in microseconds.
    public var autoResumeWindowMicroseconds: Int64
    /// Pause also when the user deliberately moves the stream from a private to a public output (reason
    /// `.override`, e.g. in pavucontrol). On by default: the issue asks to pause on every private → public move,
    /// and the server cannot tell a user's move from a policy module's. Off gives iOS's behaviour (honour the choice).
    public var pauseOnOverride: Bool

    public init(
        autoResume: Bool = false, autoResumeWindowMicroseconds: Int64 = 60_000_000, pauseOnOverride: Bool = true
    ) {
        self.autoResume = autoResume
        self.autoResumeWindowMicroseconds = autoResumeWindowMicroseconds
        self.pauseOnOverride = pauseOnOverride
    }
}

/// The player's situation when the route changes.
public struct RoutePlaybackContext: Sendable, Hashable {
    /// Whether audio is playing right now — or would be: pass true also while an interruption is going to resume
    /// playback (`InterruptionPolicy.resumeWhenEnded`), and on `.pause` send it `.cancelResume` instead of pausing.
    public var isPlaying: Bool
    /// When (monotonic µs) a route change last paused playback, if the user has not played/paused since.
    /// The service clears this on any user play/pause/stop.
    public var pausedByRouteAt: Int64?
    /// Now, on the same monotonic clock.
    public var now: Int64
    /// Another output (a Snapcast stream) plays on whatever happens to this sink: a route change here never
    /// pauses the rooms.
    public var otherOutputPlays: Bool

    public init(isPlaying: Bool, pausedByRouteAt: Int64? = nil, now: Int64 = 0, otherOutputPlays: Bool = false) {
        self.isPlaying = isPlaying
        self.pausedByRouteAt = pausedByRouteAt
        self.now = now
        self.otherOutputPlays = otherOutputPlays
    }

    /// Playing, with no earlier route pause.
    public static let playing = RoutePlaybackContext(isPlaying: true)
}

/// What to do about a route change.
public enum RouteDecision: Sendable, Hashable {
    /// Pause (and remember the time, for a possible auto-resume).
    case pause
    /// Change nothing (keep playing, or stay paused).
    case keepPlaying
    /// Resume: auto-resume is on, a private output is back within the window after a route pause.
    case resume
}

/// The pure route decision: pause when sound would move from a private output to a public one (or to none).
///
/// Rules, in order:
/// 1. No change of device (same sink and port, or only an availability reported as unknown) → keep.
/// 2. The old route's port was unplugged and the new route is the same port still unplugged → treat as "none".
/// 3. Playing while another output (a Snapcast stream) plays too → keep: the rooms go on.
///    Playing and no output left → pause. Playing, leaving a private (or unknown) output for a public
///    (or unknown) one → pause. Playing, and the network sink we played on went away (a tunnel, RTP, RAOP or
///    ROC sink: `.oldDeviceUnavailable`) → pause, as for an unplug: the listener is in another room.
///    Unknown counts as private when leaving it and public when arriving (the conservative reading: never
///    suddenly play out loud). `.override` moves obey `options.pauseOnOverride`.
/// 4. Paused by a route change, auto-resume on, arriving on a private output within the window → resume.
/// 5. Otherwise keep (public → private, public → public, private → private).
public enum RoutePolicy {
    public static func decide(
        old: AudioRoute?, new: AudioRoute?, reason: RouteChangeReason,
        options: RoutePolicyOptions = RoutePolicyOptions(),
        context: RoutePlaybackContext = .playing
    ) -> RouteDecision {
        let effectiveNew = (new?.isPortUnplugged ?? true) ? nil : new
        let effectiveOld = (old?.isPortUnplugged ?? true) ? nil : old
        if let o = old, let n = new, !changed(o, n) { return .keepPlaying }

        if context.isPlaying {
            guard let old else { return .keepPlaying }  // nothing was heard anywhere before
            if context.otherOutputPlays { return .keepPlaying }
            // Nowhere left to play (sink gone, jack unplugged without another port): pause whatever it was, so the
            // position is kept and nothing resumes by surprise. (A sound server that dies is not a route change:
            // the service reconnects and continues.)
            guard let to = effectiveNew else { return .pause }
            if old.kind == .network && reason == .oldDeviceUnavailable { return .pause }
            let leavingPrivate = (effectiveOld ?? old).kind.privacy != .public
            let arrivingPublic = to.kind.privacy != .private
            guard leavingPrivate && arrivingPublic else { return .keepPlaying }
            return reason == .override && !options.pauseOnOverride ? .keepPlaying : .pause
        }

        if options.autoResume, let pausedAt = context.pausedByRouteAt, let to = effectiveNew,
            to.kind.privacy == .private, context.now - pausedAt <= options.autoResumeWindowMicroseconds,
            context.now >= pausedAt, reason != .routeConfigurationChange
        {
            return .resume
        }
        return .keepPlaying
    }

    /// Whether two routes differ in a way that matters (a new availability of `.unknown` counts as unchanged).
    static func changed(_ a: AudioRoute, _ b: AudioRoute) -> Bool {
        if a.sinkName != b.sinkName || a.port?.name != b.port?.name { return true }
        if a.kind != b.kind { return true }
        let x = a.port?.availability ?? .unknown, y = b.port?.availability ?? .unknown
        return y != .unknown && x != y
    }
}
