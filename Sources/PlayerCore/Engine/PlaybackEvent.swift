/// The engine's transport state, as the owner should show it (MPRIS PlaybackStatus).
public enum PlaybackState: Sendable, Hashable {
    case stopped
    case playing
    case paused
}

/// Why playback of an item (or the output) failed.
public enum PlaybackError: Error, Sendable, CustomStringConvertible {
    /// The item could not be opened or decoded.
    case decode(DecodeError)
    /// The sound server refused or lost the stream.
    case output(AudioOutputError)

    public var description: String {
        switch self {
        case .decode(let e): return "decode error: \(e)"
        case .output(let e): return "output error: \(e)"
        }
    }
}

/// Something the engine tells its owner; delivered in order on the owner's queue.
public enum PlaybackEvent: Sendable {
    /// The transport state changed (also sent when the owner's own command caused it).
    case stateChanged(PlaybackState)
    /// `item`, which `play` asked for, is open and installed: the engine no longer loads it (`isLoading` is false
    /// until the next `play`); its stream connects now. After a failed open the engine is stopped.
    case loaded(PlaybackItem)
    /// The first sample of `item` is being heard now.
    case trackStarted(PlaybackItem, TrackInfo)
    /// The last sample of `item` was heard (or it was cut short by an error); not sent on stop or on a new `play`.
    case trackFinished(PlaybackItem)
    /// The last item finished and the owner had no next one; the state is now `.stopped`.
    case endOfQueue
    /// The position jumped (seek, or a new track started by command) to this many microseconds (MPRIS `Seeked`).
    case positionJumped(microseconds: Int64)
    /// The engine wants to know what plays after `item` (call `setNext(_:)`, with nil for "nothing").
    case needsNext(after: PlaybackItem)
    /// Volume (1.0 = 100% as pavucontrol shows it) changed outside Linnet (pavucontrol, pactl).
    case volumeChanged(Double)
    /// Mute changed outside Linnet.
    case muteChanged(Bool)
    /// Left/right balance (−1 … 1) changed outside Linnet (pavucontrol, pactl).
    case balanceChanged(Double)
    /// Playing `item` failed (nil item: the output itself failed); the engine moves on to the next item if any.
    case error(PlaybackItem?, PlaybackError)
    /// The stream ran dry; `count` is the total since the engine was created.
    case underrun(count: Int)
    /// Something the output reports that the owner's policies decide about (interruptions, route, server).
    case output(AudioOutputEvent)
}
