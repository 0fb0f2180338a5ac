import CSndfile
import Glibc
import Synchronization

/// One open libsndfile stream (`SNDFILE *`) reading from a `SndfileInput` through SF_VIRTUAL_IO.
///
/// Not thread-safe: owned by one thread at a time; the input is called back on that thread.
public final class SndfileHandle {
    /// What libsndfile reports about the stream (SF_INFO), in Swift terms.
    public struct Info: Sendable, Hashable {
        /// Frames in the stream (for Ogg/Opus as reported by libsndfile from the last granule position).
        public var frames: Int64
        public var sampleRate: Int
        public var channels: Int
        /// Whether libsndfile can seek in this stream (also false when the input cannot seek).
        public var seekable: Bool
        /// The container, e.g. "WAV", "FLAC", "OGG", "AIFF", "CAF".
        public var container: String
        /// The encoding, e.g. "PCM_16", "PCM_24", "FLOAT", "VORBIS", "OPUS".
        public var encoding: String
        /// True when the encoding is integer PCM of at most 16 bits (or a codec that decodes to 16 bits), so
        /// reading it as s16 is exact; false for 24/32-bit, float and lossy perceptual codecs.
        public var decodesExactlyToInt16: Bool
    }

    /// The tag strings libsndfile exposes (sf_get_string).
    public enum StringField: CaseIterable, Sendable {
        case title, artist, album, date, genre, comment, trackNumber

        var cValue: Int32 {
            switch self {
            case .title: return Int32(SF_STR_TITLE)
            case .artist: return Int32(SF_STR_ARTIST)
            case .album: return Int32(SF_STR_ALBUM)
            case .date: return Int32(SF_STR_DATE)
            case .genre: return Int32(SF_STR_GENRE)
            case .comment: return Int32(SF_STR_COMMENT)
            case .trackNumber: return Int32(SF_STR_TRACKNUMBER)
            }
        }
    }

    public let info: Info
    private let sf: OpaquePointer
    /// Keeps the input alive while libsndfile holds an unretained pointer to it.
    private let inputBox: InputBox

    /// Opens `input` for reading (sf_open_virtual); throws with libsndfile's reason when it is not a stream it
    /// can decode.
    public init(input: some SndfileInput) throws(SndfileError) {
        let box = InputBox(input)
        var vio = SF_VIRTUAL_IO(
            get_filelen: { user in Unmanaged<InputBox>.fromOpaque(user!).takeUnretainedValue().input.sndfileLength() },
            seek: { offset, whence, user in
                Unmanaged<InputBox>.fromOpaque(user!).takeUnretainedValue().input.sndfileSeek(
                    offset: offset, whence: whence)
            },
            read: { ptr, count, user in
                guard let ptr, count > 0 else { return 0 }
                return Unmanaged<InputBox>.fromOpaque(user!).takeUnretainedValue().input
                    .sndfileRead(into: UnsafeMutableRawBufferPointer(start: ptr, count: Int(count)))
            },
            write: { _, _, _ in 0 },
            tell: { user in Unmanaged<InputBox>.fromOpaque(user!).takeUnretainedValue().input.sndfileTell() })
        var sfInfo = SF_INFO()
        // libsndfile reports open failures through process-global state (sf_error(NULL)); the lock keeps the
        // error we read tied to our own call when several tracks open at once.
        // The handle crosses the lock as an address: a raw pointer is not Sendable, and only this thread uses it.
        let opened: Result<UInt, SndfileError> = sndfileOpenLock.withLock { _ in
            if let handle = sf_open_virtual(&vio, Int32(SFM_READ), &sfInfo, Unmanaged.passUnretained(box).toOpaque()) {
                return .success(UInt(bitPattern: Int(bitPattern: handle)))
            }
            return .failure(
                SndfileError(
                    operation: "sf_open_virtual", code: sf_error(nil),
                    message: String(cString: sf_strerror(nil))))
        }
        switch opened {
        case .success(let address): sf = OpaquePointer(bitPattern: address)!
        case .failure(let error): throw error
        }
        inputBox = box
        let subtype = sfInfo.format & Int32(SF_FORMAT_SUBMASK)
        let major = sfInfo.format & Int32(SF_FORMAT_TYPEMASK)
        info = Info(
            frames: sfInfo.frames, sampleRate: Int(sfInfo.samplerate), channels: Int(sfInfo.channels),
            seekable: sfInfo.seekable != 0, container: containerName(major),
            encoding: encodingName(subtype), decodesExactlyToInt16: exactInt16Subtypes.contains(subtype))
    }

    deinit { sf_close(sf) }

