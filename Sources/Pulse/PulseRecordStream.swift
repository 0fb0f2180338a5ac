import CPulse

/// Owns a record `pa_stream` (capture from a source, e.g. a microphone or a sink's monitor). Handlers run on
/// the loop thread with the lock held.
///
/// `@unchecked Sendable`: every method and handler is used with the mainloop lock held (inside
/// `PulseMainloop.withLock` or a libpulse callback).
public final class PulseRecordStream: @unchecked Sendable {
    public let context: PulseContext
    let raw: OpaquePointer
    public let sampleRate: Int
    public let channels: Int
    public let format: PulseStream.SampleFormat

    public var onStateChange: ((PulseStream.State) -> Void)?
    /// Captured bytes (whole frames), or `nil` with a byte count for a hole (data the server dropped).
    public var onData: ((UnsafeRawBufferPointer?, Int) -> Void)?

    public init(
        context: PulseContext, name: String, format: PulseStream.SampleFormat, sampleRate: Int, channels: Int,
        properties: [String: String]
    ) throws(PulseError) {
        self.context = context
        self.sampleRate = sampleRate
        self.channels = channels
        self.format = format
        raw = try context.newStream(
            name: name, format: format, sampleRate: sampleRate, channels: channels,
            properties: properties)
        let me = Unmanaged.passUnretained(self).toOpaque()
        pa_stream_set_state_callback(
            raw,
            { _, ud in
                let me = Unmanaged<PulseRecordStream>.fromOpaque(ud!).takeUnretainedValue()
                withExtendedLifetime(me) { me.onStateChange?(me.state) }
            }, me)
        pa_stream_set_read_callback(
            raw,
            { _, _, ud in
                let me = Unmanaged<PulseRecordStream>.fromOpaque(ud!).takeUnretainedValue()
                withExtendedLifetime(me) { me.readAvailable() }
            }, me)
    }

    deinit {
        pa_stream_set_state_callback(raw, nil, nil)
        pa_stream_set_read_callback(raw, nil, nil)
        if pa_stream_get_state(raw) == PA_STREAM_READY || pa_stream_get_state(raw) == PA_STREAM_CREATING {
            pa_stream_disconnect(raw)
        }
        pa_stream_unref(raw)
    }

    public var state: PulseStream.State {
        switch pa_stream_get_state(raw) {
        case PA_STREAM_READY: return .ready
        case PA_STREAM_FAILED: return .failed
        case PA_STREAM_TERMINATED: return .terminated
        default: return .connecting
        }
    }

    /// Connects to `device` (nil: the default source; "@DEFAULT_MONITOR@": the default sink's monitor), with
    /// data delivered in fragments of about `fragmentBytes`. DONT_MOVE: when the source goes away the stream
    /// fails instead of silently recording another device.
    public func connect(device: String?, fragmentBytes: UInt32) throws(PulseError) {
        var attr = pa_buffer_attr(
            maxlength: UInt32.max, tlength: UInt32.max, prebuf: UInt32.max, minreq: UInt32.max,
            fragsize: fragmentBytes)
        let flags = PA_STREAM_ADJUST_LATENCY.rawValue | PA_STREAM_DONT_MOVE.rawValue
        if pa_stream_connect_record(raw, device, &attr, pa_stream_flags_t(flags)) < 0 {
            throw context.lastError("pa_stream_connect_record")
        }
    }

    /// Stops (true) or restarts (false) the capture on the server.
    public func cork(_ corked: Bool) {
        if let op = pa_stream_cork(raw, corked ? 1 : 0, nil, nil) { pa_operation_unref(op) }
    }

    /// The source's name (valid once ready).
    public var deviceName: String? { pa_stream_get_device_name(raw).map { String(cString: $0) } }

    private func readAvailable() {
        while pa_stream_readable_size(raw) > 0 {
            var data: UnsafeRawPointer?
            var n = 0
            guard pa_stream_peek(raw, &data, &n) == 0, n > 0 else { return }
            if let data {
                onData?(UnsafeRawBufferPointer(start: data, count: n), n)
            } else {
                onData?(nil, n)
            }
            pa_stream_drop(raw)
        }
    }
}
