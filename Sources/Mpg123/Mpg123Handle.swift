import CMpg123
import Glibc

/// One libmpg123 decoder handle (`mpg123_handle *`) reading from an `Mpg123Input`.
///
/// Not thread-safe: owned by one thread at a time, like mpg123's handle itself. The input is called back
/// synchronously on that thread from inside `open`, `read`, `seek` and `scan`.
public final class Mpg123Handle {
    /// Decoder settings applied before the stream is opened.
    public struct Options: Sendable {
        /// Trim encoder delay and padding announced by a LAME/Xing header (MPG123_GAPLESS).
        public var gapless = true
        /// Treat the input as seekable even when mpg123 could not tell (MPG123_FORCE_SEEKABLE); set only for
        /// inputs that really seek.
        public var forceSeekable = false
        /// Keep mpg123 from printing warnings about broken frames to stderr (MPG123_QUIET).
        public var quiet = true
        /// Bytes to search for the next frame after a broken one (MPG123_RESYNC_LIMIT); -1 means to the end.
        public var resyncLimit = 65536
        /// Keep ID3v2 APIC pictures for `id3()` (MPG123_PICTURE); `freeMetadata()` releases them.
        public var keepPictures = true
        /// Do not look at the end of the input at open (MPG123_NO_PEEK_END): for network inputs, where that costs
        /// a request; the size comes from `setFileSize` instead.
        public var noPeekEnd = false
        /// Seek by estimate (Xing TOC or bitrate) instead of reading every frame up to the target (MPG123_FUZZY).
        public var fuzzySeek = false
        public init() {}
    }

    /// The output format mpg123 negotiated: rate in Hz, channel count, and whether samples are s16 (else f32).
    public struct OutputFormat: Sendable, Hashable {
        public var rate: Int
        public var channels: Int
        public var isSigned16: Bool
    }

    /// What one `read` call produced.
    public enum ReadResult {
        /// `bytes` decoded bytes were written; more follow.
        case data(bytes: Int)
        /// The output format changed before the bytes written (query `outputFormat()`).
        case newFormat(bytes: Int)
        /// The end of the stream; `bytes` are the last ones.
        case done(bytes: Int)
        /// An error ended decoding after `bytes` bytes were written.
        case failed(bytes: Int, Mpg123Error)
    }

    private let mh: OpaquePointer
    /// Keeps the input alive while mpg123 holds an unretained pointer to it.
    private var inputBox: InputBox?

    /// Creates a handle with `options`, restricted to signed 16-bit output at every rate mpg123 supports.
    public init(options: Options = Options()) throws(Mpg123Error) {
        var err: Int32 = 0
        guard let handle = mpg123_new(nil, &err) else { throw Mpg123Error.plain("mpg123_new", code: err) }
        mh = handle
        var flags = 0
        if options.gapless { flags |= Int(MPG123_GAPLESS.rawValue) }
        if options.forceSeekable { flags |= Int(MPG123_FORCE_SEEKABLE.rawValue) }
        if options.quiet { flags |= Int(MPG123_QUIET.rawValue) }
        if options.keepPictures { flags |= Int(MPG123_PICTURE.rawValue) }
        if options.noPeekEnd { flags |= Int(MPG123_NO_PEEK_END.rawValue) }
        if options.fuzzySeek { flags |= Int(MPG123_FUZZY.rawValue) }
        try check(mpg123_param2(mh, Int32(MPG123_ADD_FLAGS.rawValue), flags, 0), "mpg123_param(MPG123_ADD_FLAGS)")
        if !options.gapless {
            try check(
                mpg123_param2(mh, Int32(MPG123_REMOVE_FLAGS.rawValue), Int(MPG123_GAPLESS.rawValue), 0),
                "mpg123_param(MPG123_REMOVE_FLAGS)")
        }
        try check(
            mpg123_param2(mh, Int32(MPG123_RESYNC_LIMIT.rawValue), options.resyncLimit, 0),
            "mpg123_param(MPG123_RESYNC_LIMIT)")
        // s16 is what mpg123 produces most cheaply and exactly; allow it (only it) at every rate.
        try check(mpg123_format_none(mh), "mpg123_format_none")
        var rates: UnsafePointer<Int>?
        var count = 0
        mpg123_rates(&rates, &count)
        for i in 0..<count {
            try check(
                mpg123_format(
                    mh, rates![i], Int32(MPG123_MONO.rawValue | MPG123_STEREO.rawValue),
                    Int32(MPG123_ENC_SIGNED_16.rawValue)), "mpg123_format")
        }
    }

