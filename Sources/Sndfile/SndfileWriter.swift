import CSndfile
import Glibc

/// One file libsndfile writes (`sf_open` in SFM_WRITE): WAV, FLAC, Ogg Vorbis, Ogg Opus or CAF.
///
/// Not thread-safe: owned by one thread at a time.
public final class SndfileWriter {
    /// The container written.
    public enum Container: Sendable, Hashable { case wav, flac, ogg, caf }
    /// How samples are stored in it.
    public enum Encoding: Sendable, Hashable { case pcm16, pcm24, pcm32, float, vorbis, opus }

    private let sf: OpaquePointer
    public let path: String
    public let channels: Int

    /// Whether libsndfile can write this combination (`sf_format_check`).
    public static func canWrite(_ container: Container, _ encoding: Encoding, sampleRate: Int, channels: Int) -> Bool {
        var info = SF_INFO()
        info.samplerate = Int32(clamping: sampleRate)
        info.channels = Int32(clamping: channels)
        info.format = format(container, encoding)
        return sf_format_check(&info) != 0
    }

    /// Creates (or truncates) `path`. `quality` 0…1: the VBR quality for Vorbis/Opus, the compression effort
    /// for FLAC (libsndfile's SFC_SET_VBR_ENCODING_QUALITY / SFC_SET_COMPRESSION_LEVEL); nil: the default.
    public init(
        path: String, container: Container, encoding: Encoding, sampleRate: Int, channels: Int,
        quality: Double?
    ) throws(SndfileError) {
        var info = SF_INFO()
        info.samplerate = Int32(clamping: sampleRate)
        info.channels = Int32(clamping: channels)
        info.format = Self.format(container, encoding)
        guard let handle = sf_open(path, Int32(SFM_WRITE), &info) else {
            var e = SndfileError(
                operation: "sf_open \(path)", code: sf_error(nil), message: String(cString: sf_strerror(nil)))
            e.systemErrno = errno
            throw e
        }
        sf = handle
        self.path = path
        self.channels = channels
        if var q = quality {
            switch encoding {
            case .vorbis, .opus:
                _ = sf_command(sf, Int32(SFC_SET_VBR_ENCODING_QUALITY), &q, Int32(MemoryLayout<Double>.size))
            default:
                if container == .flac {
                    var level = 1 - q  // quality 1: most effort = smallest file (lossless either way)
                    _ = sf_command(sf, Int32(SFC_SET_COMPRESSION_LEVEL), &level, Int32(MemoryLayout<Double>.size))
                }
            }
        }
    }

    private var closed = false

    deinit { close() }

    /// Finishes the file (final header, codec flush) and closes it; later writes are refused.
    public func close() {
        guard !closed else { return }
        closed = true
        sf_close(sf)
    }

    /// Writes interleaved 16-bit frames (sf_writef_short).
    public func write(_ samples: UnsafeBufferPointer<Int16>) throws(SndfileError) {
        guard !closed else { throw SndfileError(operation: "sf_writef_short \(path)", code: 0, message: "closed") }
        guard let base = samples.baseAddress else { return }
        let frames = samples.count / channels
        errno = 0
        let n = sf_writef_short(sf, base, sf_count_t(frames))
        if n != frames { throw failure("sf_writef_short") }
    }

    /// Writes interleaved float frames in −1…1 (sf_writef_float; converted to the file's encoding).
    public func write(_ samples: UnsafeBufferPointer<Float>) throws(SndfileError) {
        guard !closed else { throw SndfileError(operation: "sf_writef_float \(path)", code: 0, message: "closed") }
        guard let base = samples.baseAddress else { return }
        let frames = samples.count / channels
        errno = 0
        let n = sf_writef_float(sf, base, sf_count_t(frames))
        if n != frames { throw failure("sf_writef_float") }
    }

    /// Rewrites the header for the data written so far (WAV/CAF sizes), so the file is complete if the process
    /// dies now (SFC_UPDATE_HEADER_NOW); a no-op for streamed formats.
    public func updateHeader() {
        guard !closed else { return }
        _ = sf_command(sf, Int32(SFC_UPDATE_HEADER_NOW), nil, 0)
    }

    private func failure(_ operation: String) -> SndfileError {
        let saved = errno
        var e = SndfileError(
            operation: "\(operation) \(path)", code: sf_error(sf), message: String(cString: sf_strerror(sf)))
        e.systemErrno = saved
        return e
    }

    private static func format(_ container: Container, _ encoding: Encoding) -> Int32 {
        let major: Int
        switch container {
        case .wav: major = SF_FORMAT_WAV
        case .flac: major = SF_FORMAT_FLAC
        case .ogg: major = SF_FORMAT_OGG
        case .caf: major = SF_FORMAT_CAF
        }
        let minor: Int
        switch encoding {
        case .pcm16: minor = SF_FORMAT_PCM_16
        case .pcm24: minor = SF_FORMAT_PCM_24
        case .pcm32: minor = SF_FORMAT_PCM_32
        case .float: minor = SF_FORMAT_FLOAT
        case .vorbis: minor = SF_FORMAT_VORBIS
        case .opus: minor = SF_FORMAT_OPUS
        }
        return Int32(major | minor)
    }
}
