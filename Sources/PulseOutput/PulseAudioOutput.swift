import Dispatch
import PlayerCore
import Pulse

/// The engine's `AudioOutput` on PulseAudio (or PipeWire's pulse server), through libpulse.
///
/// Threading: one `pa_threaded_mainloop`; its lock is the output lock of the `AudioOutput` contract. libpulse
/// callbacks arrive on the loop thread with the lock held and call the client (the engine) from there.
/// `@unchecked Sendable`: every stored `var` is touched only with the mainloop lock held.
public final class PulseAudioOutput: AudioOutput, @unchecked Sendable {
    let configuration: PulseOutputConfiguration
    let mainloop: PulseMainloop
    /// Replaced by a fresh one on every reconnect (`reconnect()`, or the timer in PulseAudioOutput+Reconnect.swift).
    var context: PulseContext
    weak var client: (any AudioOutputClient)?

    var stream: PulseStream?
    public internal(set) var format: AudioFormat?
    /// Bytes written since the stream was opened or last flushed.
    var epochBytes: Int64 = 0
    /// The server write index where the epoch began; nil right after a flush until timing info arrives.
    var anchorBytes: Int64?
    var volume: Double = 1.0
    /// Left/right balance applied as the sink input's per-channel volume (−1 … 1).
    var balance: Double = 0
    var muted = false
    /// Volume, balance and mute the stream was connected with: set again at READY when a client changed them
    /// while it connected (a set before READY is only stored; the server would keep the connect-time volume and
    /// the next change event would bring it back).
    var connectedWith: (volume: Double, balance: Double, muted: Bool)?
    /// Counts our own volume, balance and mute sets: a server reply to a volume query sent before the latest
    /// set is stale and must not overwrite it.
    var volumeSets: UInt64 = 0
    public internal(set) var underrunCount = 0
    var properties = StreamProperties()
    var markFrame: Int64?
    /// Fires the mark; belongs to the current context.
    var markTimer: PulseTimer!
    /// True while `fill` runs, so `pump` from inside `render` does not recurse.
    var filling = false
    /// Route and call watching.
    lazy var routeMonitor = RouteMonitor(context: context) { [weak self] event in self?.client?.outputEvent(event) }
    /// The reconnect timer: exists only while disconnected (created and cancelled with the lock held).
    var reconnectTimer: (any DispatchSourceTimer)?
    var reconnectDelayMilliseconds = 100
    /// The last heard frame known from timing info and when (pa_rtclock µs); whether we are corked.
    var lastTiming: (frame: Int64, at: UInt64)?
    var corked = false
    /// What `heardFrame` says after the server vanished with our stream (an estimate from `lastTiming`), so the
    /// engine keeps the position for the reconnect.
    var frozenHeard: Int64?
    /// What is heard, from the stream's timing replies; remade for every stream, reset by every flush.
    var clock = HeardClock(bytesPerFrame: 1, sampleRate: 1)
    var needsTrigger = true
    /// The stream a reopen replaced while it played, silenced and kept until the new one is ready (see `retire`).
    var retiring: PulseStream?
    /// Level meters (PulseAudioOutput+Metering.swift): on while a client listens; the history of what was written.
    var metering = false
    var meterHistory: MeterHistory?
    var meterSink: (@Sendable (LevelReading) -> Void)?
    var meterPacer = MeterPacer()

    /// A connection to the server under way (`beginConnecting`), for an output made later (`init(completing:)`):
    /// the server's handshake runs on libpulse's thread meanwhile.
    public final class Connecting: Sendable {
        let configuration: PulseOutputConfiguration
        let mainloop: PulseMainloop
        let context: PulseContext
        /// Why `pa_context_connect` refused at once (no server socket), nil while the handshake goes on.
        let refused: PulseError?

        init(configuration: PulseOutputConfiguration) throws(PulseError) {
            self.configuration = configuration
            mainloop = try PulseMainloop()
            let context = try PulseContext(mainloop: mainloop, properties: configuration.baseProperties)
            self.context = context
            do throws(PulseError) {
                try mainloop.withLock { () throws(PulseError) in
                    try context.beginConnecting(server: configuration.server)
                }
                refused = nil
            } catch {
                refused = error
            }
        }
    }

