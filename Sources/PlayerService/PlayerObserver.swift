import PlayerCore

/// Something that follows the player: told after every published change, and of what a snapshot cannot show (a
/// seek, a stream that failed, a request to quit). The bus interfaces, the state saver, the play counter, the
/// meters and the lyrics clock are observers; the player knows none of them by type.
@MainActor
protocol PlayerObserver: AnyObject {
    /// The player published a change: a command or an event changed the queue, the transport or what is known.
    func playerChanged(_ player: Player)
    /// What the now-playing extras (art, lyrics) say may have changed, also between publishes.
    func playerNowPlayingChanged(_ player: Player)
    /// The position jumped to `position` µs (Seek, SetPosition, a seek the engine finished).
    func playerSeeked(_ player: Player, toMicroseconds position: Int64)
    /// A network stream failed for good (its entry is skipped).
    func playerStreamFailed(uri: String, message: String)
    /// A client asked the player to quit (MPRIS `Quit`).
    func playerQuitRequested()
    /// The first sample of `entry` is heard now (a new play of it: also a repeat); told before the queue follows.
    func playerTrackStarted(_ player: Player, entry: QueueEntryID)
    /// The position is about to jump or the track to change by a command (what it reads now is the old track's).
    func playerWillJump(_ player: Player)
}

extension PlayerObserver {
    func playerChanged(_ player: Player) {}
    func playerNowPlayingChanged(_ player: Player) {}
    func playerSeeked(_ player: Player, toMicroseconds position: Int64) {}
    func playerStreamFailed(uri: String, message: String) {}
    func playerQuitRequested() {}
    func playerTrackStarted(_ player: Player, entry: QueueEntryID) {}
    func playerWillJump(_ player: Player) {}
}
