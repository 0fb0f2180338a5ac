import PlayerCore

/// Why a player command was refused; `MPRISService` turns each case into a D-Bus error name.
public enum PlayerCommandError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A URI or path that cannot be parsed (→ InvalidArgs).
    case malformedURI(String)
    /// A URI scheme we do not play, e.g. http (→ NotSupported).
    case unsupportedScheme(String)
    /// Nothing playable there: missing, unreadable, not audio (→ …linnet.Error.CannotPlay).
    case cannotPlay(String)
    /// A track id that is not in the queue (→ …linnet.Error.UnknownTrack).
    case unknownTrack(QueueEntryID?)
    /// A property value outside what the player accepts (→ InvalidArgs).
    case invalidValue(String)

    public var description: String {
        switch self {
        case .malformedURI(let m): return m
        case .unsupportedScheme(let m): return m
        case .cannotPlay(let m): return m
        case .unknownTrack(let id): return "no track \(id.map { String($0.rawValue) } ?? "with that id") in the queue"
        case .invalidValue(let m): return m
        }
    }
}

/// The player as MPRIS drives it. Every method is called on the connection's queue, which must be the queue that
/// owns the player's state; after each command the player publishes a fresh snapshot (`MPRISService.update`).
@MainActor
public protocol PlayerControl: AnyObject, Sendable {
    func play()
    func pause()
    func playPause()
    func stop()
    func next()
    func previous()
    /// Moves by `offset` µs; before 0 clamps to 0, past the end goes to the next track.
    func seek(by offset: Int64)
    /// Moves to `position` µs in `track`; ignored when `track` is not the current entry or out of range.
    func setPosition(track: QueueEntryID, microseconds position: Int64)
    /// Plays what `uri` names (file, folder, playlist, stream) now: right after the current entry, the rest stays.
    func openURI(_ uri: String) throws(PlayerCommandError)
    func setLoopMode(_ mode: LoopMode)
    func setShuffle(_ on: Bool)
    func setVolume(_ volume: Double)
    /// Sets the playback rate (already checked against the snapshot's `rateRange`); the pitch is kept.
    func setRate(_ rate: Double)
    /// Saves and exits.
    func quit()
    /// What is heard now in the current track, µs (0 when stopped).
    var positionMicroseconds: Int64 { get }

    /// Adds `uri` after `after` (nil: at the start), optionally making it current and playing it.
    func addTrack(uri: String, after: QueueEntryID?, setAsCurrent: Bool) throws(PlayerCommandError)
    func removeTrack(_ id: QueueEntryID) throws(PlayerCommandError)
    func goTo(_ id: QueueEntryID) throws(PlayerCommandError)
    /// What is known about any queued entry, also outside the TrackList window (GetTracksMetadata); nil when
    /// `id` is not queued.
    func trackSnapshot(_ id: QueueEntryID) -> TrackSnapshot?
}

extension PlayerControl {
    /// Players without a window answer from the snapshot alone.
    public func trackSnapshot(_ id: QueueEntryID) -> TrackSnapshot? { nil }
}
