/// Something that interrupts playback.
public enum InterruptionSource: Sendable, Hashable, Codable {
    /// The server asked our stream to cork (`PA_STREAM_EVENT_REQUEST_CORK`, module-role-cork).
    case corkRequest
    /// A communication stream (call) on our output, by its sink-input index (the self-watching path, needed on
    /// PipeWire, which never sends cork requests).
    case communicationStream(UInt32)
}

/// An event the interruption bookkeeping reacts to.
public enum InterruptionEvent: Sendable, Hashable {
    case began(InterruptionSource)
    case ended(InterruptionSource)
    /// The user pressed play, pause, play-pause or stop (any explicit choice cancels a pending resume).
    case userChoseState
    /// Something else decided playback must not come back by itself — typically the route policy said `.pause`
    /// while we were interrupted (headphones unplugged during a call): the call's end must not resume on speakers.
    case cancelResume
}

/// What to do after an interruption event.
public enum InterruptionAction: Sendable, Hashable {
    case none
    /// Pause: an interruption began while playing.
    case pause
    /// Resume: the last interruption ended, we were playing when it began and the user chose nothing since.
    case resume
}

/// Pure bookkeeping of interruptions: cork while playing → pause and remember; uncork → resume only if
/// it was playing when interrupted and the user has not paused or played since. Several sources may overlap
/// (on PulseAudio with module-role-cork, one call gives both a cork request and a communication stream): the
/// interruption lasts until the last one ends, and pauses/resumes once.
public struct InterruptionPolicy: Sendable, Hashable {
    /// Sources currently interrupting.
    public private(set) var active: Set<InterruptionSource> = []
    /// Whether ending the interruption should resume playback.
    public private(set) var resumeWhenEnded = false

    public init() {}

    /// Whether an interruption is in progress (for PlaybackStatus reporting and the route/interruption signal).
    public var isInterrupted: Bool { !active.isEmpty }

    /// Feeds one event; `isPlaying` is the player's state just before the event.
    public mutating func handle(_ event: InterruptionEvent, isPlaying: Bool) -> InterruptionAction {
        switch event {
        case .began(let source):
            let wasInterrupted = isInterrupted
            guard active.insert(source).inserted else { return .none }
            if !wasInterrupted || isPlaying {
                // A first interruption, or the user resumed during one and another source arrived.
                guard isPlaying else { return .none }
                resumeWhenEnded = true
                return .pause
            }
            return .none
        case .ended(let source):
            guard active.remove(source) != nil, active.isEmpty else { return .none }
            defer { resumeWhenEnded = false }
            return resumeWhenEnded && !isPlaying ? .resume : .none
        case .userChoseState, .cancelResume:
            resumeWhenEnded = false
            return .none
        }
    }
}

/// Classifies other streams by their properties, to find calls on our output.
public enum StreamRole {
    /// True for a communication (call) stream:
    /// - `media.role` `phone` — PulseAudio's role for calls, the trigger of module-role-cork;
    /// - `media.role` `Communication` (any case) — PipeWire's and WirePlumber's name for the same role
    ///   (pipewire-pulse also maps PulseAudio's `phone` to it).
    /// `media.category` is deliberately not used on its own: PipeWire sets it to Playback/Capture/Duplex/Monitor/
    /// Manager, which says how a stream flows, not that it is a call (a DAW's duplex stream is not a call).
    /// Our own stream (`media.role=music`) is never a communication stream.
    public static func isCommunication(_ properties: [String: String]) -> Bool {
        guard let role = properties["media.role"]?.lowercased() else { return false }
        return role == "phone" || role == "communication"
    }
}
