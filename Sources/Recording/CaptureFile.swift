import PlayerCore
import Sndfile

/// The file side of a recording: the libsndfile writer chosen from the settings, with the header rewritten
/// about once a second (WAV/CAF) so a killed daemon leaves a file that is valid up to then.
///
/// Crash safety, stated: we write the final file in place (no temporary name); WAV and CAF get their sizes
/// rewritten every second (SFC_UPDATE_HEADER_NOW), FLAC and Ogg are streams that decoders read up to the last
/// complete frame or page.
final class CaptureFile {
    let writer: SndfileWriter
    let settings: RecordingSettings
    private(set) var frames: Int64 = 0
    private var framesAtHeader: Int64 = 0

    /// The writer's container and encoding for `settings`.
    static func layout(_ s: RecordingSettings) -> (SndfileWriter.Container, SndfileWriter.Encoding) {
        let encoding: SndfileWriter.Encoding
        switch s.bits {
        case .s16?: encoding = .pcm16
        case .s24?: encoding = .pcm24
        case .s32?: encoding = .pcm32
        case .float?: encoding = .float
        case nil: encoding = s.container == .opus ? .opus : .vorbis
        }
        switch s.container {
        case .wav: return (.wav, encoding)
        case .flac: return (.flac, encoding)
        case .ogg, .opus: return (.ogg, encoding)
        case .caf: return (.caf, encoding)
        }
    }

    /// Checks with libsndfile that it can write this, without creating anything.
    static func check(_ s: RecordingSettings) throws(RecorderError) {
        let (container, encoding) = layout(s)
        guard SndfileWriter.canWrite(container, encoding, sampleRate: s.sampleRate, channels: s.channels) else {
            throw RecorderError(
                .invalidSettings,
                "libsndfile cannot write \(s.container.rawValue) with "
                    + "\(s.bits?.rawValue ?? "its codec") at \(s.sampleRate) Hz, \(s.channels) channels")
        }
    }

    init(_ settings: RecordingSettings) throws(SndfileError) {
        self.settings = settings
        let (container, encoding) = Self.layout(settings)
        writer = try SndfileWriter(
            path: settings.path, container: container, encoding: encoding,
            sampleRate: settings.sampleRate, channels: settings.channels, quality: settings.quality)
    }

    /// Appends captured bytes (s16 or float, as `settings.capturesInt16` says).
    func append(_ bytes: UnsafeRawBufferPointer) throws(SndfileError) {
        if settings.capturesInt16 {
            try writer.write(bytes.assumingMemoryBound(to: Int16.self))
            frames += Int64(bytes.count / (2 * settings.channels))
        } else {
            try writer.write(bytes.assumingMemoryBound(to: Float.self))
            frames += Int64(bytes.count / (4 * settings.channels))
        }
        // Only WAV and CAF: libsndfile's header rewrite corrupts an Ogg stream (measured: unreadable by ffprobe).
        if settings.container == .wav || settings.container == .caf,
            frames - framesAtHeader >= Int64(settings.sampleRate)
        {
            writer.updateHeader()
            framesAtHeader = frames
        }
    }

    var seconds: Double { Double(frames) / Double(settings.sampleRate) }
}
