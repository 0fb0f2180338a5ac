import MPRIS
import PlayerCore

/// Balance and the track repeat count: Linnet's playback extension (`org.mpris.MediaPlayer2.linnet.Playback`).
extension Player: PlaybackExtrasControl {
    var extrasSnapshot: PlaybackExtrasSnapshot {
        PlaybackExtrasSnapshot(balance: balance, loopCount: repeats.remaining)
    }

    func setBalance(_ b: Double) {
        engine.setBalance(b)
        balance = engine.balance
        publish()
    }

    func setLoopCount(_ count: Int) {
        if count == 0 {
            if let restore = repeats.cancel() { model.loopMode = restore }
        } else if let current = model.currentID {
            model.loopMode = repeats.start(count, entry: current, currentMode: model.loopMode)
        }
        refreshNext()
        publish()
    }

    /// A repeat of `id` started: count it; when it was the last, the earlier loop mode returns and the queue goes on.
    func noteRepeat(of id: QueueEntryID) {
        guard let restore = repeats.trackStarted(id, isRepeat: true) else { return }
        model.loopMode = restore
        refreshNext()
    }
}
