import MPRIS

// How each bus interface and controller follows the player: what it reads from it and when.

extension MPRISService: PlayerObserver {
    func playerChanged(_ player: Player) { update(player.snapshot()) }
    func playerSeeked(_ player: Player, toMicroseconds position: Int64) { seeked(toMicroseconds: position) }
}

extension LinnetPlaybackService: PlayerObserver {
    func playerChanged(_ player: Player) { update(player.extrasSnapshot) }
}

extension LinnetStreamService: PlayerObserver {
    func playerChanged(_ player: Player) { update(player.streamSnapshot()) }
    func playerStreamFailed(uri: String, message: String) { streamError(uri: uri, message: message) }
}

extension LinnetQueueService: PlayerObserver {
    func playerChanged(_ player: Player) { update(player.queueSnapshot) }
}

extension MeterController: PlayerObserver {
    func playerChanged(_ player: Player) { playerStateChanged(playing: player.status == .playing) }
}

extension StatePersistence: PlayerObserver {
    func playerChanged(_ player: Player) { noteChange(player.persistentState()) }
    func playerSeeked(_ player: Player, toMicroseconds position: Int64) { noteJump() }
}

extension LyricsController: PlayerObserver {
    func playerNowPlayingChanged(_ player: Player) {
        let current = player.model.currentID
        refresh(
            entry: current, lyrics: current.flatMap { player.extras[$0]?.lyrics },
            durationMicroseconds: current.flatMap { player.details[$0]?.durationMicroseconds },
            status: player.status)
    }
}
