import Dispatch
import Glibc
import PlayerCore
import Pulse
import Sndfile

/// Records a PulseAudio source to a file: one record stream on its own context, the samples written
/// by libsndfile as they arrive, levels measured on the way (no extra stream), pause and resume by corking.
///
/// Threading: a `PulseMainloop` of its own (created with the first recording, idle otherwise); its lock guards
/// every stored `var` (`@unchecked Sendable` for that reason) except `mainloop` itself, which is set once and
/// read only on the owner's queue (every public method is called there). Capture and file writes run on the loop thread.
/// Events go to `events` on `eventQueue`, in order. Teardown after a recording ends runs on `teardownQueue`
/// (never inside a libpulse callback of the stream being freed).
public final class Recorder: LevelMetering, @unchecked Sendable {
    /// What the owner hears about.
    public enum Event: Sendable {
        /// Whole seconds written so far changed (also sent on pause and at the end with the exact value).
        case progress(seconds: Double)
        /// Capture started, paused or resumed.
        case state(RecordingState)
        /// The recording ended; the file is closed.
        case finished(path: String, reason: RecordingEndReason, message: String?)
    }

    private struct Session {
        let context: PulseContext
        let stream: PulseRecordStream
        let file: CaptureFile
        var paused = false
        var lastWholeSecond: Int64 = 0
    }

    private let server: String?
    private let eventQueue: DispatchQueue
    private let events: @Sendable (Event) -> Void
    private var mainloop: PulseMainloop?
    private var session: Session?
    /// Where levels go while someone listens, their sums since the last report, and the pacing.
    private var meterSink: (@Sendable (LevelReading) -> Void)?
    private var levels: LevelStatistics?
    private var meterPacer = MeterPacer()
    private let teardownQueue = DispatchQueue(label: "linnet.recorder.teardown")

    /// `server`: nil for the normal client rules (PULSE_SERVER, the user's runtime dir).
    public init(server: String? = nil, eventQueue: DispatchQueue, events: @escaping @Sendable (Event) -> Void) {
        self.server = server
        self.eventQueue = eventQueue
        self.events = events
    }

    private func emit(_ event: Event) { eventQueue.async { [events] in events(event) } }

    /// Checks `settings` with libsndfile, connects, checks that the source is on the server, then creates the
    /// stream and the file and starts capturing: anything refused leaves no file behind. Blocks until the server
    /// answered; call from outside the loop thread.
    public func start(_ settings: RecordingSettings) throws(RecorderError) {
        try CaptureFile.check(settings)
        let loop: PulseMainloop
        if let mainloop {
            loop = mainloop
        } else {
            do { loop = try PulseMainloop(name: "linnet-record") } catch {
                throw RecorderError(.failed, "cannot start the capture thread: \(error)")
            }
            mainloop = loop
        }
        try loop.withLock { () throws(RecorderError) in
            guard session == nil else {
                throw RecorderError(.wrongState, "already recording to \(session!.file.settings.path)")
            }
            let context: PulseContext
            let stream: PulseRecordStream
            do {
                context = try PulseContext(
                    mainloop: loop,
                    properties: [
                        "application.name": "Linnet", "application.id": "org.mpris.MediaPlayer2.linnet",
                        "application.icon_name": "linnet"
                    ])
                try context.connect(server: server)
            } catch {
                throw RecorderError(.failed, "sound server: \(error)")
            }
            try Self.checkSource(settings.source, context)
            do {
                stream = try PulseRecordStream(
                    context: context, name: "Recording", format: settings.capturesInt16 ? .s16 : .float32,
                    sampleRate: settings.sampleRate, channels: settings.channels,
                    properties: ["media.role": "production", "media.name": "Recording"])
            } catch {
                throw RecorderError(.failed, "sound server: \(error)")
            }
            let device: String?
            switch settings.source {
            case .defaultSource: device = nil
            case .defaultMonitor: device = "@DEFAULT_MONITOR@"
            case .named(let name): device = name
            }
            let bytesPerFrame = settings.channels * (settings.capturesInt16 ? 2 : 4)
            let fragment = UInt32(clamping: settings.sampleRate / 20 * bytesPerFrame)  // 50 ms: 20 meter updates/s
            stream.onData = { [unowned self] bytes, count in captured(bytes, count) }
            stream.onStateChange = { [unowned self] state in streamState(state) }
            context.onDisconnect = { [unowned self] error in finish(.error, "sound server: \(error)") }
            do { try stream.connect(device: device, fragmentBytes: fragment) } catch {
                throw RecorderError(.failed, "cannot record from \(device ?? "the default source"): \(error)")
            }
            // Created last, so a refusal above leaves nothing on disk; no capture callback runs before the lock
            // is released, and a failure here drops the stream (disconnected in its deinit).
            let file: CaptureFile
            do throws(SndfileError) { file = try CaptureFile(settings) } catch {
                throw RecorderError(.failed, "cannot create \(settings.path): \(error.message)")
            }
            session = Session(context: context, stream: stream, file: file)
            levels = meterSink != nil ? LevelStatistics(channels: settings.channels) : nil
            // Queued before the lock is released: a stream that fails at once reports its end after these.
            emit(.state(.recording))
            emit(.progress(seconds: 0))
        }
    }

