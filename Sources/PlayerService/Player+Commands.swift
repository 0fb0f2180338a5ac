import MPRIS
import PlayerCore

/// MPRIS Player commands. Each ends with `publish()`, so one command gives one PropertiesChanged.
extension Player {
    func play() {
        guard let entry = model.current else { return }  // empty queue: nothing to do
        route?.userChoseState(wantsPlaying: true)
        if let route, !route.outputAvailable { return route.deferPlay() }
        switch status {
        case .playing: return
        case .paused where shouldRestartLive(entry):
            start(entry, at: 0, paused: false)  // a radio paused for long: live again, not the old buffer
        case .paused: engine.resume()
        case .stopped: start(entry, at: route?.takeResumePoint(for: entry.id) ?? 0, paused: false)
        }
        publish()
    }

    func pause() {
        route?.userChoseState(wantsPlaying: false)
        // A stream still connecting counts as playing: the pause holds once it has opened.
        guard status == .playing || (status != .paused && engine.isLoading) else { return }
        pausedAt = monotonicSeconds()
        engine.pause()
        publish()
    }

    func playPause() {
        status == .playing ? pause() : play()
    }

    func stop() {
        route?.userChoseState(wantsPlaying: nil)
        guard status != .stopped else { return }
        willJump()
        engine.stop()
        publish()
    }

    func next() {
        let skipped = model.currentID
        move(model.next(.user))
        // A consuming queue drops what Next skipped, as MPD does.
        if model.consumes, let skipped, skipped != model.currentID { consume(skipped) }
    }

    func previous() { move(model.previous()) }

    func seek(by offset: Int64) {
        // CanSeek false (a live stream, a server without byte ranges): "this has no effect" (MPRIS).
        guard status != .stopped, let id = model.currentID, details[id]?.isSeekable != false else { return }
        // Saturating: Seek(Int64.max) goes past the end (next track), Seek(Int64.min) to the start.
        let target = positionMicroseconds.addingSaturating(offset)
        if offset > 0, let length = details[id]?.durationMicroseconds, target >= length {
            // Past the end: the next track, or the end of the queue.
            let step = model.next(.user)
            if case .play = step { return move(step) }
            endQueue()
            return
        }
        willJump()
        engine.seek(toMicroseconds: max(0, target))
    }

    func setPosition(track: QueueEntryID, microseconds position: Int64) {
        guard track == model.currentID, status != .stopped, position >= 0, details[track]?.isSeekable != false else {
            return
        }
        if let length = details[track]?.durationMicroseconds, position > length { return }
        willJump()
        engine.seek(toMicroseconds: position)
    }

    func setLoopMode(_ mode: LoopMode) {
        _ = repeats.cancel()  // an explicit mode replaces a running repeat count
        mpdOneShotRepeat = false
        guard mode != model.loopMode else { publish(); return }
        model.loopMode = mode
        refreshNext()
        publish()
    }

    /// Stops (or no longer stops) playback at the natural end of the current entry (MPD's single without repeat).
    func setStopAfterCurrent(_ mode: PlayOrder.StopAfterCurrent) {
        guard mode != model.stopAfterCurrent, mode == .off || model.loopMode == .none else { return }
        model.stopAfterCurrent = mode
        refreshNext()
        publish()
    }

    func setShuffle(_ on: Bool) {
        guard on != model.isShuffled else { return }
        model.setShuffle(on)
        refreshNext()
        publish()
    }

    func setVolume(_ v: Double) {
        engine.setVolume(v)
        volume = v
        publish()
    }

    func setRate(_ r: Double) {
        engine.setRate(r)
        rate = engine.rate
        publish()
    }

    func quit() { notify { $0.playerQuitRequested() } }

    // MARK: - Helpers

    /// Tells the observers that the position is about to jump or the track to change (the listen tracker counts
    /// what was heard until now).
    func willJump() { notify { $0.playerWillJump(self) } }

    /// Plays (or loads paused) `entry` from `position`.
    func start(_ entry: QueueEntry, at position: Int64, paused: Bool) {
        if let route, !route.outputAvailable {
            if !paused { route.deferPlay() }
            return
        }
        willJump()
        // The entry already loaded again (GoTo of the current track, Previous on a one-track queue): a seek, so
        // clients hear of the jump (Seeked) and the stream keeps going; a restart would move Position silently.
        if engine.state != .stopped, !engine.isLoading, engine.currentItem?.id == item(entry).id,
            details[entry.id]?.isSeekable != false
        {
            sync.commandSeekedInPlace()
            engine.seek(toMicroseconds: position)
            if paused { engine.pause() } else { engine.resume() }
            return
        }
        sync.commandStarted(entry.id, paused: paused)
        streamStarting(entry)
        if paused {
            engine.load(item(entry), startMicroseconds: position)
        } else {
            engine.play(item(entry), startMicroseconds: position)
        }
    }

    /// After the queue's current entry moved by a command: the player keeps its status (spec: Next/Previous
    /// while paused or stopped stay that way).
    func move(_ step: PlayStep) {
        switch step {
        case .play:
            follow(wasPlaying: status == .playing, wasPaused: status == .paused)
        case .stop:
            willJump()
            engine.stop()
        case .repeatCurrent, .unavailable:
            return
        }
        publish()
    }

    /// Loads the (new) current entry in the status the player had.
    func follow(wasPlaying: Bool, wasPaused: Bool) {
        guard let entry = model.current else { engine.stop(); return }
        if wasPlaying { start(entry, at: 0, paused: false) } else if wasPaused { start(entry, at: 0, paused: true) }
    }

    /// LoopStatus None past the last track: stop at the first one.
    func endQueue() {
        willJump()
        model.next(.trackEnded)
        engine.stop()
        publish()
    }
}
