import Faad
import PlayerCore

/// ADTS AAC read frame by frame as it arrives (internet radio sending `audio/aac`/`audio/aacp`, HLS AAC segments,
/// an MPEG-TS audio track, a remote `.aac` file): no index of the whole stream, so playback starts with the first
/// frame. Live streams are not seekable; over a seekable source of known length (a file on a server that takes
/// byte ranges) the length is estimated from the first frames' average size and a seek jumps to the byte that
/// estimate gives (fuzzy, as over the network for MP3).
///
/// Tolerant like a radio player must be: bytes between frames (an ID3 tag at the start of each HLS segment, a
/// damaged stretch) are skipped up to the next header chain; a frame faad rejects is dropped. Only a long run of
/// garbage (`maxGarbageBytes`) or of rejected frames (`maxBadFrames`) ends the stream with a typed error.
public final class ADTSStreamDecoder: Decoder {
    public let format: AudioFormat
    public let totalFrames: Int64?
    public var isSeekable: Bool { estimate != nil }
    public var tags: TrackTags { TrackTags() }

    private let source: any ByteSource
    private let path: String
    private let faad: FaadDecoder
    private let first: ADTSFrameIndex.Header
    private var reader: ADTSFrameReader
    private var pending: [Int16] = []
    private var pendingUsed = 0
    private var badFrames = 0
    private var endingError: DecodeError?
    /// Frames read ahead at open to estimate the length; decoded before anything else is read.
    private var queued: [ADTSFrameReader.Frame] = []
    /// Where the first frame starts, its average size in bytes and output frames per ADTS frame (seekable only).
    private let estimate: (first: Int64, bytesPerFrame: Double, outputPerFrame: Int64)?

    /// Frames read ahead at open for the length estimate (about 0.7 s at 44.1 kHz).
    static let estimateFrames = 32

    /// Consecutive frames faad rejects before the stream counts as broken.
    static let maxBadFrames = 32

    /// Opens at the source's current position; reads until the first frame (skipping an ID3 tag or garbage).
    public init(source: any ByteSource) throws(DecodeError) {
        self.source = source
        path = source.path
        reader = ADTSFrameReader(path: source.path)
        guard let frame = try reader.nextFrame(from: source) else {
            throw DecodeError(.unsupportedFormat, path: source.path, message: "no ADTS frame found")
        }
        first = frame.header
        do throws(FaadError) {
            faad = try FaadDecoder(.adtsFrame(frame.bytes))
        } catch {
            throw DecodeError(.corrupt, path: source.path, message: "AAC decoder could not start: \(error)")
        }
        guard faad.format.channels <= 8 else {
            throw DecodeError(
                .unsupportedFormat, path: path, message: "\(faad.format.channels)-channel AAC is not played")
        }
        format = AudioFormat(sampleRate: faad.format.sampleRate, channels: faad.format.channels, sampleFormat: .int16)
        // faad may double the rate of HE-AAC: output frames per ADTS frame follow its rate, not the header's.
        let outputPerFrame =
            Int64(1024 * frame.header.blocks) * Int64(format.sampleRate) / Int64(frame.header.sampleRate)
        if source.isSeekable, let length = source.length, length > frame.offset, outputPerFrame > 0 {
            var bytes = frame.bytes.count
            while queued.count + 1 < Self.estimateFrames, let next = try reader.nextFrame(from: source) {
                queued.append(next)
                bytes += next.bytes.count
            }
            let average = Double(bytes) / Double(queued.count + 1)
            estimate = (frame.offset, average, outputPerFrame)
            // The first frame is priming (no output); the rest is heard.
            let frames = (Double(length - frame.offset) / average - 1) * Double(outputPerFrame)
            totalFrames = frames.isFinite && frames >= 0 && frames < 1e15 ? Int64(frames) : nil
        } else {
            estimate = nil
            totalFrames = nil
        }
        // The first frame is decoded like every other: faad gives no output for it (encoder priming).
        try decode(frame)
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
        if let endingError { throw endingError }
        let channels = format.channels
        let capacity = buffer.count / format.bytesPerFrame
        precondition(capacity > 0, "read buffer smaller than one frame")
        while pendingUsed == pending.count {
            let frame: ADTSFrameReader.Frame?
            do { frame = queued.isEmpty ? try reader.nextFrame(from: source) : queued.removeFirst() } catch {
                endingError = error
                throw error
            }
            guard let frame else { return 0 }
            try decode(frame)
        }
        let frames = min(capacity, (pending.count - pendingUsed) / channels)
        pending.withUnsafeBytes { src in
            buffer.baseAddress!.copyMemory(
                from: src.baseAddress! + pendingUsed * 2, byteCount: frames * format.bytesPerFrame)
        }
        pendingUsed += frames * channels
        return frames * format.bytesPerFrame
    }

    /// Decodes one frame into `pending`; a frame of another stream configuration or one faad rejects is
    /// dropped (a station switching programmes, a damaged frame), too many in a row end the stream.
    private func decode(_ frame: ADTSFrameReader.Frame) throws(DecodeError) {
        pending.removeAll(keepingCapacity: true)
        pendingUsed = 0
        let h = frame.header
        var ok = h.sampleRateIndex == first.sampleRateIndex && h.channelConfig == first.channelConfig
        if ok {
            let result = frame.bytes.withUnsafeBytes { raw in
                Result { () throws(FaadError) in try faad.decode(raw) { samples in pending.append(contentsOf: samples) }
                }
            }
            if case .failure = result { ok = false }
        }
        if ok {
            badFrames = 0
            return
        }
        pending.removeAll(keepingCapacity: true)
        badFrames += 1
        if badFrames >= Self.maxBadFrames {
            let error = DecodeError(
                .corrupt, path: path, offset: frame.offset,
                message: "\(badFrames) AAC frames in a row could not be decoded")
            endingError = error
            throw error
        }
    }

    public func seek(toFrame frame: Int64) throws(DecodeError) {
        guard let estimate, let length = source.length else {
            throw DecodeError(.notSeekable, path: path, message: "this AAC stream is not seekable")
        }
        precondition(frame >= 0, "negative seek target")
        // One frame early: the frame after a restart only primes faad (no output).
        let index = Double(frame / estimate.outputPerFrame)
        let byte = min(Double(length - 1), Double(estimate.first) + index * estimate.bytesPerFrame)
        let target = Int64(byte)  // finite and within [first, length): a plain conversion cannot trap
        try source.seek(to: target)
        reader.reset(at: target)
        queued.removeAll()
        do throws(FaadError) { try faad.restart() } catch {
            throw DecodeError(.corrupt, path: path, message: "AAC decoder could not restart: \(error)")
        }
        pending.removeAll(keepingCapacity: true)
        pendingUsed = 0
        badFrames = 0
        endingError = nil
    }
}