    /// Refuses a source the server does not have (lock held, not on the loop thread: it waits for the answer).
    private static func checkSource(_ source: RecordingSettings.Source, _ context: PulseContext) throws(RecorderError) {
        let listed: PulseSources
        do { listed = try context.sources() } catch { throw RecorderError(.failed, "sound server: \(error)") }
        let server = RecordingSourceCheck.ServerSources(
            names: listed.names, monitorOfSink: listed.monitorOfSink,
            defaultSink: listed.defaultSink, defaultSource: listed.defaultSource)
        if let problem = RecordingSourceCheck.problem(source, on: server) { throw problem }
    }

    public func pause() throws(RecorderError) { try setPaused(true) }
    public func resume() throws(RecorderError) { try setPaused(false) }

    private func setPaused(_ paused: Bool) throws(RecorderError) {
        guard let mainloop else { throw RecorderError(.wrongState, "not recording") }
        try mainloop.withLock { () throws(RecorderError) in
            guard var s = session else { throw RecorderError(.wrongState, "not recording") }
            guard s.paused != paused else { return }
            s.stream.cork(paused)
            s.paused = paused
            session = s
            // Queued with the lock held, so they stay in order with the loop thread's own events.
            emit(.state(paused ? .paused : .recording))
            if paused { emit(.progress(seconds: s.file.seconds)) }
        }
    }

    /// Ends the recording (`RecordingFinished` reason `stopped`).
    public func stop() throws(RecorderError) {
        guard let mainloop else { throw RecorderError(.wrongState, "not recording") }
        try mainloop.withLock { () throws(RecorderError) in
            guard session != nil else { throw RecorderError(.wrongState, "not recording") }
            finish(.stopped, nil)
        }
    }

    // MARK: - Loop thread (lock held)

    private func captured(_ bytes: UnsafeRawBufferPointer?, _ count: Int) {
        guard var s = session, !s.paused else { return }
        do throws(SndfileError) {
            if let bytes {
                try s.file.append(bytes)
                if levels != nil {
                    measure(bytes, int16: s.file.settings.capturesInt16)
                    publishLevelsIfDue()
                }
            } else {
                // A hole (the server dropped data): keep the timeline with silence.
                let zeros = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 8)
                defer { zeros.deallocate() }
                zeros.initializeMemory(as: UInt8.self, repeating: 0)
                try s.file.append(UnsafeRawBufferPointer(zeros))
            }
        } catch {
            finish(error.systemErrno == ENOSPC ? .diskFull : .error, error.description)
            return
        }
        let whole = s.file.frames / Int64(s.file.settings.sampleRate)
        if whole != s.lastWholeSecond {
            s.lastWholeSecond = whole
            emit(.progress(seconds: s.file.seconds))
        }
        session = s
    }

    private func measure(_ bytes: UnsafeRawBufferPointer, int16: Bool) {
        if int16 {
            levels!.add(int16: bytes.assumingMemoryBound(to: Int16.self))
        } else {
            levels!.add(float32: bytes.assumingMemoryBound(to: Float.self))
        }
    }

    private func streamState(_ state: PulseStream.State) {
        guard let s = session else { return }
        switch state {
        case .failed, .terminated:
            if s.context.state == .ready {
                finish(.sourceGone, "the source is gone")
            } else {
                finish(.error, "sound server: \(s.context.lastError("record stream"))")
            }
        default:
            break
        }
    }

    /// Closes the file and tells the owner; the stream and context are freed outside the loop's callbacks.
    private func finish(_ reason: RecordingEndReason, _ message: String?) {
        guard let s = session else { return }
        session = nil
        levels = nil
        s.stream.onData = nil
        s.stream.onStateChange = nil
        s.context.onDisconnect = nil
        let path = s.file.settings.path
        let seconds = s.file.seconds
        s.file.writer.close()  // complete on disk before anyone hears of the end
        emit(.progress(seconds: seconds))
        emit(.state(.idle))
        emit(.finished(path: path, reason: reason, message: message))
        // Freed with the lock held but outside this callback: the file closes (sf_close), then the stream
        // disconnects, then the context.
        let loop = mainloop!
        let leftover = Leftover(s)
        teardownQueue.async { loop.withLock { leftover.session = nil } }
    }

    // MARK: - LevelMetering

    public func setMeterSink(_ sink: (@Sendable (LevelReading) -> Void)?) {
        guard let mainloop else { meterSink = sink; return }  // no recording yet: set on the owner's queue
        mainloop.withLock {
            meterSink = sink
            meterPacer = MeterPacer()
            levels = sink == nil ? nil : session.map { LevelStatistics(channels: $0.file.settings.channels) }
        }
    }

    /// Sends the levels captured since the last report when one is due (loop thread, lock held).
    private func publishLevelsIfDue() {
        guard let sink = meterSink, var l = levels, l.frames > 0, meterPacer.isDue(at: pulseClockMicroseconds()) else {
            return
        }
        levels = nil
        let reading = l.reading()
        l.reset()
        levels = l
        sink(reading)
    }
}

/// A finished session on its way to be freed. `@unchecked Sendable`: handed over once, then touched only on the
/// teardown queue with the loop lock held.
private final class Leftover: @unchecked Sendable {
    var session: Any?
    init(_ session: Any) { self.session = session }
}
