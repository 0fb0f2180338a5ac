import CPulse

/// Owns a playback `pa_stream`. Handlers run on the loop thread with the lock held.
///
/// `@unchecked Sendable`: every method and handler is used with the mainloop lock held
/// (inside `PulseMainloop.withLock` or a libpulse callback).
public final class PulseStream: @unchecked Sendable {
    /// Sample layouts Linnet hands to the server unconverted.
    public enum SampleFormat: Sendable { case s16, float32 }

    /// Requested buffering, in bytes (nil: the server's default).
    public struct BufferAttributes: Sendable {
        public var targetLength: UInt32
        public var minimumRequest: UInt32
        public var prebuffer: UInt32?
        public init(targetLength: UInt32, minimumRequest: UInt32, prebuffer: UInt32? = nil) {
            self.targetLength = targetLength
            self.minimumRequest = minimumRequest
            self.prebuffer = prebuffer
        }
    }

    public enum State: Sendable, Equatable { case connecting, ready, failed, terminated }

    public let context: PulseContext
    let raw: OpaquePointer
    public let sampleRate: Int
    public let channels: Int

    public var onStateChange: ((State) -> Void)?
    /// The server wants `nbytes` more.
    public var onWriteRequest: ((Int) -> Void)?
    public var onUnderflow: (() -> Void)?
    /// Timing info was updated (after flush, cork, drain, and on the update ramp while uncorked).
    public var onTimingUpdate: (() -> Void)?
    /// A server event such as PA_STREAM_EVENT_REQUEST_CORK ("request-cork").
    public var onEvent: ((String) -> Void)?
    /// The stream was moved to another sink.
    public var onMoved: (() -> Void)?
    private var drainGeneration: UInt64 = 0
    /// Our own timing-update ramp (see PulseStream+TimingUpdates.swift); nil until first armed.
    var timingTimer: PulseTimer?
    var timingIntervalMicroseconds: UInt64 = 0
    var isCorked = false
    /// A cork or uncork asked for before the server confirmed the stream (see `cork`).
    var corkWhenReady: Bool?
    /// The last timing reply (see PulseStream+TimingUpdates.swift); nil until the first one.
    public internal(set) var timing: PulseTiming?
    var lastTimingStamp: (Int, Int) = (0, 0)

    /// Creates a stream with `properties` (media.role, media.title, …).
    public init(
        context: PulseContext, name: String, format: SampleFormat, sampleRate: Int, channels: Int,
        properties: [String: String]
    ) throws(PulseError) {
        self.context = context
        self.sampleRate = sampleRate
        self.channels = channels
        raw = try context.newStream(
            name: name, format: format, sampleRate: sampleRate, channels: channels,
            properties: properties)
        let me = Unmanaged.passUnretained(self).toOpaque()
        pa_stream_set_state_callback(
            raw,
            { _, ud in
                let me = PulseStream.from(ud)
                withExtendedLifetime(me) {
                    if me.state == .ready {
                        if let corked = me.corkWhenReady {
                            me.corkWhenReady = nil
                            if let op = pa_stream_cork(me.raw, corked ? 1 : 0, nil, nil) { pa_operation_unref(op) }
                        }
                        me.restartTimingUpdates()
                    }
                    me.onStateChange?(me.state)
                }
            }, me)
        pa_stream_set_write_callback(
            raw,
            { _, n, ud in
                let me = PulseStream.from(ud)
                withExtendedLifetime(me) { me.onWriteRequest?(n) }
            }, me)
        pa_stream_set_underflow_callback(
            raw,
            { _, ud in
                let me = PulseStream.from(ud)
                withExtendedLifetime(me) {
                    me.restartTimingUpdates()
                    me.onUnderflow?()
                }
            }, me)
        pa_stream_set_latency_update_callback(
            raw,
            { _, ud in
                let me = PulseStream.from(ud)
                withExtendedLifetime(me) {
                    me.recordTiming()
                    me.onTimingUpdate?()
                }
            }, me)
        pa_stream_set_started_callback(
            raw,
            { _, ud in
                // Playback began (after prebuffering or an underrun): fresh timing now, not at the ramp's next step.
                let me = PulseStream.from(ud)
                withExtendedLifetime(me) { me.restartTimingUpdates() }
            }, me)
        pa_stream_set_moved_callback(
            raw,
            { _, ud in
                let me = PulseStream.from(ud)
                withExtendedLifetime(me) { me.onMoved?() }
            }, me)
        pa_stream_set_event_callback(
            raw,
            { _, name, _, ud in
                let me = PulseStream.from(ud)
                let event = name.map { String(cString: $0) } ?? ""
                withExtendedLifetime(me) { me.onEvent?(event) }
            }, me)
    }

