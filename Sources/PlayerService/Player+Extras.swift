import MPRIS
import PlayerCore

/// Balance and the track repeat count: Linnet's playback extension (`org.mpris.MediaPlayer2.linnet.Playback`).
extension Player: PlaybackExtrasControl {
    var extrasSnapshot: PlaybackExtrasSnapshot {
        PlaybackExtrasSnapshot(
            balance: balance, loopCount: repeats.remaining, replayGainMode: replayGainMode,
            replayGainPreamp: replayGainPreamp)
    }

    func setBalance(_ b: Double) {
        engine.setBalance(b)
        balance = engine.balance
        publish()
    }

    func setLoopCount(_ count: Int) {
        mpdOneShotRepeat = false
        if count == 0 {
            if let restore = repeats.cancel() { model.loopMode = restore }
        } else if let current = model.currentID {
            model.loopMode = repeats.start(count, entry: current, currentMode: model.loopMode)
        }
        refreshNext()
        publish()
    }

    func setReplayGain(mode: ReplayGainMode, preampDB: Double) {
        replayGainMode = mode
        replayGainPreamp = preampDB
        publish()
    }

    /// Tells the engine which gain to apply: `auto` is the album gain while the queue plays in order and the
    /// current track's neighbour in the queue is from the same album, else the track gain.
    func applyReplayGain() {
        let useAlbum: Bool?
        switch replayGainMode {
        case .off: useAlbum = nil
        case .track: useAlbum = false
        case .album: useAlbum = true
        case .auto: useAlbum = !model.isShuffled && currentAlbumContinues
        }
        engine.setReplayGain(ReplayGainSettings(useAlbum: useAlbum, preampDB: replayGainPreamp))
    }

    private var currentAlbumContinues: Bool {
        guard let current = model.currentID, let i = model.entries.firstIndex(where: { $0.id == current }),
            let album = details[current]?.tags.album
        else { return false }
        let neighbours = [i - 1, i + 1].filter { model.entries.indices.contains($0) }
        return neighbours.contains { details[model.entries[$0].id]?.tags.album == album }
    }

    /// A repeat of `id` started: count it; when it was the last, the earlier loop mode returns and the queue goes on.
    func noteRepeat(of id: QueueEntryID) {
        guard let restore = repeats.trackStarted(id, isRepeat: true) else { return }
        model.loopMode = restore
        refreshNext()
    }
}