    /// Starts connecting to the server and returns at once; `init(completing:waitForServer:)` makes the output.
    public static func beginConnecting(
        configuration: PulseOutputConfiguration = PulseOutputConfiguration()
    ) throws(AudioOutputError) -> Connecting {
        do throws(PulseError) {
            return try Connecting(configuration: configuration)
        } catch {
            throw AudioOutputError(.noServer, operation: error.operation, message: error.message)
        }
    }

    /// Connects to the server (blocking until connected or refused). With `waitForServer`, a missing server is
    /// not an error: the output starts disconnected and keeps trying with backoff (`isConnected`, and the
    /// `.serverReturned` event once connected).
    public convenience init(
        configuration: PulseOutputConfiguration = PulseOutputConfiguration(),
        waitForServer: Bool = false
    ) throws(AudioOutputError) {
        try self.init(completing: Self.beginConnecting(configuration: configuration), waitForServer: waitForServer)
    }

    /// Waits for the connection `attempt` started (at most once per attempt) and makes the output over it;
    /// `waitForServer` as in `init(configuration:waitForServer:)`.
    public init(completing attempt: Connecting, waitForServer: Bool = false) throws(AudioOutputError) {
        configuration = attempt.configuration
        mainloop = attempt.mainloop
        context = attempt.context
        var connected = false
        do throws(PulseError) {
            if let refused = attempt.refused { throw refused }
            try mainloop.withLock { () throws(PulseError) in try context.waitUntilConnected() }
            connected = true
        } catch {
            guard waitForServer else {
                throw AudioOutputError(.noServer, operation: error.operation, message: error.message)
            }
        }
        mainloop.withLock {
            if connected {
                attach(context)
            } else {
                markTimer = context.makeTimer { [weak self] in self?.checkMark() }
                scheduleReconnect()
            }
        }
    }

    /// Wires a connected context to this output (lock held): disconnect handler, subscriptions (volume, route,
    /// calls), the mark timer; stops the reconnect timer.
    func attach(_ c: PulseContext) {
        context = c
        markTimer?.disarm()
        markTimer = c.makeTimer { [weak self] in self?.checkMark() }
        c.onDisconnect = { [weak self] error in self?.connectionLost(error) }
        c.onSinkInputEvent = { [weak self] index, removed in self?.sinkInputChanged(index, removed: removed) }
        c.onSubscription = { [weak self] facility, change, index in
            self?.routeMonitor.subscription(facility, change, index)
        }
        c.subscribeRouteEvents()
        routeMonitor.context = c
        reconnectTimer?.cancel()
        reconnectTimer = nil
    }

    /// Whether the connection to the server is up.
    public var isConnected: Bool { mainloop.withLock { context.state == .ready } }

    /// Connects again after the server went away (`.serverLost`); a no-op while connected. Blocks until the
    /// server answers or refuses; call from outside the loop thread. (linnetd relies on the automatic reconnect
    /// of PulseAudioOutput+Reconnect.swift instead; this is for owners that drive it themselves.)
    public func reconnect() throws(AudioOutputError) {
        try mainloop.withLock { () throws(AudioOutputError) in
            guard context.state != .ready else { return }
            close()
            do throws(PulseError) {
                let fresh = try PulseContext(mainloop: mainloop, properties: configuration.baseProperties)
                try fresh.connect(server: configuration.server)
                attach(fresh)
            } catch {
                throw AudioOutputError(.noServer, operation: error.operation, message: error.message)
            }
        }
    }

    deinit {
        mainloop.withLock {
            reconnectTimer?.cancel()
            reconnectTimer = nil
            markTimer?.disarm()
            stream = nil
        }
    }

    /// Keeps a playing stream that a reopen replaced (flushed, unhooked) until the new stream is ready. Why: with
    /// no running input a sink falls back to its longest latency, and a null sink then sleeps through a block of
    /// up to 2 s before it takes the new stream (a track change across sample rates stood silent for a second).
    /// An uncorked input, even an empty one, keeps the sink at our latency.
    func retire(_ old: PulseStream) {
        old.onStateChange = nil
        old.onWriteRequest = nil
        old.onUnderflow = nil
        old.onTimingUpdate = nil
        old.onEvent = nil
        old.onMoved = nil
        guard old.state == .ready else { return }
        old.flush()
        retiring = old
    }

    public func setClient(_ client: any AudioOutputClient) { self.client = client }