    /// Reads up to `frames` frames of s16 into `buffer` (sf_readf_short); returns the frames read, 0 at the end.
    public func readFrames(into buffer: UnsafeMutablePointer<Int16>, frames: Int) throws(SndfileError) -> Int {
        let n = sf_readf_short(sf, buffer, sf_count_t(frames))
        if n < frames { try checkStreamError("sf_readf_short") }
        return Int(n)
    }

    /// Reads up to `frames` frames of f32 in [-1, 1] into `buffer` (sf_readf_float); returns the frames read.
    public func readFrames(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws(SndfileError) -> Int {
        let n = sf_readf_float(sf, buffer, sf_count_t(frames))
        if n < frames { try checkStreamError("sf_readf_float") }
        return Int(n)
    }

    /// Seeks so the next read starts at `frame` (sf_seek, SEEK_SET); returns the frame reached.
    @discardableResult
    public func seek(toFrame frame: Int64) throws(SndfileError) -> Int64 {
        let r = sf_seek(sf, frame, SEEK_SET)
        if r < 0 {
            throw SndfileError(operation: "sf_seek", code: sf_error(sf), message: String(cString: sf_strerror(sf)))
        }
        return r
    }

    /// A tag string as raw bytes (libsndfile does not say its encoding), nil when absent.
    public func string(_ field: StringField) -> [UInt8]? {
        guard let p = sf_get_string(sf, field.cValue) else { return nil }
        let length = strlen(p)
        return length == 0 ? nil : Array(UnsafeRawBufferPointer(start: p, count: length))
    }

    private func checkStreamError(_ operation: String) throws(SndfileError) {
        let code = sf_error(sf)
        if code != 0 {
            throw SndfileError(operation: operation, code: code, message: String(cString: sf_strerror(sf)))
        }
    }
}

private let sndfileOpenLock = Mutex(())

/// Boxes the input so libsndfile can hold one thin pointer to it.
private final class InputBox {
    let input: any SndfileInput
    init(_ input: any SndfileInput) { self.input = input }
}

/// Encodings whose samples are integers of at most 16 bits after decoding (s16 reads are exact).
private let exactInt16Subtypes: Set<Int32> = [
    SF_FORMAT_PCM_S8, SF_FORMAT_PCM_U8, SF_FORMAT_PCM_16, SF_FORMAT_ULAW, SF_FORMAT_ALAW, SF_FORMAT_IMA_ADPCM,
    SF_FORMAT_MS_ADPCM, SF_FORMAT_GSM610, SF_FORMAT_G721_32, SF_FORMAT_G723_24, SF_FORMAT_G723_40,
    SF_FORMAT_DWVW_12, SF_FORMAT_DWVW_16, SF_FORMAT_DPCM_8, SF_FORMAT_DPCM_16, SF_FORMAT_ALAC_16,
    SF_FORMAT_NMS_ADPCM_16, SF_FORMAT_NMS_ADPCM_24, SF_FORMAT_NMS_ADPCM_32
].reduce(into: Set<Int32>()) { $0.insert(Int32($1)) }

private func containerName(_ major: Int32) -> String {
    switch Int(major) {
    case SF_FORMAT_WAV: return "WAV"
    case SF_FORMAT_WAVEX: return "WAVEX"
    case SF_FORMAT_RF64: return "RF64"
    case SF_FORMAT_W64: return "W64"
    case SF_FORMAT_AIFF: return "AIFF"
    case SF_FORMAT_CAF: return "CAF"
    case SF_FORMAT_FLAC: return "FLAC"
    case SF_FORMAT_OGG: return "OGG"
    case SF_FORMAT_MPEG: return "MPEG"
    case SF_FORMAT_AU: return "AU"
    default: return "0x" + String(major, radix: 16)
    }
}

private func encodingName(_ subtype: Int32) -> String {
    switch Int(subtype) {
    case SF_FORMAT_PCM_S8: return "PCM_S8"
    case SF_FORMAT_PCM_U8: return "PCM_U8"
    case SF_FORMAT_PCM_16: return "PCM_16"
    case SF_FORMAT_PCM_24: return "PCM_24"
    case SF_FORMAT_PCM_32: return "PCM_32"
    case SF_FORMAT_FLOAT: return "FLOAT"
    case SF_FORMAT_DOUBLE: return "DOUBLE"
    case SF_FORMAT_VORBIS: return "VORBIS"
    case SF_FORMAT_OPUS: return "OPUS"
    case SF_FORMAT_ULAW: return "ULAW"
    case SF_FORMAT_ALAW: return "ALAW"
    default: return "0x" + String(subtype, radix: 16)
    }
}
