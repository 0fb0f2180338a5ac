import Dispatch

/// The engine's state machine. See the concurrency model at the top of PlaybackEngine.swift.
///
/// `@unchecked Sendable`: every stored `var` is only touched with the OUTPUT LOCK held (callbacks from the
/// output hold it; commands take it with `output.withLock`). `play`/`setNext` take it themselves.
final class EngineCore: AudioOutputClient, @unchecked Sendable {
    /// What the engine knows about the item after the current one.
    enum Next {
        /// Not asked yet (too early in the current track).
        case notAsked
        /// `.needsNext` sent, no answer yet.
        case asked
        /// The owner said nothing follows.
        case none
        /// Being opened on the loader queue.
        case loading(PlaybackItem)
        /// Opened, ready to be rendered right after the current track.
        case ready(LoadedTrack)
    }

    let output: any AudioOutput
    let openDecoder: PlaybackEngine.OpenCancellableDecoder
    let askAheadSeconds: Double
    let emit: @Sendable (PlaybackEvent) -> Void
    let makeStretcher: MakeTimeStretcher?
    let loader = DispatchQueue(label: "linnet.engine.loader")

    // --- state under the OUTPUT LOCK ---
    var state: PlaybackState = .stopped
    /// The track `render` decodes from (may already be the next one while the previous is still heard).
    var decoding: LoadedTrack?
    var next: Next = .notAsked
    var timeline = PlaybackTimeline<LoadedTrack>()
    /// Position to report while nothing of the current epoch is heard yet (after play/seek) or while paused.
    var heldPosition: Int64 = 0
    /// True while paused, or after play/seek until the first frame of the epoch is heard.
    var holdPosition = true
    /// Bumped by every play/stop so loads started earlier are dropped.
    var playGeneration: UInt64 = 0
    var nextGeneration: UInt64 = 0
    /// Set when play() was asked to start paused.
    var startPaused = false
    /// The stream is draining toward end of queue or toward a format change.
    var draining = false
    var volume: Double = 1.0
    var muted = false
    var balance: Double = 0
    /// The item the owner was last told is heard.
    var currentItem: PlaybackItem? { timeline.lastAnnounced?.track.item ?? pendingItem }
    /// The item being opened by play(), before it is heard.
    var pendingItem: PlaybackItem?
    /// Where the pending item starts, µs: its `play` start, or a seek made while it opens.
    var pendingStart: Int64 = 0
    /// The playback rate (1 = normal); audio goes through `stretch` only when it is not 1.
    var rate = 1.0
    /// The time stretcher and its buffers, made on the first use at a rate other than 1 (kept for its format).
    var stretch: StretchStage?
    /// ReplayGain as applied to newly decoded audio (off by default: bit-exact).
    var replayGain = ReplayGainSettings()
    /// Whether the pending item starts paused: `pause()` while it is still opening (a stream connecting) is
    /// honoured, so nothing is heard until `resume()`.
    var pendingPaused = false
    /// The load of `pendingItem` and the one of `next` (`.loading`), cancelled when something supersedes them.
    var pendingLoad: LoadCancellation?
    var nextLoad: LoadCancellation?

    init(
        output: any AudioOutput, openDecoder: @escaping PlaybackEngine.OpenCancellableDecoder, askAheadSeconds: Double,
        makeStretcher: MakeTimeStretcher?, emit: @escaping @Sendable (PlaybackEvent) -> Void
    ) {
        self.output = output
        self.openDecoder = openDecoder
        self.askAheadSeconds = askAheadSeconds
        self.makeStretcher = makeStretcher
        self.emit = emit
    }

    // MARK: commands (called with the lock held unless noted)

    /// Not under the lock: opens on the loader queue, then installs under the lock.
    func play(_ item: PlaybackItem, start: Int64, paused: Bool) {
        let (generation, load): (UInt64, LoadCancellation) = output.withLock {
            playGeneration &+= 1
            pendingLoad?.cancel()
            let load = LoadCancellation()
            pendingLoad = load
            pendingItem = item
            pendingStart = max(0, start)
            pendingPaused = paused
            dropHeard(corked: paused)
            // From now on the position is the new item's: its start until its first frame is heard.
            heldPosition = max(0, start)
            holdPosition = true
            // What the user asked for, from now on: connecting and buffering are part of playing (or pausing).
            setState(paused ? .paused : .playing)
            return (playGeneration, load)
        }
        loader.async { [self] in
            // Superseded while it waited behind another load: not even started.
            guard !load.isCancelled else { return }
            let result = Result { () throws(DecodeError) in MonoUpmix.playable(try openDecoder(item, load)) }
            output.withLock {
                guard generation == playGeneration else { return }
                pendingLoad = nil
                switch result {
                case .success(let decoder):
                    watch(decoder)
                    install(LoadedTrack(item: item, decoder: decoder), start: pendingStart, paused: pendingPaused)
                    emit(.loaded(item))
                case .failure(let error):
                    pendingItem = nil
                    emit(.error(item, .decode(error)))
                    closeAndStop()
                    askNext(after: item)
                }
            }
        }
    }