    private static func from(_ ud: UnsafeMutableRawPointer?) -> PulseStream {
        Unmanaged<PulseStream>.fromOpaque(ud!).takeUnretainedValue()
    }

    deinit {
        timingTimer?.disarm()
        pa_stream_set_state_callback(raw, nil, nil)
        pa_stream_set_write_callback(raw, nil, nil)
        pa_stream_set_underflow_callback(raw, nil, nil)
        pa_stream_set_latency_update_callback(raw, nil, nil)
        pa_stream_set_moved_callback(raw, nil, nil)
        pa_stream_set_started_callback(raw, nil, nil)
        pa_stream_set_event_callback(raw, nil, nil)
        switch pa_stream_get_state(raw) {
        case PA_STREAM_READY:
            pa_stream_disconnect(raw)
            pa_stream_unref(raw)
        case PA_STREAM_CREATING:
            // pa_stream_disconnect refuses a stream the server has not confirmed yet (PA_ERR_BADSTATE); dropping it
            // then left the server's sink input alive and playing for good, one more per quick Next/seek, until
            // the sink's limit of inputs made every new stream fail with "Too large". Keep the C stream until the
            // server answers, then disconnect it (`closeWhenReady` owns our reference from here on).
            pa_stream_set_state_callback(raw, closeWhenReady, nil)
        default:
            pa_stream_unref(raw)
        }
    }

    public var state: State {
        switch pa_stream_get_state(raw) {
        case PA_STREAM_READY: return .ready
        case PA_STREAM_FAILED: return .failed
        case PA_STREAM_TERMINATED: return .terminated
        default: return .connecting
        }
    }

    /// Connects for playback on the default sink (or `device`), with timing interpolation and early requests.
    public func connectPlayback(
        device: String? = nil, buffer: BufferAttributes, corked: Bool,
        volume: Double, balance: Double = 0, muted: Bool
    ) throws(PulseError) {
        var attr = pa_buffer_attr(
            maxlength: UInt32.max, tlength: buffer.targetLength,
            prebuf: buffer.prebuffer ?? UInt32.max, minreq: buffer.minimumRequest,
            fragsize: UInt32.max)
        // EARLY_REQUESTS: the sink's own latency is set to about one `minimumRequest` while our queue keeps the
        // whole `targetLength`: a deep client buffer (slack when this process is not scheduled in time) with a
        // short hardware buffer (cork, flush and seek are heard soon even on sinks that cannot rewind).
        // No AUTO_TIMING_UPDATE: libpulse's timer keeps polling a corked stream; ours stops while corked.
        // No INTERPOLATE_TIMING: its smoother ran on while a stream that started corked waited, and its monotonic
        // clamp hid rewinds; the output extrapolates from the raw replies instead (`timing`).
        var flags = PA_STREAM_EARLY_REQUESTS.rawValue
        isCorked = corked
        if corked { flags |= PA_STREAM_START_CORKED.rawValue }
        if muted { flags |= PA_STREAM_START_MUTED.rawValue } else { flags |= PA_STREAM_START_UNMUTED.rawValue }
        var cv = PulseVolume.cvolume(channels: channels, volume: volume, balance: balance)
        let r = pa_stream_connect_playback(raw, device, &attr, pa_stream_flags_t(flags), &cv, nil)
        if r < 0 { throw context.lastError("pa_stream_connect_playback") }
    }

    /// The sink input index on the server (valid once ready).
    public var index: UInt32 { pa_stream_get_index(raw) }

    /// The sink's name (valid once ready).
    public var deviceName: String? { pa_stream_get_device_name(raw).map { String(cString: $0) } }

    /// The sink's index (valid once ready).
    public var deviceIndex: UInt32 { pa_stream_get_device_index(raw) }

    /// Bytes the server wants now.
    public var writableSize: Int {
        let n = pa_stream_writable_size(raw)
        return n == Int.max || n == -1 ? 0 : n
    }

