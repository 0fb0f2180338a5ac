/// When the engine has settled on what start-up asked of it, so the service may take its bus name (D-Bus
/// activation's first call then reads a loaded track, not a load under way).
///
/// Judged after each event is handled, from the engine's live state then: a track loaded (paused, or playing
/// for command-line paths) with nothing left opening, or a failed load with nothing else to open. The state
/// changes as soon as a load begins, so the end of a load is an event of its own (`.loaded`): a `stateChanged`
/// handled while the file still opened, with nothing after it until the first sample was heard, once held the
/// name for the gate's whole deadline.
public enum StartupSettling {
    public static func isSettled(after event: PlaybackEvent, isLoading: Bool, state: PlaybackState) -> Bool {
        switch event {
        case .stateChanged(let changed) where changed != .stopped: !isLoading
        case .loaded: !isLoading
        case .needsNext: !isLoading && state == .stopped
        default: false
        }
    }
}