    /// Makes `track` the only thing in the output, starting at `start` µs.
    func install(_ track: LoadedTrack, start: Int64, paused: Bool) {
        pendingItem = nil
        var frame: Int64 = 0
        if start > 0 {
            frame = track.format.frames(forMicroseconds: start)
            if let total = track.decoder.totalFrames { frame = min(frame, total) }
            do throws(DecodeError) {
                try track.decoder.seek(toFrame: frame)
            } catch {
                emit(.error(track.item, .decode(error)))
                frame = 0
            }
        }
        track.decodedFrame = frame
        track.atEnd = false
        dropNext()
        draining = false
        if output.format == track.format {
            // Same sample spec: keep the stream (and the sink the user may have moved it to); drop what is queued.
            output.flush()
            output.updateProperties(track.streamProperties)
            output.setCorked(paused)
        } else {
            do throws(AudioOutputError) {
                try output.open(format: track.format, properties: track.streamProperties, corked: paused)
            } catch {
                emit(.error(track.item, .output(error)))
                closeAndStop()
                return
            }
        }
        timeline.reset()
        timeline.beginSegment(track, trackFrame: frame, rate: rate)
        restartStretch(format: track.format)
        decoding = track
        heldPosition = track.format.microseconds(forFrames: frame)
        holdPosition = true
        // Marks are armed only while playing; `resume` arms it for a paused load.
        if !paused { output.notify(whenHeard: 0) } else { output.notify(whenHeard: nil) }
        setState(paused ? .paused : .playing)
        output.pump()
    }

    func pause() {
        if pendingItem != nil {
            // Still opening (a stream connecting; nothing else is heard meanwhile): it will start paused.
            guard !pendingPaused else { return }
            pendingPaused = true
            if output.format != nil { output.setCorked(true) }
            return setState(.paused)
        }
        guard state == .playing else { return }
        heldPosition = position()
        holdPosition = true
        output.setCorked(true)
        output.notify(whenHeard: nil)
        setState(.paused)
    }

    func resume() {
        if pendingItem != nil {
            guard pendingPaused else { return }
            pendingPaused = false
            // The empty stream runs again: it keeps the sink at our latency for the track to come.
            if output.format != nil { output.setCorked(false) }
            return setState(.playing)
        }
        guard state == .paused, output.format != nil else { return }
        output.setCorked(false)
        // Position follows the stream again, unless nothing of this epoch was heard yet (then the mark releases it).
        if timeline.lastAnnounced != nil { holdPosition = false }
        if let start = timeline.nextUnannouncedStart { output.notify(whenHeard: start) }
        setState(.playing)
    }

    /// A network decoder wakes the output when audio arrives after it ran dry.
    func watch(_ decoder: any Decoder) {
        guard let streaming = decoder as? any StreamingDecoder else { return }
        let output = self.output
        streaming.setDataAvailableHandler { [weak output] in output?.withLock { output?.pump() } }
    }

    func stop() {
        playGeneration &+= 1
        pendingLoad?.cancel()
        pendingLoad = nil
        pendingItem = nil
        closeAndStop()
    }

    /// Stops rendering what plays now because another item replaces it: nothing more of the old track is heard,
    /// and dropping it (and a next one) releases their decoders, which closes a stream's connection and ends its
    /// decode thread. The output stays open (the sink the user chose is kept) and is flushed; it runs empty
    /// unless the new item starts paused, as a running input keeps the sink at our latency for the new track
    /// (see `PulseAudioOutput.retire`).
    func dropHeard(corked: Bool) {
        dropNext()
        output.notify(whenHeard: nil)
        timeline.reset()
        decoding = nil
        draining = false
        guard output.format != nil else { return }
        output.flush()
        output.setCorked(corked)
    }

    /// Forgets the next item: a load of it is cancelled, a late answer from the loader dropped.
    func dropNext() {
        nextLoad?.cancel()
        nextLoad = nil
        nextGeneration &+= 1
        next = .notAsked
    }

    /// Closes the output and forgets everything; announces `.stateChanged(.stopped)`.
    func closeAndStop() {
        output.notify(whenHeard: nil)
        output.close()
        timeline.reset()
        decoding = nil
        dropNext()
        draining = false
        heldPosition = 0
        holdPosition = true
        setState(.stopped)
    }

    func setVolume(_ v: Double) {
        volume = max(0, v)
        output.setVolume(volume)
    }

    func setBalance(_ b: Double) {
        balance = b
        output.setBalance(b)
    }

    func setMuted(_ m: Bool) {
        muted = m
        output.setMuted(m)
    }

    func setState(_ s: PlaybackState) {
        guard s != state else { return }
        state = s
        emit(.stateChanged(s))
    }

    /// Position in µs inside the track being heard.
    func position() -> Int64 {
        if holdPosition { return heldPosition }
        guard let heard = output.heardFrame(), let (segment, frame) = timeline.trackFrame(at: heard) else {
            return heldPosition
        }
        return segment.track.format.microseconds(forFrames: max(0, frame))
    }
}
