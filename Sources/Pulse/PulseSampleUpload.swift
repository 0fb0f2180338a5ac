import CPulse

/// Uploads PCM into the server's sample cache under a name, as `pactl upload-sample` does: an upload
/// `pa_stream` (`pa_stream_connect_upload`), the whole clip written once it is ready, `pa_stream_finish_upload`.
/// The upload keeps itself alive until it finished or failed.
///
/// `@unchecked Sendable`: used only with the mainloop lock held; its callbacks run on the loop thread.
public final class PulseSampleUpload: @unchecked Sendable {
    private let raw: OpaquePointer
    private let context: PulseContext
    private let bytes: [UInt8]
    private var completion: ((PulseError?) -> Void)?
    private var selfReference: PulseSampleUpload?

    /// Starts uploading `bytes` (interleaved, native endian) as sample `name`; `completion(nil)` once the server
    /// has it, `completion(error)` otherwise; runs on the loop thread. Call with the lock held.
    @discardableResult
    public static func start(
        context: PulseContext, name: String, format: PulseStream.SampleFormat, sampleRate: Int,
        channels: Int, bytes: [UInt8], properties: [String: String],
        completion: @escaping (PulseError?) -> Void
    ) throws(PulseError) -> PulseSampleUpload {
        let upload = try PulseSampleUpload(
            context: context, name: name, format: format, sampleRate: sampleRate,
            channels: channels, bytes: bytes, properties: properties)
        upload.completion = completion
        upload.selfReference = upload
        guard pa_stream_connect_upload(upload.raw, bytes.count) == 0 else {
            upload.selfReference = nil
            throw context.lastError("pa_stream_connect_upload")
        }
        return upload
    }

    private init(
        context: PulseContext, name: String, format: PulseStream.SampleFormat, sampleRate: Int, channels: Int,
        bytes: [UInt8], properties: [String: String]
    ) throws(PulseError) {
        guard !bytes.isEmpty else {
            throw PulseError(code: Int32(PA_ERR_INVALID.rawValue), operation: "upload of an empty sample")
        }
        raw = try context.newStream(
            name: name, format: format, sampleRate: sampleRate, channels: channels,
            properties: properties)
        self.context = context
        self.bytes = bytes
        pa_stream_set_state_callback(
            raw,
            { _, ud in
                let me = Unmanaged<PulseSampleUpload>.fromOpaque(ud!).takeUnretainedValue()
                withExtendedLifetime(me) { me.stateChanged() }
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        pa_stream_set_state_callback(raw, nil, nil)
        pa_stream_unref(raw)
    }

    private func stateChanged() {
        switch pa_stream_get_state(raw) {
        case PA_STREAM_READY:
            // The server asked for exactly the clip's length; libpulse copies it (no free callback).
            let r = bytes.withUnsafeBytes { pa_stream_write(raw, $0.baseAddress, $0.count, nil, 0, PA_SEEK_RELATIVE) }
            if r < 0 || pa_stream_finish_upload(raw) < 0 { finish(context.lastError("pa_stream_write (upload)")) }
        case PA_STREAM_TERMINATED:
            finish(nil)  // finish_upload turns the stream into the cached sample and ends it
        case PA_STREAM_FAILED:
            finish(context.lastError("sample upload"))
        default:
            break
        }
    }

    private func finish(_ error: PulseError?) {
        guard let completion else { return }
        self.completion = nil
        completion(error)
        selfReference = nil
    }
}