    deinit {
        // mpg123_delete closes the stream itself; a close before it reset the decoder's buffers once more (each
        // reset clears ~12 KB: a library scan opens every file).
        mpg123_delete(mh)
    }

    /// Opens the stream on `input` (mpg123_replace_reader_handle + mpg123_open_handle).
    public func open(_ input: some Mpg123Input) throws(Mpg123Error) {
        try check(
            mpg123_replace_reader_handle(
                mh,
                { handle, buffer, count in
                    guard let handle, let buffer else { return -1 }
                    let box = Unmanaged<InputBox>.fromOpaque(handle).takeUnretainedValue()
                    return box.input.mpg123Read(into: UnsafeMutableRawBufferPointer(start: buffer, count: count))
                },
                { handle, offset, whence in
                    guard let handle else { return -1 }
                    let box = Unmanaged<InputBox>.fromOpaque(handle).takeUnretainedValue()
                    return off_t(box.input.mpg123Seek(offset: Int64(offset), whence: whence))
                }, nil), "mpg123_replace_reader_handle")
        let box = InputBox(input)
        inputBox = box
        try check(mpg123_open_handle(mh, Unmanaged.passUnretained(box).toOpaque()), "mpg123_open_handle")
    }

    /// The format of the decoded output; reads the first frame when none was read yet.
    public func outputFormat() throws(Mpg123Error) -> OutputFormat {
        var rate = 0
        var channels: Int32 = 0
        var encoding: Int32 = 0
        try check(mpg123_getformat(mh, &rate, &channels, &encoding), "mpg123_getformat")
        return OutputFormat(
            rate: rate, channels: Int(channels),
            isSigned16: encoding == Int32(MPG123_ENC_SIGNED_16.rawValue))
    }

    /// Pins the output to one rate and channel count of s16: later frames of another format are converted by
    /// mpg123 (resampled, up/down-mixed) rather than changing the format mid-track.
    public func pinOutputFormat(rate: Int, channels: Int) throws(Mpg123Error) {
        try check(mpg123_format_none(mh), "mpg123_format_none")
        let mode = channels == 1 ? MPG123_MONO.rawValue : MPG123_STEREO.rawValue
        try check(mpg123_format(mh, rate, Int32(mode), Int32(MPG123_ENC_SIGNED_16.rawValue)), "mpg123_format")
    }

