import LinnetCLI

/// What snapserver asks the player to do (`Plugin.Stream.Player.Control`'s commands).
public enum PlayerControl: Sendable, Equatable {
    case play, pause, playPause, stop, next, previous
    /// Move by this many seconds (negative: back).
    case seek(offsetSeconds: Double)
    /// Jump to this position in the current track, in seconds (0 or more).
    case setPosition(seconds: Double)
}

/// One property snapserver sets (`Plugin.Stream.Player.SetProperty`).
public enum PropertyChange: Sendable, Equatable {
    case loopStatus(LoopStatus)
    case shuffle(Bool)
    /// 0 … 100.
    case volume(percent: Int)
    case mute(Bool)
    /// Greater than 0.
    case rate(Double)
}

/// A request's method with its checked parameters.
public enum PluginCall: Sendable, Equatable {
    case control(PlayerControl)
    /// One or more properties, applied in the order given.
    case setProperties([PropertyChange])
    case getProperties
}
