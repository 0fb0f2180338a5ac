import Mpg123
import PlayerCore

/// MPEG audio (MP3, MP2) through libmpg123: gapless, exact length, sample-accurate seek, s16 output.
///
/// - Gapless: MPG123_GAPLESS trims the encoder delay and padding a LAME/Xing header announces, so a LAME file
///   decodes to exactly the samples of the WAV it was made from.
/// - Length: exact from a LAME/Info header; without one, a seekable source is scanned once at open
///   (mpg123_scan: headers only, no decoding), which makes the length exact for VBR files without a Xing header.
/// - Format: s16 at the stream's rate and channel count, pinned for the life of the decoder; if the stream changes
///   rate or channels mid-way (MPG123_NEW_FORMAT), mpg123 converts to the pinned format, and a format it cannot
///   convert ends the track with `.unsupportedFormat`.
/// - Errors: broken frames are skipped by mpg123's resync; a stream it cannot resync ends with `.corrupt` carrying
///   the byte offset; a file shorter than its header says ends with `.truncated` after its last whole frame.
public final class Mpg123Decoder: Decoder {
    public let format: AudioFormat
    public let totalFrames: Int64?
    public let isSeekable: Bool
    public let tags: TrackTags
    /// Encoder delay and padding (in samples) from the LAME header, nil when the file has none.
    public let encoderDelay: Int?
    public let encoderPadding: Int?

    private let handle: Mpg123Handle
    private let bridge: ByteSourceBridge
    private let path: String
    /// The frame the next `read` returns (gapless timeline).
    private var nextFrame: Int64 = 0
    /// An error that ended the track; thrown again by every later `read`.
    private var endingError: DecodeError?
    private var finished = false
    /// A network source: seeks land near the target (fuzzy), the length may be an estimate.
    private var remote = false
    private var lengthIsExact = true

