/// The output-facing side: rendering, track boundaries, what is heard. Always called with the lock held,
/// on the output thread.
extension EngineCore {
    func render(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard state != .stopped, !draining, var track = decoding, let format = output.format else { return 0 }
        if rate != 1, let stage = stretch, stage.format == format {
            return renderStretched(into: buffer, track: track, format: format, stage)
        }
        let bpf = format.bytesPerFrame
        let usable = buffer.count - buffer.count % bpf
        var filled = 0
        while filled < usable {
            if track.atEnd {
                guard let following = advance(from: track, format: format) else { break }
                track = following
                continue
            }
            let chunk = UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<usable])
            let n: Int
            do throws(DecodeError) {
                n = try track.decoder.read(into: chunk)
            } catch {
                emit(.error(track.item, .decode(error)))
                track.atEnd = true
                askNextIfDue(track)
                continue
            }
            if n == 0 {
                // A network stream with nothing buffered yet: not the end; the decoder wakes us (`watch`).
                if let streaming = track.decoder as? any StreamingDecoder, streaming.isWaitingForData { break }
                track.atEnd = true
                askNextIfDue(track)
                continue
            }
            precondition(n % bpf == 0 && n <= chunk.count, "decoder returned a partial frame or overran its buffer")
            applyReplayGain(track, UnsafeMutableRawBufferPointer(rebasing: chunk[0..<n]), format)
            filled += n
            track.decodedFrame += Int64(n / bpf)
            timeline.advance(by: Int64(n / bpf))
            askNextIfDue(track)
        }
        return filled
    }

    /// At the end of `track`: switches to the next one when it can share the stream, or starts the drain
    /// (end of queue, or a format change). Returns the track to keep rendering from, nil to stop for now.
    func advance(from track: LoadedTrack, format: AudioFormat) -> LoadedTrack? {
        switch next {
        case .ready(let following) where following.format == format:
            // Gapless: the next track's first frame follows the last frame of this one in the same stream.
            next = .notAsked
            decoding = following
            timeline.beginSegment(following, trackFrame: following.decodedFrame, rate: rate)
            output.updateProperties(following.streamProperties)
            armMark()
            return following
        case .ready, .none:
            // Format change or end of queue: let everything written be heard, then continue in `drained`.
            draining = true
            output.drain { [weak self] in self?.drained() }
            return nil
        case .notAsked:
            askNext(after: track.item)
            return nil
        case .asked, .loading:
            // Waiting for the owner or the loader; `pump` restarts rendering when the answer arrives.
            return nil
        }
    }

    /// Everything written was heard: the queue ended, or the next track needs a stream of another format.
    private func drained() {
        guard draining else { return }
        draining = false
        announceHeard(upTo: Int64.max)
        if let last = timeline.lastAnnounced?.track.item { emit(.trackFinished(last)) }
        if case .ready(let following) = next {
            // Re-open at the boundary. Cost: the drain waits until the server has played everything, then a new
            // stream is created and prebuffered and passes through the sink's latency: a gap of about one sink
            // latency plus a round trip (measured 25 ms of silence on a null sink, 44.1 → 48 kHz).
            let paused = state == .paused
            next = .notAsked
            install(following, start: 0, paused: paused)
            markStartedOnceHeard()
        } else {
            emit(.endOfQueue)
            closeAndStop()
        }
    }

    /// After a re-open at a boundary the new track is announced by the mark at frame 0 as usual.
    private func markStartedOnceHeard() {
        holdPosition = true
        heldPosition = 0
    }

    /// Arms the output's mark at the next unannounced boundary (only while playing).
    func armMark() {
        guard state == .playing else { return }
        output.notify(whenHeard: timeline.nextUnannouncedStart)
    }

    func outputReachedMark() {
        guard let heard = output.heardFrame() else { return }
        announceHeard(upTo: heard)
        armMark()
    }

    /// Tells the owner about every boundary heard up to `heard`.
    private func announceHeard(upTo heard: Int64) {
        let previous = timeline.lastAnnounced?.track
        let newly = timeline.announce(upTo: heard)
        guard !newly.isEmpty || holdPosition else { return }
        if !newly.isEmpty || heard >= 0 { if state == .playing { holdPosition = false } }
        var before = previous
        for segment in newly where segment.track !== before {
            if let before { emit(.trackFinished(before.item)) }
            emit(.trackStarted(segment.track.item, segment.track.info))
            before = segment.track
        }
    }

    func outputDidUnderrun() {
        // Nothing to render while a new item opens (the stream runs empty on purpose): not an underrun.
        guard state == .playing, !draining, decoding != nil else { return }
        // Running dry while the owner has not yet answered `.needsNext` at the end of a track is a pause
        // between tracks (the owner was slow), not an underrun of the buffer sizing.
        if decoding?.atEnd == true {
            switch next {
            case .asked, .loading, .notAsked: return
            case .none, .ready: break
            }
        }
        emit(.underrun(count: output.underrunCount))
    }

    func outputVolumeChanged(volume newVolume: Double, muted newMuted: Bool) {
        if abs(newVolume - volume) > 0.0005 {
            volume = newVolume
            emit(.volumeChanged(newVolume))
        }
        if newMuted != muted {
            muted = newMuted
            emit(.muteChanged(newMuted))
        }
    }

    func outputBalanceChanged(_ newBalance: Double) {
        guard abs(newBalance - balance) > 0.005 else { return }
        balance = newBalance
        emit(.balanceChanged(newBalance))
    }

    func outputFailed(_ error: AudioOutputError) {
        let item = timeline.lastAnnounced?.track.item ?? decoding?.item
        emit(.error(item, .output(error)))
        // Keep where we were so the owner can play again from here after a reconnect.
        let position = position()
        closeAndStop()
        heldPosition = position
    }

    func outputEvent(_ event: AudioOutputEvent) {
        emit(.output(event))
    }
}