    /// Decodes into `buffer` (mpg123_read): at most `buffer.count` bytes, straight into the caller's memory.
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
        var done = 0
        let rc = mpg123_read(mh, buffer.baseAddress, buffer.count, &done)
        switch rc {
        case Int32(MPG123_OK.rawValue): return .data(bytes: done)
        case Int32(MPG123_NEW_FORMAT.rawValue): return .newFormat(bytes: done)
        case Int32(MPG123_DONE.rawValue): return .done(bytes: done)
        default: return .failed(bytes: done, handleError("mpg123_read", rc))
        }
    }

    /// Tells mpg123 the input's size in bytes (mpg123_set_filesize), for a length estimate without peeking.
    public func setFileSize(_ bytes: Int64) throws(Mpg123Error) {
        try check(mpg123_set_filesize(mh, off_t(truncatingIfNeeded: bytes)), "mpg123_set_filesize")
    }

    /// Scans the whole stream (mpg123_scan) so `length` is exact and seeks are sample-accurate.
    /// Needs a seekable input; the position is restored.
    public func scan() throws(Mpg123Error) {
        try check(mpg123_scan(mh), "mpg123_scan")
    }

    /// Total samples per channel after gapless trimming (mpg123_length), nil when mpg123 cannot tell.
    public func length() -> Int64? {
        let n = mpg123_length(mh)
        return n < 0 ? nil : Int64(n)
    }

    /// Seeks so the next `read` starts at sample `sample` per channel (gapless-trimmed timeline); returns
    /// the sample reached.
    @discardableResult
    public func seek(toSample sample: Int64) throws(Mpg123Error) -> Int64 {
        let r = mpg123_seek(mh, off_t(sample), SEEK_SET)
        if r < 0 { throw handleError("mpg123_seek", Int32(truncatingIfNeeded: r)) }
        return Int64(r)
    }

    /// The byte offset in the input of the data mpg123 is working on (mpg123_tell_stream), for error context.
    public func streamOffset() -> Int64? {
        let r = mpg123_tell_stream(mh)
        return r < 0 ? nil : Int64(r)
    }

    /// Encoder delay and padding from the LAME/Xing header (nil each when there is no such header).
    public func encoderDelayAndPadding() -> (delay: Int?, padding: Int?) {
        var delay = 0, padding = 0
        var f = 0.0
        let a = mpg123_getstate2(mh, Int32(MPG123_ENC_DELAY.rawValue), &delay, &f)
        let b = mpg123_getstate2(mh, Int32(MPG123_ENC_PADDING.rawValue), &padding, &f)
        return (a == 0 && delay >= 0 ? delay : nil, b == 0 && padding >= 0 ? padding : nil)
    }

    /// The ID3 tags seen so far (ID3v2 at the start is parsed with the first frame; ID3v1 at the end is found
    /// when the input is seekable).
    ///
    /// Pictures larger than `maxPictureBytes` are counted but not copied; of the rest only the front cover (else
    /// the first picture) is copied.
    public func id3(maxPictureBytes: Int = 16 << 20) -> Mpg123ID3 {
        var v1: UnsafeMutablePointer<mpg123_id3v1>?
        var v2: UnsafeMutablePointer<mpg123_id3v2>?
        var result = Mpg123ID3()
        guard mpg123_id3(mh, &v1, &v2) == Int32(MPG123_OK.rawValue) else { return result }
        if let t = v1?.pointee {
            result.v1 = Mpg123ID3.V1(
                title: bytes(of: t.title), artist: bytes(of: t.artist),
                album: bytes(of: t.album), year: bytes(of: t.year),
                comment: bytes(of: t.comment), genre: t.genre)
        }
        if let t = v2?.pointee {
            result.v2Version = Int(t.version)
            // Text frames (with USLT), COMM, and TXXX (user-defined: id "TXXX", the name in `description`).
            for list in [(t.text, t.texts), (t.comment_list, t.comments), (t.extra, t.extras)] {
                guard let base = list.0 else { continue }
                for i in 0..<list.1 {
                    var frame = base[i]
                    let id = withUnsafeBytes(of: &frame.id) { String(decoding: $0, as: UTF8.self) }
                    result.v2Frames.append(
                        Mpg123ID3.TextFrame(
                            id: id, description: strings(frame.description).first ?? "", values: strings(frame.text)))
                }
            }
            if let base = t.picture {
                var chosen: Int?
                for i in 0..<t.pictures where base[i].data != nil && base[i].size > 0 {
                    if base[i].size > maxPictureBytes { result.oversizedPictures += 1; continue }
                    if chosen == nil || (base[i].type == 3 && base[chosen!].type != 3) { chosen = i }
                }
                if let i = chosen {
                    let p = base[i]
                    result.pictures = [
                        Mpg123ID3.Picture(
                            type: Int(UInt8(bitPattern: p.type)), mimeType: strings(p.mime_type).first ?? "",
                            description: strings(p.description).first ?? "",
                            data: Array(UnsafeBufferPointer(start: p.data, count: p.size)))
                    ]
                }
            }
        }
        return result
    }

    /// Frees the ID3 (and ICY) data mpg123 keeps for the handle (mpg123_meta_free): after `id3()` was copied,
    /// so an embedded picture is not held for the whole playback.
    public func freeMetadata() {
        mpg123_meta_free(mh)
    }

    // MARK: - Helpers

    private func check(_ rc: Int32, _ operation: String) throws(Mpg123Error) {
        if rc != Int32(MPG123_OK.rawValue) { throw handleError(operation, rc) }
    }

    /// Builds an error from a handle call; MPG123_ERR means "look at the handle's error code".
    private func handleError(_ operation: String, _ rc: Int32) -> Mpg123Error {
        if rc == Int32(MPG123_ERR.rawValue) {
            let code = mpg123_errcode(mh)
            return Mpg123Error(operation, code: code, message: String(cString: mpg123_plain_strerror(code)))
        }
        return Mpg123Error.plain(operation, code: rc)
    }
}

/// Boxes the input so mpg123 can hold one thin pointer to it.
private final class InputBox {
    let input: any Mpg123Input
    init(_ input: any Mpg123Input) { self.input = input }
}

/// Copies a fixed-size C char array (imported as a tuple) to bytes.
private func bytes<T>(of tuple: T) -> [UInt8] {
    withUnsafeBytes(of: tuple) { Array($0) }
}

/// The NUL-separated UTF-8 strings held in an mpg123_string.
private func strings(_ s: mpg123_string) -> [String] {
    guard let p = s.p, s.fill > 0 else { return [] }
    let raw = UnsafeRawBufferPointer(start: p, count: s.fill)
    return raw.split(separator: 0, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
}
