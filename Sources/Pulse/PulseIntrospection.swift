import CPulse

/// A sink input (someone's playback stream): the sink it plays on and its properties (`pa_sink_input_info`).
public struct PulseSinkInputInfo: Sendable, Hashable {
    public var index: UInt32
    public var sink: UInt32
    public var properties: [String: String]
}

/// Subscription event facilities Linnet listens to.
public enum PulseFacility: Sendable, Hashable { case sink, sinkInput, card, server, other }

/// What happened to an object named by a subscription event.
public enum PulseChange: Sendable, Hashable { case new, change, remove }

/// Reads a `pa_proplist` into a dictionary (string values only).
private func dictionary(_ list: OpaquePointer?) -> [String: String] {
    guard let list else { return [:] }
    var result: [String: String] = [:]
    var state: UnsafeMutableRawPointer?
    while let key = pa_proplist_iterate(list, &state) {
        if let value = pa_proplist_gets(list, key) { result[String(cString: key)] = String(cString: value) }
    }
    return result
}

/// Route introspection, next to `sinkInfo(name:)` in PulseSinkInfo.swift: sink and sink-input queries and a wide subscription. Same threading rule as the
/// rest of `PulseContext`: call with the mainloop lock held; completions run on the loop thread.
extension PulseContext {
    /// Asks for a sink by index; nil when it does not exist (any more).
    public func sinkInfo(index: UInt32, _ completion: @escaping (PulseSinkInfo?) -> Void) {
        let box = Unmanaged.passRetained(CallbackBox(completion)).toOpaque()
        let op = pa_context_get_sink_info_by_index(
            raw, index,
            { _, info, eol, ud in
                PulseContext.deliver(info.map { PulseSinkInfo($0.pointee) }, eol: eol, ud)
            }, box)
        if let op { pa_operation_unref(op) } else { PulseContext.fail(PulseSinkInfo?.self, box); completion(nil) }
    }

    /// Asks for one sink input; nil when it does not exist.
    public func sinkInputInfo(index: UInt32, _ completion: @escaping (PulseSinkInputInfo?) -> Void) {
        let box = Unmanaged.passRetained(CallbackBox(completion)).toOpaque()
        let op = pa_context_get_sink_input_info(
            raw, index,
            { _, info, eol, ud in
                PulseContext.deliver(
                    info.map {
                        PulseSinkInputInfo(
                            index: $0.pointee.index, sink: $0.pointee.sink,
                            properties: dictionary($0.pointee.proplist))
                    }, eol: eol, ud)
            }, box)
        if let op { pa_operation_unref(op) } else { PulseContext.fail(PulseSinkInputInfo?.self, box) }
    }

    /// Asks for every sink input; `completion` gets them all at once.
    public func sinkInputs(_ completion: @escaping ([PulseSinkInputInfo]) -> Void) {
        final class Gather: @unchecked Sendable {  // touched only on the loop thread
            var items: [PulseSinkInputInfo] = []
            let done: ([PulseSinkInputInfo]) -> Void
            init(_ done: @escaping ([PulseSinkInputInfo]) -> Void) { self.done = done }
        }
        let box = Unmanaged.passRetained(Gather(completion)).toOpaque()
        let op = pa_context_get_sink_input_info_list(
            raw,
            { _, info, eol, ud in
                let g = Unmanaged<Gather>.fromOpaque(ud!)
                if let info {
                    g.takeUnretainedValue().items.append(
                        PulseSinkInputInfo(
                            index: info.pointee.index, sink: info.pointee.sink,
                            properties: dictionary(info.pointee.proplist)))
                } else if eol != 0 {
                    let me = g.takeRetainedValue()
                    me.done(me.items)
                }
            }, box)
        if let op { pa_operation_unref(op) } else { Unmanaged<Gather>.fromOpaque(box).takeRetainedValue().done([]) }
    }

    /// Subscribes to sinks, sink inputs, cards and the server; `onSubscription` gets every event, the older
    /// `onSinkInputEvent` still gets the sink-input ones.
    public func subscribeRouteEvents() {
        pa_context_set_subscribe_callback(
            raw,
            { _, type, index, userdata in
                let me = Unmanaged<PulseContext>.fromOpaque(userdata!).takeUnretainedValue()
                let facilityBits = type.rawValue & PA_SUBSCRIPTION_EVENT_FACILITY_MASK.rawValue
                let kindBits = type.rawValue & PA_SUBSCRIPTION_EVENT_TYPE_MASK.rawValue
                let facility: PulseFacility
                switch facilityBits {
                case PA_SUBSCRIPTION_EVENT_SINK.rawValue: facility = .sink
                case PA_SUBSCRIPTION_EVENT_SINK_INPUT.rawValue: facility = .sinkInput
                case PA_SUBSCRIPTION_EVENT_CARD.rawValue: facility = .card
                case PA_SUBSCRIPTION_EVENT_SERVER.rawValue: facility = .server
                default: facility = .other
                }
                let change: PulseChange =
                    kindBits == PA_SUBSCRIPTION_EVENT_NEW.rawValue
                    ? .new
                    : kindBits == PA_SUBSCRIPTION_EVENT_REMOVE.rawValue ? .remove : .change
                withExtendedLifetime(me) {
                    if facility == .sinkInput { me.onSinkInputEvent?(index, change == .remove) }
                    me.onSubscription?(facility, change, index)
                }
            }, Unmanaged.passUnretained(self).toOpaque())
        let mask =
            PA_SUBSCRIPTION_MASK_SINK.rawValue | PA_SUBSCRIPTION_MASK_SINK_INPUT.rawValue
            | PA_SUBSCRIPTION_MASK_CARD.rawValue | PA_SUBSCRIPTION_MASK_SERVER.rawValue
        if let op = pa_context_subscribe(raw, pa_subscription_mask_t(mask), nil, nil) { pa_operation_unref(op) }
    }

    private static func deliver<T>(_ value: T?, eol: Int32, _ ud: UnsafeMutableRawPointer?) {
        let box = Unmanaged<CallbackBox<T?>>.fromOpaque(ud!)
        if let value {
            box.takeUnretainedValue().call(value)
        } else if eol != 0 {
            // eol > 0 after the info (already delivered); eol < 0: no such object or an error.
            if eol < 0 { box.takeUnretainedValue().call(nil) }
            box.release()
        }
    }

    private static func fail<T>(_: T.Type, _ box: UnsafeMutableRawPointer) {
        let b = Unmanaged<CallbackBox<T>>.fromOpaque(box)
        b.release()
    }
}