    /// Lends the server-side memory block for up to `bytes`; `fill` returns how many bytes it wrote,
    /// which are then committed (0: the block is given back). Zero-copy.
    public func write(upTo bytes: Int, _ fill: (UnsafeMutableRawBufferPointer) -> Int) throws(PulseError) -> Int {
        var ptr: UnsafeMutableRawPointer?
        var n = bytes
        let r = pa_stream_begin_write(raw, &ptr, &n)
        guard r >= 0, let ptr else { throw context.lastError("pa_stream_begin_write") }
        let filled = fill(UnsafeMutableRawBufferPointer(start: ptr, count: n))
        guard filled > 0 else {
            pa_stream_cancel_write(raw)
            return 0
        }
        precondition(filled <= n, "filled more than the lent buffer")
        let w = pa_stream_write(raw, ptr, filled, nil, 0, PA_SEEK_RELATIVE)
        if w < 0 { throw context.lastError("pa_stream_write") }
        return filled
    }

    public func cork(_ corked: Bool) {
        isCorked = corked
        // pa_stream_cork refuses a stream the server has not confirmed yet (PA_ERR_BADSTATE): a pause right after
        // a play was lost and the stream started playing while linnetd said Paused. Apply it once READY.
        guard state == .ready else {
            corkWhenReady = corked
            return
        }
        if let op = pa_stream_cork(raw, corked ? 1 : 0, nil, nil) { pa_operation_unref(op) }
        restartTimingUpdates()
    }

    /// Asks the server to start playing now (ends prebuffering and asks the sink to rewind its render-ahead).
    public func trigger() {
        if let op = pa_stream_trigger(raw, nil, nil) { pa_operation_unref(op) }
    }

    /// Drops everything written but not yet played.
    public func flush() {
        if let op = pa_stream_flush(raw, nil, nil) { pa_operation_unref(op) }
        restartTimingUpdates()
    }

    /// Lets everything written play out; `completion(success)` runs on the loop thread. A newer drain supersedes
    /// an older one (the older completion is dropped), so a late answer to a cancelled drain is never mistaken
    /// for the current one.
    public func drain(_ completion: @escaping (Bool) -> Void) {
        drainGeneration &+= 1
        restartTimingUpdates()
        let request = Unmanaged.passRetained(
            DrainRequest(
                stream: self, generation: drainGeneration,
                completion: completion)
        ).toOpaque()
        let op = pa_stream_drain(
            raw,
            { _, ok, ud in
                // Retained for the flight; if the stream dies first libpulse drops the operation and the box leaks.
                let request = Unmanaged<DrainRequest>.fromOpaque(ud!).takeRetainedValue()
                guard let stream = request.stream, stream.drainGeneration == request.generation else { return }
                request.completion(ok != 0)
            }, request)
        if let op {
            pa_operation_unref(op)
        } else {
            Unmanaged<DrainRequest>.fromOpaque(request).release()
            completion(false)
        }
    }

    /// Asks the server for fresh timing info now (reported through `onTimingUpdate`).
    public func requestTimingUpdate() {
        if let op = pa_stream_update_timing_info(raw, nil, nil) { pa_operation_unref(op) }
    }

    /// The write index (bytes) as the server counts it, including local writes; nil while unknown (after flush).
    public var writeIndex: Int64? {
        guard let ti = pa_stream_get_timing_info(raw), ti.pointee.write_index_corrupt == 0 else { return nil }
        return ti.pointee.write_index
    }

    /// Updates stream properties (media.title, media.artist) in place.
    public func updateProperties(_ properties: [String: String]) {
        let props = PulseProplist(properties)
        if let op = pa_stream_proplist_update(raw, PA_UPDATE_REPLACE, props.raw, nil, nil) { pa_operation_unref(op) }
    }
}

/// The state callback of a stream dropped while still CREATING: disconnects it once READY, releases it once it
/// ends (FAILED or TERMINATED, including when the context goes away).
private func closeWhenReady(_ s: OpaquePointer?, _: UnsafeMutableRawPointer?) {
    guard let s else { return }
    switch pa_stream_get_state(s) {
    case PA_STREAM_READY:
        pa_stream_disconnect(s)
    case PA_STREAM_FAILED, PA_STREAM_TERMINATED:
        pa_stream_set_state_callback(s, nil, nil)
        pa_stream_unref(s)
    default:
        break
    }
}

/// One pending drain: which stream and which generation it belongs to.
private final class DrainRequest {
    weak var stream: PulseStream?
    let generation: UInt64
    let completion: (Bool) -> Void
    init(stream: PulseStream, generation: UInt64, completion: @escaping (Bool) -> Void) {
        self.stream = stream
        self.generation = generation
        self.completion = completion
    }
}
