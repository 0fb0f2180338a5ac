import CPulse

extension PulseContext {
    /// Creates an unconnected stream (playback, record or sample upload) for a spec that comes from a file's
    /// header or a caller: a rate or channel count C cannot hold is the same error as an invalid spec, never a trap.
    /// The caller owns the returned reference (`pa_stream_unref`).
    func newStream(
        name: String, format: PulseStream.SampleFormat, sampleRate: Int, channels: Int,
        properties: [String: String]
    ) throws(PulseError) -> OpaquePointer {
        guard let rate = UInt32(exactly: sampleRate), let channelCount = UInt8(exactly: channels) else {
            throw PulseError(
                code: Int32(PA_ERR_INVALID.rawValue),
                operation: "pa_sample_spec(\(sampleRate) Hz, \(channels) ch)")
        }
        var spec = pa_sample_spec(
            format: format == .s16 ? linnet_pa_sample_s16ne : linnet_pa_sample_float32ne,
            rate: rate, channels: channelCount)
        guard pa_sample_spec_valid(&spec) != 0 else {
            throw PulseError(
                code: Int32(PA_ERR_INVALID.rawValue),
                operation: "pa_sample_spec_valid(\(sampleRate) Hz, \(channels) ch)")
        }
        let props = PulseProplist(properties)
        guard let stream = pa_stream_new_with_proplist(raw, name, &spec, nil, props.raw) else {
            throw lastError("pa_stream_new_with_proplist")
        }
        return stream
    }
}
