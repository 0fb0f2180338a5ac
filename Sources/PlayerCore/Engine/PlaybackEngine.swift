import Dispatch

// CONCURRENCY MODEL (read this first)
//
// Threads:
//  - The OUTPUT THREAD (for PulseOutput: the pa_threaded_mainloop thread) calls the engine's `EngineCore`
//    as an `AudioOutputClient` — `render` on every write request of the stream, `outputReachedMark` when a
//    track boundary is heard, volume/underrun/failure notifications. It holds the OUTPUT LOCK (the mainloop
//    lock) during every such call. Decoding happens right there, inside `render`, straight into the stream's
//    own buffer (pa_stream_begin_write): no intermediate copy, no extra thread, bounded by the request size.
//  - The OWNER (e.g. the MPRIS service on its serial queue) calls `PlaybackEngine`'s commands from any thread.
//    Each command takes the OUTPUT LOCK (`output.withLock`) for a short critical section; nothing in it blocks
//    on the server (libpulse calls there are asynchronous).
//  - The LOADER QUEUE (a private serial DispatchQueue) opens decoders (file I/O, header parsing) off the output
//    thread, then hands the opened track in under the OUTPUT LOCK; a generation counter drops stale loads.
//    Each load carries a `LoadCancellation` that a newer play/stop cancels, so an open blocked on the network
//    fails at once instead of holding the (serial) queue for the loads behind it.
//  - EVENTS go up through `eventQueue.async` (the queue the owner gave), enqueued while the lock is held, so
//    they arrive in the order they happened; the owner's handler never runs under the lock.
//
// State: ALL mutable engine state lives in `EngineCore` and is only touched with the OUTPUT LOCK held.
// C callbacks reach Swift in the Pulse wrapper through Unmanaged trampolines and arrive here already
// under the lock. No sleeps, no timers: a mark (`notify(whenHeard:)`) is armed only while playing.

/// Plays a sequence of items through an `AudioOutput`, gaplessly, reporting what is heard.
///
/// Usage: create it with an output, an `openDecoder` closure, and an event queue + handler; `play(_:)` an item;
/// answer `.needsNext(after:)` with `setNext(_:)` (nil when the queue is done).
public final class PlaybackEngine: Sendable {
    /// Opens an item for decoding; runs on the engine's loader queue.
    public typealias OpenDecoder = @Sendable (PlaybackItem) throws(DecodeError) -> any Decoder
    /// Opens an item for decoding on the loader queue; an open that blocks (a connect, a slow read) registers
    /// with the `LoadCancellation` how to wake it, and the engine cancels it when a newer play or stop comes.
    public typealias OpenCancellableDecoder =
        @Sendable (PlaybackItem, LoadCancellation) throws(DecodeError) -> any Decoder

    private let core: EngineCore
    private let output: any AudioOutput

    /// - Parameters:
    ///   - output: the sound output (e.g. `PulseOutput`); the engine becomes its only client.
    ///   - openDecoder: opens an item; the engine never names a decoder type.
    ///   - askAheadSeconds: how long before a track's end the owner is asked for the next item.
    ///   - makeStretcher: makes the time stretcher for rates other than 1.0 (nil: the rate stays 1.0).
    ///   - eventQueue: where `onEvent` runs (the owner's serial queue).
    public convenience init(
        output: any AudioOutput, openDecoder: @escaping OpenDecoder, askAheadSeconds: Double = 5,
        makeStretcher: MakeTimeStretcher? = nil,
        eventQueue: DispatchQueue, onEvent: @escaping @Sendable (PlaybackEvent) -> Void
    ) {
        self.init(
            output: output, openDecoder: { item, _ throws(DecodeError) in try openDecoder(item) },
            askAheadSeconds: askAheadSeconds, makeStretcher: makeStretcher, eventQueue: eventQueue,
            onEvent: onEvent)
    }

    /// The same, with an `openDecoder` that can be cancelled (network streams).
    public init(
        output: any AudioOutput, openDecoder: @escaping OpenCancellableDecoder, askAheadSeconds: Double = 5,
        makeStretcher: MakeTimeStretcher? = nil,
        eventQueue: DispatchQueue, onEvent: @escaping @Sendable (PlaybackEvent) -> Void
    ) {
        self.output = output
        self.core = EngineCore(
            output: output, openDecoder: openDecoder, askAheadSeconds: askAheadSeconds,
            makeStretcher: makeStretcher, emit: { event in eventQueue.async { onEvent(event) } })
        output.withLock { output.setClient(core) }
    }

