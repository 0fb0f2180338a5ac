import CPulse

/// Owns a `pa_context`: one connection to the sound server, living on a `PulseMainloop`.
///
/// `@unchecked Sendable`: all methods and handlers are used with the mainloop lock held
/// (from `PulseMainloop.withLock` or inside a libpulse callback on the loop thread).
public final class PulseContext: @unchecked Sendable {
    /// The connection's life cycle, in Swift terms.
    public enum State: Sendable, Equatable {
        case connecting, ready, failed, terminated
    }

    public let mainloop: PulseMainloop
    let raw: OpaquePointer
    /// Called on the loop thread when the connection fails or ends after having been ready.
    public var onDisconnect: ((PulseError) -> Void)?
    /// Called on the loop thread for every sink-input event the subscription delivers: (index, removed?).
    public var onSinkInputEvent: ((UInt32, Bool) -> Void)?
    /// Called on the loop thread for every event of `subscribeRouteEvents` (see PulseIntrospection.swift).
    public var onSubscription: ((PulseFacility, PulseChange, UInt32) -> Void)?
    private var wasReady = false

    /// Creates the context with the client properties (application.name, application.id, …).
    public init(mainloop: PulseMainloop, properties: [String: String]) throws(PulseError) {
        self.mainloop = mainloop
        let props = PulseProplist(properties)
        guard
            let c = pa_context_new_with_proplist(
                mainloop.api, properties["application.name"] ?? "Linnet",
                props.raw)
        else {
            throw PulseError(operation: "pa_context_new_with_proplist", message: "out of memory")
        }
        raw = c
        pa_context_set_state_callback(
            raw,
            { _, userdata in
                let me = Unmanaged<PulseContext>.fromOpaque(userdata!).takeUnretainedValue()
                withExtendedLifetime(me) { me.stateChanged() }
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        pa_context_set_state_callback(raw, nil, nil)
        pa_context_set_subscribe_callback(raw, nil, nil)
        pa_context_disconnect(raw)
        pa_context_unref(raw)
    }

    public var state: State {
        switch pa_context_get_state(raw) {
        case PA_CONTEXT_READY: return .ready
        case PA_CONTEXT_FAILED: return .failed
        case PA_CONTEXT_TERMINATED: return .terminated
        default: return .connecting
        }
    }

    /// The last error the server reported on this connection.
    public func lastError(_ operation: String) -> PulseError {
        PulseError(code: pa_context_errno(raw), operation: operation)
    }

    /// Connects (server nil: the normal client rules — PULSE_SERVER, the user's runtime dir) and waits until
    /// ready or failed. Call with the lock held, NOT on the loop thread (it waits for the loop).
    public func connect(server: String? = nil) throws(PulseError) {
        try beginConnecting(server: server)
        try waitUntilConnected()
    }

    /// Starts the connection (`pa_context_connect`) without waiting: the handshake goes on on the loop thread
    /// while the caller does other work, then `waitUntilConnected`. Call with the lock held.
    public func beginConnecting(server: String? = nil) throws(PulseError) {
        let r = pa_context_connect(raw, server, PA_CONTEXT_NOAUTOSPAWN, nil)
        if r < 0 { throw lastError("pa_context_connect") }
    }

    /// Waits until a connection `beginConnecting` started is ready or has failed. Call with the lock held, NOT on
    /// the loop thread (it waits for the loop).
    public func waitUntilConnected() throws(PulseError) {
        while true {
            switch state {
            case .ready:
                wasReady = true
                return
            case .failed, .terminated:
                throw lastError("pa_context_connect")
            case .connecting:
                mainloop.wait()
            }
        }
    }

    private func stateChanged() {
        mainloop.signal()
        let s = state
        if wasReady && (s == .failed || s == .terminated) {
            wasReady = false
            onDisconnect?(lastError("connection"))
        }
    }

    /// Subscribes to sink-input events (volume/mute/move changes made by anyone).
    public func subscribeSinkInputs() {
        pa_context_set_subscribe_callback(
            raw,
            { _, type, index, userdata in
                let me = Unmanaged<PulseContext>.fromOpaque(userdata!).takeUnretainedValue()
                let facility = type.rawValue & PA_SUBSCRIPTION_EVENT_FACILITY_MASK.rawValue
                guard facility == PA_SUBSCRIPTION_EVENT_SINK_INPUT.rawValue else { return }
                let kind = type.rawValue & PA_SUBSCRIPTION_EVENT_TYPE_MASK.rawValue
                withExtendedLifetime(me) { me.onSinkInputEvent?(index, kind == PA_SUBSCRIPTION_EVENT_REMOVE.rawValue) }
            }, Unmanaged.passUnretained(self).toOpaque())
        let op = pa_context_subscribe(raw, PA_SUBSCRIPTION_MASK_SINK_INPUT, nil, nil)
        if let op { pa_operation_unref(op) }
    }

    /// Asks the server for one sink input's volume and mute; `completion` runs on the loop thread.
    public func sinkInputVolume(index: UInt32, _ completion: @escaping (PulseVolume?) -> Void) {
        let box = Unmanaged.passRetained(CallbackBox(completion)).toOpaque()
        let op = pa_context_get_sink_input_info(
            raw, index,
            { _, info, eol, userdata in
                let box = Unmanaged<CallbackBox<PulseVolume?>>.fromOpaque(userdata!)
                if let info {
                    box.takeUnretainedValue().call(
                        PulseVolume(
                            info.pointee.volume, map: info.pointee.channel_map,
                            muted: info.pointee.mute != 0))
                } else if eol != 0 {
                    // eol > 0 after an info (already delivered), eol < 0 on error: finish either way.
                    if eol < 0 { box.takeUnretainedValue().call(nil) }
                    box.release()
                }
            }, box)
        if let op { pa_operation_unref(op) } else { Unmanaged<CallbackBox<PulseVolume?>>.fromOpaque(box).release() }
    }

    /// Sets a sink input's volume, spread over the channels by `balance` (−1 left … 1 right, pa_cvolume_set_balance)
    /// (fire and forget; failures show up as no change event).
    public func setSinkInputVolume(index: UInt32, channels: Int, volume: Double, balance: Double = 0) {
        var cv = PulseVolume.cvolume(channels: channels, volume: volume, balance: balance)
        if let op = pa_context_set_sink_input_volume(raw, index, &cv, nil, nil) { pa_operation_unref(op) }
    }

    public func setSinkInputMute(index: UInt32, muted: Bool) {
        if let op = pa_context_set_sink_input_mute(raw, index, muted ? 1 : 0, nil, nil) { pa_operation_unref(op) }
    }

    /// A one-shot real-time timer on the loop; disarmed until `arm(afterMicroseconds:)`.
    public func makeTimer(_ fire: @escaping () -> Void) -> PulseTimer {
        PulseTimer(context: self, fire: fire)
    }
}

/// Holds a Swift closure across a C callback (retained while the request is in flight).
final class CallbackBox<T> {
    let body: (T) -> Void
    init(_ body: @escaping (T) -> Void) { self.body = body }
    func call(_ value: T) { body(value) }
}

/// A stream or sink input volume in Linnet's terms: 1.0 = PA_VOLUME_NORM (100% in pavucontrol).
public struct PulseVolume: Sendable, Equatable {
    /// The loudest channel's volume.
    public var volume: Double
    /// Left/right balance, −1 (left only) … 1 (right only), as pa_cvolume_get_balance reads the channel volumes.
    public var balance: Double
    public var muted: Bool

    init(_ cv: pa_cvolume, map: pa_channel_map, muted: Bool) {
        var cv = cv
        var map = map
        self.volume = Double(pa_cvolume_max(&cv)) / Double(linnet_pa_volume_norm)
        let b = Double(pa_cvolume_get_balance(&cv, &map))
        self.balance = b.isFinite ? min(1, max(-1, b)) : 0
        self.muted = muted
    }

    static func cvolume(channels: Int, volume: Double, balance: Double = 0) -> pa_cvolume {
        var cv = pa_cvolume()
        // Pinned to [0, PA_VOLUME_MAX] before the conversion (NaN counts as 0), so it cannot trap.
        let level =
            volume.isNaN ? 0 : min(Double(linnet_pa_volume_max), max(0, volume) * Double(linnet_pa_volume_norm) + 0.5)
        pa_cvolume_set(&cv, UInt32(clamping: channels), pa_volume_t(level))
        if balance != 0, balance.isFinite, channels > 1, channels <= Int(PA_CHANNELS_MAX) {
            var map = pa_channel_map()
            if pa_channel_map_init_auto(&map, UInt32(channels), PA_CHANNEL_MAP_DEFAULT) != nil,
                pa_channel_map_can_balance(&map) != 0
            {
                pa_cvolume_set_balance(&cv, &map, Float(min(1, max(-1, balance))))
            }
        }
        return cv
    }
}
