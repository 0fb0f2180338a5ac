/// Seeking and choosing the next item.
extension EngineCore {
    /// Seeks inside the track being heard (lock held).
    func seek(to target: Int64) {
        if pendingItem != nil {
            // Still opening: the seek is where it will start (a seek right after GoTo must not be lost, nor move the
            // track that is no longer heard).
            pendingStart = max(0, target)
            heldPosition = pendingStart
            holdPosition = true
            emit(.positionJumped(microseconds: pendingStart))
            return
        }
        reposition(to: target, announceJump: true)
    }

    /// Sets the playback rate (lock held). What is queued in the output was made at the old rate: it is dropped
    /// and the heard track is rendered again from the heard position, so the change is heard within one request
    /// (about 40 ms) and the position does not jump (no `.positionJumped`).
    func setRate(_ newRate: Double) {
        guard newRate != rate else { return }
        rate = newRate
        guard state != .stopped, let format = decoding?.format else { return }
        restartStretch(format: format)
        reposition(to: position(), announceJump: false)
    }

    /// Moves the heard track to `target` µs, dropping what is queued; `announceJump` emits `.positionJumped`.
    func reposition(to target: Int64, announceJump: Bool) {
        guard state != .stopped else { return }
        // The heard track, which may differ from the one being decoded near a boundary.
        guard let track = timeline.lastAnnounced?.track ?? timeline.segments.first?.track ?? decoding else { return }
        guard track.decoder.isSeekable else {
            emit(
                .error(
                    track.item,
                    .decode(
                        DecodeError(
                            .notSeekable, path: track.item.location,
                            message: "this source cannot seek"))))
            return
        }
        var clamped = max(0, target)
        if let duration = track.info.durationMicroseconds { clamped = min(clamped, duration) }
        let frame = track.format.frames(forMicroseconds: clamped)
        do throws(DecodeError) {
            try track.decoder.seek(toFrame: frame)
        } catch {
            emit(.error(track.item, .decode(error)))
            return
        }
        track.decodedFrame = frame
        track.atEnd = false
        // A next track that already started decoding must start over from its beginning.
        if let d = decoding, d !== track {
            rewindForNext(d)
        }
        if draining {
            // A drain toward end of queue or a format change is cancelled by the flush below.
            draining = false
        }
        decoding = track
        let wasAnnounced = timeline.lastAnnounced != nil
        output.flush()
        timeline.reset()
        timeline.beginSegment(track, trackFrame: frame, announced: wasAnnounced, rate: rate)
        restartStretch(format: track.format)
        heldPosition = clamped
        holdPosition = true
        if state == .playing { output.notify(whenHeard: 0) }
        if announceJump { emit(.positionJumped(microseconds: heldPosition)) }
        output.pump()
    }

    /// Puts a track that had started decoding back as the (not yet started) next one.
    private func rewindForNext(_ t: LoadedTrack) {
        guard t.decoder.isSeekable else {
            next = .notAsked
            return
        }
        do throws(DecodeError) {
            try t.decoder.seek(toFrame: 0)
            t.decodedFrame = 0
            t.atEnd = false
            next = .ready(t)
        } catch {
            next = .notAsked
        }
    }

    /// Sends `.needsNext(after:)` once per track (lock held).
    func askNext(after item: PlaybackItem) {
        next = .asked
        emit(.needsNext(after: item))
    }

    /// Asks early: `askAheadSeconds` before the end of the decoding track, or at its end when the length is unknown.
    func askNextIfDue(_ track: LoadedTrack) {
        guard case .notAsked = next else { return }
        let ahead = Int64(askAheadSeconds * Double(track.format.sampleRate))
        if track.atEnd || (track.remainingFrames.map { $0 <= ahead } ?? false) {
            askNext(after: track.item)
        }
    }

    /// The owner's answer to `.needsNext` (not under the lock).
    func setNext(_ item: PlaybackItem?) {
        let answer: (generation: UInt64, load: LoadCancellation)? = output.withLock {
            // An earlier answer being opened is replaced: its load must not hold the loader queue.
            nextLoad?.cancel()
            nextLoad = nil
            nextGeneration &+= 1
            guard let item else {
                next = .none
                // Nothing plays now (e.g. play() failed): the queue is over. Otherwise end when the track ends.
                if decoding == nil && pendingItem == nil {
                    emit(.endOfQueue)
                    closeAndStop()
                } else {
                    output.pump()
                }
                return nil
            }
            if decoding == nil && pendingItem == nil {
                // Nothing to be gapless with: this is a plain play.
                return nil
            }
            next = .loading(item)
            let load = LoadCancellation()
            nextLoad = load
            return (nextGeneration, load)
        }
        guard let item else { return }
        guard let (generation, load) = answer else {
            play(item, start: 0, paused: false)
            return
        }
        loader.async { [self] in
            guard !load.isCancelled else { return }
            let result = Result { () throws(DecodeError) in MonoUpmix.playable(try openDecoder(item, load)) }
            let handOff = result.map { decoder in
                watch(decoder)
                return TrackHandOff(track: LoadedTrack(item: item, decoder: decoder))
            }
            output.withLock {
                guard generation == nextGeneration else { return }
                nextLoad = nil
                switch handOff {
                case .success(let h):
                    next = .ready(h.track)
                case .failure(let error):
                    emit(.error(item, .decode(error)))
                    askNext(after: item)
                }
                output.pump()
            }
        }
    }
}

extension EngineCore {
    /// The output's stream was replaced under the engine (an output switch: same format, a new timeline from 0):
    /// renders again from `heardPosition`, or, for a source that cannot seek (a live stream), goes on from where
    /// decoding is. No `.positionJumped`: to the listener the track goes on.
    func outputRerouted(heardPosition: Int64) {
        guard state != .stopped, pendingItem == nil, let track = decoding, output.format != nil else { return }
        let heard = timeline.lastAnnounced?.track ?? timeline.segments.first?.track ?? track
        if heard.decoder.isSeekable { return reposition(to: heardPosition, announceJump: false) }
        dropNext()
        draining = false
        timeline.reset()
        timeline.beginSegment(track, trackFrame: track.decodedFrame, rate: rate)
        heldPosition = heardPosition
        holdPosition = true
        if state == .playing { output.notify(whenHeard: 0) }
        output.pump()
    }
}