    /// Opens `source` as MPEG audio; throws `.unsupportedFormat` when mpg123 finds no MPEG frames in it.
    public init(source: any ByteSource) throws(DecodeError) {
        path = source.path
        let bridge = ByteSourceBridge(source)
        self.bridge = bridge
        var options = Mpg123Handle.Options()
        options.forceSeekable = source.isSeekable
        // Pictures of a seekable file are read by ID3PictureReader (bounded memory); mpg123 copies them otherwise.
        options.keepPictures = !source.isSeekable || source.isRemote
        // Over the network every jump is a request: no peeking at the end, seeks by estimate.
        options.noPeekEnd = source.isRemote
        options.fuzzySeek = source.isRemote
        // A live stream (no length) may carry a LAME/Info header from the file the station plays: its frame
        // count and padding say nothing about the stream, which goes on.
        options.gapless = !(source.isRemote && source.length == nil)
        remote = source.isRemote
        do {
            handle = try Mpg123Handle(options: options)
            try handle.open(bridge)
            let out = try handle.outputFormat()
            guard out.isSigned16, out.rate > 0, out.channels > 0 else {
                throw DecodeError(
                    .unsupportedFormat, path: source.path,
                    message: "mpg123 offered no s16 output (\(out.rate) Hz, \(out.channels) ch)")
            }
            try handle.pinOutputFormat(rate: out.rate, channels: out.channels)
            format = AudioFormat(sampleRate: out.rate, channels: out.channels, sampleFormat: .int16)
            // A LAME/Info header states the exact frame count (and delay/padding): the length is exact without
            // reading the file. Otherwise scan it once (headers only) for an exact length; either way seeks are
            // sample-accurate, mpg123 reads frame headers forward to any frame not yet indexed.
            if source.isRemote {
                // Exact from a LAME/Info header, else estimated from the byte length and bitrate (no scan).
                if let bytes = source.length { try handle.setFileSize(bytes) }
                let estimate = source.length == nil ? nil : handle.length()
                totalFrames = estimate.flatMap { $0 > 0 ? $0 : nil }
                lengthIsExact = handle.encoderDelayAndPadding().delay != nil
            } else if source.isSeekable {
                if handle.encoderDelayAndPadding().delay == nil { try handle.scan() }
                totalFrames = handle.length()
            } else {
                totalFrames = nil
            }
        } catch let error as Mpg123Error {
            throw bridge.sourceError ?? DecodeError(error, path: source.path, offset: source.position, opening: true)
        } catch let error as DecodeError {
            throw error
        } catch {
            throw DecodeError(.corrupt, path: source.path, message: "\(error)")
        }
        isSeekable = source.isSeekable
        (encoderDelay, encoderPadding) = handle.encoderDelayAndPadding()
        tags = ID3TagMapper.tags(from: handle.id3(), source: bridge.source)
        handle.freeMetadata()
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
        if let endingError { throw endingError }
        if finished { return 0 }
        let frameBytes = format.bytesPerFrame
        precondition(buffer.count >= frameBytes, "read buffer smaller than one frame")
        let target = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<(buffer.count - buffer.count % frameBytes)])
        // A format-change notice can come with no bytes; a few in a row without audio means a broken stream.
        for _ in 0..<8 {
            switch handle.read(into: target) {
            case .data(let bytes):
                if bytes > 0 { return delivered(bytes) }
            case .newFormat(let bytes):
                try checkFormatUnchanged()
                if bytes > 0 { return delivered(bytes) }
            case .done(let bytes):
                // mpg123 answers DONE again on the next call, which then ends the track.
                if bytes > 0 { return delivered(bytes) }
                finished = true
                try checkComplete()
                return 0
            case .failed(let bytes, let error):
                let offset = handle.streamOffset()
                endingError = bridge.sourceError ?? DecodeError(error, path: path, offset: offset, opening: false)
                if bytes > 0 { return delivered(bytes) }
                throw endingError!
            }
        }
        endingError = DecodeError(
            .corrupt, path: path, offset: handle.streamOffset(),
            message: "mpg123 returned no audio for repeated reads")
        throw endingError!
    }

    public func seek(toFrame frame: Int64) throws(DecodeError) {
        guard isSeekable else {
            throw DecodeError(.notSeekable, path: path, message: "stream is not seekable")
        }
        precondition(frame >= 0, "negative seek target")
        let target = totalFrames.map { min(frame, $0) } ?? frame
        do {
            let reached = try handle.seek(toSample: target)
            guard reached == target || remote else {
                throw DecodeError(
                    .corrupt, path: path, offset: handle.streamOffset(),
                    message: "seek to frame \(target) reached frame \(reached)")
            }
        } catch let error as Mpg123Error {
            throw bridge.sourceError ?? DecodeError(error, path: path, offset: handle.streamOffset(), opening: false)
        } catch let error as DecodeError {
            throw error
        } catch {
            throw DecodeError(.corrupt, path: path, message: "\(error)")
        }
        bridge.clearError()
        nextFrame = target
        endingError = nil
        finished = false
    }

    private func delivered(_ bytes: Int) -> Int {
        nextFrame += Int64(bytes / format.bytesPerFrame)
        return bytes
    }

    /// After MPG123_NEW_FORMAT: the pinned format must still hold (mpg123 converts what it can).
    private func checkFormatUnchanged() throws(DecodeError) {
        let now: Mpg123Handle.OutputFormat
        do {
            now = try handle.outputFormat()
        } catch {
            endingError = DecodeError(error, path: path, offset: handle.streamOffset(), opening: false)
            throw endingError!
        }
        if now.rate != format.sampleRate || now.channels != format.channels || !now.isSigned16 {
            endingError = DecodeError(
                .unsupportedFormat, path: path, offset: handle.streamOffset(),
                message: "format changed mid-stream from \(format) to \(now.rate) Hz "
                    + "\(now.channels) ch")
            throw endingError!
        }
    }

    /// At the end: a source error or a stream shorter than its announced length is reported, not hidden.
    private func checkComplete() throws(DecodeError) {
        if let sourceError = bridge.sourceError {
            endingError = sourceError
            throw sourceError
        }
        if let totalFrames, nextFrame < totalFrames, lengthIsExact {
            endingError = DecodeError(
                .truncated, path: path, offset: handle.streamOffset(),
                message: "stream ended at frame \(nextFrame) of \(totalFrames)")
            throw endingError!
        }
    }
}