    /// Opens `item` and plays it from `startMicroseconds`, replacing whatever plays now: the old track stops at
    /// once (it is not heard while the new one opens; its decoder and connection are released) and the state is
    /// Playing from now on, also while the item connects and buffers.
    /// Failure to open is reported as `.error(item, …)` followed by `.needsNext(after: item)`.
    public func play(_ item: PlaybackItem, startMicroseconds: Int64 = 0) {
        core.play(item, start: startMicroseconds, paused: false)
    }

    /// Opens `item` ready to play from `startMicroseconds` but paused (e.g. restoring a session); what played
    /// stops at once, and the state is Paused from now on.
    public func load(_ item: PlaybackItem, startMicroseconds: Int64 = 0) {
        core.play(item, start: startMicroseconds, paused: true)
    }

    /// Pauses (cork); what is heard stops at once and `position` freezes.
    public func pause() { output.withLock { core.pause() } }

    /// Resumes after `pause` (uncork).
    public func resume() { output.withLock { core.resume() } }

    /// Stops, closes the stream and forgets the current and next items (a load under way is cancelled).
    public func stop() { output.withLock { core.stop() } }

    /// Moves within the track being heard; reported back as `.positionJumped`.
    /// Out-of-range targets are clamped to the track; unseekable tracks report an error.
    public func seek(toMicroseconds target: Int64) { output.withLock { core.seek(to: target) } }

    /// Runs `change` under the output lock — an output switch that replaces the output's stream — and carries on
    /// from the position heard before it.
    public func reroute(_ change: () -> Void) {
        output.withLock {
            let heard = core.position()
            change()
            core.outputRerouted(heardPosition: heard)
        }
    }

    /// Sets the stream's volume (1.0 = 100% in pavucontrol; values above 1 amplify).
    public func setVolume(_ volume: Double) { output.withLock { core.setVolume(volume) } }

    /// Sets the playback rate, clamped to `PlaybackRate.minimum…maximum`; the pitch is kept. At 1.0 the audio is
    /// not processed at all. Without a stretcher (none given, or none for the format) the rate stays 1.0.
    public func setRate(_ rate: Double) {
        guard let r = PlaybackRate.clamped(rate) else { return }
        output.withLock { core.setRate(core.makeStretcher == nil ? 1 : r) }
    }

    /// Sets how ReplayGain is applied to audio decoded from now on (what is already queued, about 250 ms, keeps
    /// the gain it was decoded with).
    public func setReplayGain(_ settings: ReplayGainSettings) { output.withLock { core.replayGain = settings } }

    /// The playback rate.
    public var rate: Double { output.withLock { core.rate } }

    /// Sets the left/right balance, clamped to −1 (left only) … 1 (right only), as the stream's per-channel volume.
    /// Mono tracks are played as stereo (`MonoUpmix`), so it applies to them too.
    public func setBalance(_ balance: Double) {
        guard balance.isFinite else { return }
        output.withLock { core.setBalance(min(1, max(-1, balance))) }
    }

    /// The balance, including changes made outside.
    public var balance: Double { output.withLock { core.balance } }

    /// Mutes or unmutes the stream.
    public func setMuted(_ muted: Bool) { output.withLock { core.setMuted(muted) } }

    /// Tells the engine what plays after the current item (nil: nothing; the queue ends after it).
    /// May be called at any time to replace an earlier answer, as long as the next track has not started.
    public func setNext(_ item: PlaybackItem?) { core.setNext(item) }

    /// What is heard now, in microseconds into the current track: monotonic while playing, frozen while paused.
    public var position: Int64 { output.withLock { core.position() } }

    /// Whether an item started by `play`/`load` is still being opened (a stream connecting).
    public var isLoading: Bool { output.withLock { core.pendingItem != nil } }

    /// The transport state.
    public var state: PlaybackState { output.withLock { core.state } }

    /// The item being heard (or paused on), nil when stopped.
    public var currentItem: PlaybackItem? { output.withLock { core.currentItem } }

    /// The current volume (1.0 = 100%) and mute, including changes made outside.
    public var volume: Double { output.withLock { core.volume } }
    public var isMuted: Bool { output.withLock { core.muted } }

    /// Underruns since the engine was created.
    public var underrunCount: Int { output.withLock { output.underrunCount } }
}
