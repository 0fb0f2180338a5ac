import CPulse

/// Playing and removing samples of the server's sample cache (uploaded with `PulseSampleUpload`).
/// Same threading rule as the rest of `PulseContext`: call with the mainloop lock held; completions run on the
/// loop thread.
extension PulseContext {
    /// Plays cached sample `name` on the default sink (`pa_context_play_sample_with_proplist`); `volume` nil
    /// leaves it to the server (the event sound volume), else 1.0 = PA_VOLUME_NORM. `started` gets the sink
    /// input playing it, nil when the server refused.
    public func playSample(
        name: String, volume: Double?, properties: [String: String],
        started: @escaping (UInt32?) -> Void
    ) {
        let props = PulseProplist(properties)
        var v = linnet_pa_volume_invalid
        if let volume, volume.isFinite {
            v = pa_volume_t(min(Double(linnet_pa_volume_max), max(0, volume) * Double(linnet_pa_volume_norm) + 0.5))
        }
        let box = Unmanaged.passRetained(CallbackBox(started)).toOpaque()
        let op = pa_context_play_sample_with_proplist(
            raw, name, nil, v, props.raw,
            { _, index, ud in
                let box = Unmanaged<CallbackBox<UInt32?>>.fromOpaque(ud!).takeRetainedValue()
                box.call(index == linnet_pa_invalid_index ? nil : index)
            }, box)
        if let op {
            pa_operation_unref(op)
        } else {
            Unmanaged<CallbackBox<UInt32?>>.fromOpaque(box).release()
            started(nil)
        }
    }

    /// Removes cached sample `name` (a sample already gone is no error worth reporting); `done` runs on the
    /// loop thread once the server answered (or at once when the request could not be sent).
    public func removeSample(name: String, done: (() -> Void)? = nil) {
        guard let done else {
            if let op = pa_context_remove_sample(raw, name, nil, nil) { pa_operation_unref(op) }
            return
        }
        let box = Unmanaged.passRetained(CallbackBox<Void> { _ in done() }).toOpaque()
        let op = pa_context_remove_sample(
            raw, name,
            { _, _, ud in
                Unmanaged<CallbackBox<Void>>.fromOpaque(ud!).takeRetainedValue().call(())
            }, box)
        if let op {
            pa_operation_unref(op)
        } else {
            Unmanaged<CallbackBox<Void>>.fromOpaque(box).release()
            done()
        }
    }
}