    public func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        try mainloop.withLock(body)
    }

    public func open(format: AudioFormat, properties: StreamProperties, corked: Bool) throws(AudioOutputError) {
        // Only a stream that plays on keeps the sink awake; a paused open needs no bridge.
        let previous = self.corked || corked ? nil : stream
        close()
        if let previous { retire(previous) }
        guard context.state == .ready else {
            throw AudioOutputError(.disconnected, operation: "open", message: "not connected to the sound server")
        }
        self.properties = properties
        let s: PulseStream
        do throws(PulseError) {
            s = try PulseStream(
                context: context, name: properties.title ?? "Playback",
                format: format.sampleFormat == .int16 ? .s16 : .float32,
                sampleRate: format.sampleRate, channels: format.channels,
                properties: streamProperties(properties))
            let bytesPerSecond = format.bytesPerFrame * format.sampleRate
            func bytes(_ us: Int) -> UInt32 {
                UInt32((bytesPerSecond / format.bytesPerFrame) * us / 1_000_000 * format.bytesPerFrame)
            }
            try s.connectPlayback(
                device: configuration.sink,
                buffer: .init(
                    targetLength: bytes(configuration.targetLatencyMicroseconds),
                    minimumRequest: bytes(configuration.minimumRequestMicroseconds),
                    prebuffer: bytes(configuration.prebufferMicroseconds)),
                corked: corked, volume: volume, balance: balance, muted: muted)
            connectedWith = (volume, balance, muted)
        } catch {
            throw AudioOutputError(.streamFailed, operation: error.operation, message: error.message)
        }
        s.onStateChange = { [weak self] state in self?.streamStateChanged(state) }
        s.onWriteRequest = { [weak self] _ in self?.fill() }
        s.onUnderflow = { [weak self] in self?.underflow() }
        s.onTimingUpdate = { [weak self] in self?.timingUpdated() }
        s.onEvent = { [weak self] name in self?.streamEvent(name) }
        s.onMoved = { [weak self] in self?.moved() }
        stream = s
        self.corked = corked
        self.format = format
        clock = HeardClock(bytesPerFrame: format.bytesPerFrame, sampleRate: format.sampleRate)
        epochBytes = 0
        anchorBytes = 0
    }

    public func close() {
        retiring = nil
        if stream != nil { routeMonitor.streamClosed() }
        markFrame = nil
        markTimer.disarm()
        stream = nil
        format = nil
        epochBytes = 0
        anchorBytes = nil
        lastTiming = nil
        frozenHeard = nil
    }

    public func setCorked(_ corked: Bool) {
        self.corked = corked
        stream?.cork(corked)
        if !corked { needsTrigger = true; fill() }
        // Timing info goes stale across a cork; refresh so position/marks resume from fresh data.
        stream?.requestTimingUpdate()
    }

    public func flush() {
        guard let stream else { return }
        stream.flush()
        epochBytes = 0
        anchorBytes = nil
        clock.reset()
        needsTrigger = true
        stream.requestTimingUpdate()
    }

    public func pump() {
        fill()
    }

    public func drain(_ completion: @escaping () -> Void) {
        guard let stream else { return completion() }
        stream.drain { _ in completion() }
    }

    public func updateProperties(_ properties: StreamProperties) {
        self.properties = properties
        stream?.updateProperties(streamProperties(properties))
    }

    public func setVolume(_ volume: Double) {
        self.volume = volume
        volumeSets &+= 1
        if let stream, stream.state == .ready {
            context.setSinkInputVolume(index: stream.index, channels: stream.channels, volume: volume, balance: balance)
        }
    }

    public func setBalance(_ balance: Double) {
        self.balance = balance
        setVolume(volume)
    }

    public func setMuted(_ muted: Bool) {
        self.muted = muted
        volumeSets &+= 1
        if let stream, stream.state == .ready { context.setSinkInputMute(index: stream.index, muted: muted) }
    }

    func streamProperties(_ p: StreamProperties) -> [String: String] {
        var props = configuration.baseProperties
        props["media.title"] = p.title ?? ""
        props["media.artist"] = p.artist ?? ""
        props["media.name"] = [p.artist, p.title].compactMap { $0 }.joined(separator: " - ")
        return props
    }
}

extension PulseAudioOutput {
    /// The sink the stream plays on now (route facts for the route policy); `completion` runs on the loop thread with the
    /// lock held, nil when no stream is open. Call from outside the loop thread.
    public func currentSink(_ completion: @escaping (PulseSinkInfo?) -> Void) {
        mainloop.withLock {
            guard let name = stream?.deviceName else { return completion(nil) }
            context.sinkInfo(name: name, completion)
        }
    }
}
