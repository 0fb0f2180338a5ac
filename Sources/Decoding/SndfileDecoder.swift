import PlayerCore
import Sndfile

/// WAV, FLAC, Ogg Vorbis, Opus, AIFF, CAF (and whatever else libsndfile reads) through libsndfile.
///
/// Output format: s16 when the encoding is integer PCM of at most 16 bits (or a codec that decodes to 16 bits),
/// read with sf_readf_short, which is bit-exact with the file; f32 for 24/32-bit integer, float and lossy
/// (Vorbis, Opus) encodings, read with sf_readf_float: 24-bit samples fit a float's 24-bit mantissa exactly, float
/// files pass through, and the lossy codecs decode to float natively, so nothing is rounded twice.
/// Both read straight into the caller's buffer.
public final class SndfileDecoder: Decoder {
    public let format: AudioFormat
    public let totalFrames: Int64?
    public let isSeekable: Bool
    public let tags: TrackTags
    /// libsndfile's names for the container and encoding, e.g. ("FLAC", "PCM_16").
    public let container: String
    public let encoding: String

    private let handle: SndfileHandle
    private let bridge: ByteSourceBridge
    private let path: String
    private var nextFrame: Int64 = 0
    private var endingError: DecodeError?
    /// The file's end is known to be missing: reaching it ends the track with `.truncated`.
    private var damagedEnd = false

    /// Opens `source` with libsndfile; throws `.unsupportedFormat` when it is not a format libsndfile reads,
    /// `.empty` when it holds no audio frames.
    public init(source: any ByteSource) throws(DecodeError) {
        path = source.path
        let (handle, bridge) = try Self.open(source)
        // An Ogg file whose last page is missing (a cut-off download) opens with an unknown length; libsndfile
        // decodes its complete pages, and reaching the end then reports the missing rest.
        damagedEnd = handle.info.container == "OGG" && !Self.isKnownLength(handle.info.frames) && source.isSeekable
        self.handle = handle
        self.bridge = bridge
        let info = handle.info
        guard info.sampleRate > 0, info.channels > 0 else {
            throw DecodeError(
                .corrupt, path: path, message: "invalid stream: \(info.sampleRate) Hz, \(info.channels) ch")
        }
        let known = Self.isKnownLength(info.frames)
        if known && info.frames == 0 {
            throw DecodeError(.empty, path: path, message: "\(info.container) file holds no audio frames")
        }
        container = info.container
        encoding = info.encoding
        totalFrames = known ? info.frames : nil
        isSeekable = source.isSeekable && info.seekable
        format = AudioFormat(
            sampleRate: info.sampleRate, channels: info.channels,
            sampleFormat: info.decodesExactlyToInt16 ? .int16 : .float32)
        tags = SndfileTagMapper.tags(from: handle, source: bridge.source)
    }

    private static func open(_ source: any ByteSource) throws(DecodeError) -> (SndfileHandle, ByteSourceBridge) {
        let bridge = ByteSourceBridge(source)
        do {
            return (try SndfileHandle(input: bridge), bridge)
        } catch {
            throw bridge.sourceError ?? DecodeError(error, path: source.path, offset: nil)
        }
    }

    /// libsndfile reports an unknown length as a huge count (SF_COUNT_MAX).
    private static func isKnownLength(_ frames: Int64) -> Bool { frames >= 0 && frames < Int64.max / 4 }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
        if let endingError { throw endingError }
        let frameBytes = format.bytesPerFrame
        precondition(buffer.count >= frameBytes, "read buffer smaller than one frame")
        let frames = buffer.count / frameBytes
        let base = buffer.baseAddress!
        let got: Int
        do {
            switch format.sampleFormat {
            case .int16:
                got = try handle.readFrames(
                    into: base.bindMemory(to: Int16.self, capacity: frames * format.channels),
                    frames: frames)
            case .float32:
                got = try handle.readFrames(
                    into: base.bindMemory(to: Float.self, capacity: frames * format.channels),
                    frames: frames)
            }
        } catch {
            endingError = bridge.sourceError ?? DecodeError(error, path: path, offset: bridge.source.position)
            // A decoder error with the whole input consumed is the file ending mid-frame.
            if let length = bridge.source.length, bridge.source.position >= length, bridge.sourceError == nil {
                endingError!.kind = .truncated
                endingError!.message = "file ends mid-stream after frame \(nextFrame): \(error)"
            }
            throw endingError!
        }
        if got == 0 { try checkComplete() }
        nextFrame += Int64(got)
        return got * frameBytes
    }

    public func seek(toFrame frame: Int64) throws(DecodeError) {
        guard isSeekable else { throw DecodeError(.notSeekable, path: path, message: "stream is not seekable") }
        precondition(frame >= 0, "negative seek target")
        let target = totalFrames.map { min(frame, $0) } ?? frame
        do {
            let reached = try handle.seek(toFrame: target)
            guard reached == target else {
                throw DecodeError(.corrupt, path: path, message: "seek to frame \(target) reached frame \(reached)")
            }
        } catch let error as SndfileError {
            throw bridge.sourceError ?? DecodeError(error, path: path, offset: bridge.source.position)
        } catch let error as DecodeError {
            throw error
        } catch {
            throw DecodeError(.corrupt, path: path, message: "\(error)")
        }
        bridge.clearError()
        nextFrame = target
        endingError = nil
    }

    /// At the end: a source error or a stream shorter than its header says is reported, not hidden.
    private func checkComplete() throws(DecodeError) {
        if let sourceError = bridge.sourceError {
            endingError = sourceError
            throw sourceError
        }
        if damagedEnd {
            endingError = DecodeError(
                .truncated, path: path, offset: bridge.source.position,
                message: "\(container) stream is cut off after frame \(nextFrame)")
            throw endingError!
        }
        if let totalFrames, nextFrame < totalFrames {
            endingError = DecodeError(
                .truncated, path: path, offset: bridge.source.position,
                message: "\(container) stream ended at frame \(nextFrame) of \(totalFrames)")
            throw endingError!
        }
    }
}
