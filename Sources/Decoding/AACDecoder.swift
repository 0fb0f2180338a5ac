import Faad
import PlayerCore

/// AAC (LC, HE-AAC) from an MP4/M4A file or an ADTS stream, decoded by libfaad2 to s16.
///
/// - Gapless and exact length: the container says which part of the decoded media is meant to be heard
///   (`MP4PlayRange`: the edit list, else iTunSMPB); the encoder delay before it and the padding after it are cut
///   here, so two halves of one tone join with no gap and no overlap.
/// - Seek: sample-accurate. The packet holding the target time is found in the sample table; decoding restarts one
///   packet earlier (AAC's overlapped windows need the previous packet), that packet's output is thrown away, and
///   the target packet's output is cut at the target frame.
/// - Errors: a packet the file does not hold ends the track with `.truncated`, one faad rejects with `.corrupt`,
///   both with the byte offset.
public final class AACDecoder: Decoder {
    public let format: AudioFormat
    public let totalFrames: Int64?
    public let isSeekable: Bool
    public let tags: TrackTags
    /// The container ("MP4" or "ADTS"), for logs.
    public let container: String

    private let faad: FaadDecoder
    private let packets: any AACPacketIndex
    private let source: any ByteSource
    private let path: String
    /// Output frames of encoder delay before the first frame to be heard.
    private let startFrame: Int64

    private var nextPacket = 0
    private var hint: (sample: Int, offset: Int64)?
    /// The next frame to deliver, on the untrimmed output timeline (packet 0 starts at 0).
    private var wantFrame: Int64
    /// Packets whose output is decoded only to prime faad's overlap state, then dropped.
    private var primingPackets = 0
    private var pending: [Int16] = []
    private var pendingUsed = 0
    /// The packet being decoded (owned; freed in deinit).
    private let unit = UnsafeMutableRawBufferPointer.allocate(byteCount: AACDecoder.maxPacketBytes, alignment: 16)
    private var endingError: DecodeError?

    /// Largest access unit accepted: AAC allows 768 bytes per channel per frame; this leaves room for 48 channels.
    static let maxPacketBytes = 1 << 16

    struct Stream {
        var faad: FaadDecoder
        var packets: any AACPacketIndex
        /// Heard range on the packet timeline, in packet-index time units.
        var start: Int64
        var length: Int64
        var tags: TrackTags
        var container: String
    }

    init(source: any ByteSource, stream: Stream) throws(DecodeError) {
        self.source = source
        path = source.path
        faad = stream.faad
        packets = stream.packets
        tags = stream.tags
        container = stream.container
        let out = stream.faad.format
        guard out.channels <= 8 else {
            throw DecodeError(.unsupportedFormat, path: path, message: "\(out.channels)-channel AAC is not played")
        }
        format = AudioFormat(sampleRate: out.sampleRate, channels: out.channels, sampleFormat: .int16)
        let startFrame = Self.outputFrames(stream.start, from: packets.timescale, to: out.sampleRate)
        let length = Self.outputFrames(stream.length, from: packets.timescale, to: out.sampleRate)
        guard length > 0 else { throw DecodeError(.empty, path: path, message: "\(container) track holds no audio") }
        self.startFrame = startFrame
        totalFrames = length
        wantFrame = startFrame
        isSeekable = source.isSeekable
        if startFrame > 0 { try position(atFrame: startFrame) }
    }

    deinit { unit.deallocate() }

    /// Converts a time in `from` units to output frames at `to` Hz without overflow for any file-sized value.
    static func outputFrames(_ t: Int64, from: Int, to: Int) -> Int64 {
        guard from > 0, from != to else { return t }
        let f = Int64(from), r = Int64(to)
        return t / f * r + t % f * r / f
    }

    private func packetStartFrame(_ i: Int) -> Int64 {
        Self.outputFrames(packets.startTime(of: i), from: packets.timescale, to: format.sampleRate)
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
        if let endingError { throw endingError }
        let channels = format.channels
        let capacity = buffer.count / format.bytesPerFrame
        precondition(capacity > 0, "read buffer smaller than one frame")
        let end = startFrame + (totalFrames ?? 0)
        while pendingUsed == pending.count {
            guard wantFrame < end else { return 0 }
            guard nextPacket < packets.count else { return 0 }
            try decodeNextPacket(end: end)
        }
        let frames = min(capacity, (pending.count - pendingUsed) / channels)
        pending.withUnsafeBytes { src in
            let bytes = frames * format.bytesPerFrame
            buffer.baseAddress!.copyMemory(from: src.baseAddress! + pendingUsed * 2, byteCount: bytes)
        }
        pendingUsed += frames * channels
        return frames * format.bytesPerFrame
    }

    /// Decodes packet `nextPacket` and keeps the part of its output inside [wantFrame, end).
    private func decodeNextPacket(end: Int64) throws(DecodeError) {
        let i = nextPacket
        let (offset, size) = packets.location(of: i, after: hint)
        hint = (i, offset)
        nextPacket += 1
        guard size > 0, size <= Self.maxPacketBytes else {
            throw fail(.corrupt, offset, "packet \(i) of \(size) bytes")
        }
        try readUnit(at: offset, size: size, packet: i)
        let first = packetStartFrame(i)
        let channels = format.channels
        let priming = primingPackets > 0
        if priming { primingPackets -= 1 }
        let want = wantFrame
        pending.removeAll(keepingCapacity: true)
        pendingUsed = 0
        do throws(FaadError) {
            let produced = try faad.decode(UnsafeRawBufferPointer(rebasing: unit[0..<size])) { samples -> Bool in
                guard !priming else { return true }
                let n = Int64(samples.count / channels)
                let lo = max(first, want), hi = min(first + n, end)
                guard lo < hi else { return n > 0 }
                let a = Int(lo - first) * channels, b = Int(hi - first) * channels
                pending.append(contentsOf: samples[a..<b])
                return true
            }
            // faad gives no output for the first packet after it starts (it has no previous half-window to
            // overlap); its time is kept as silence so every later frame stays where the timeline puts it.
            if !produced {
                let next = i + 1 < packets.count ? packetStartFrame(i + 1) : end
                let silent = max(0, min(next, end) - max(first, want))
                pending.append(contentsOf: repeatElement(0, count: Int(silent) * channels))
            }
        } catch {
            throw fail(.corrupt, offset, "AAC packet \(i): \(error.message)")
        }
        wantFrame += Int64(pending.count / channels)
    }

    private func readUnit(at offset: Int64, size: Int, packet: Int) throws(DecodeError) {
        do throws(DecodeError) {
            if source.position != offset { try source.seek(to: offset) }
            let filled = try source.fill(UnsafeMutableRawBufferPointer(rebasing: unit[0..<size]))
            if filled < size {
                throw DecodeError(
                    .truncated, path: path, offset: offset + Int64(filled),
                    message: "file ends inside packet \(packet) (\(filled) of \(size) bytes)")
            }
        } catch {
            endingError = error
            throw error
        }
    }

    private func fail(_ kind: DecodeError.Kind, _ offset: Int64, _ message: String) -> DecodeError {
        let error = DecodeError(kind, path: path, offset: offset, message: message)
        endingError = error
        return error
    }

    public func seek(toFrame frame: Int64) throws(DecodeError) {
        guard isSeekable else { throw DecodeError(.notSeekable, path: path, message: "stream is not seekable") }
        precondition(frame >= 0, "negative seek target")
        endingError = nil
        try position(atFrame: startFrame + min(frame, totalFrames ?? frame))
    }

    /// Makes the next `read` start at untrimmed output frame `target`.
    private func position(atFrame target: Int64) throws(DecodeError) {
        let time = Self.outputFrames(target, from: format.sampleRate, to: packets.timescale)
        var k = packets.sample(containing: time)
        while k > 0 && packetStartFrame(k) > target { k -= 1 }  // rounding between timescales
        let preroll = min(k, 1)
        do throws(FaadError) { try faad.restart() } catch {
            throw DecodeError(.corrupt, path: path, message: "AAC decoder could not restart: \(error)")
        }
        nextPacket = k - preroll
        primingPackets = preroll
        hint = nil
        wantFrame = target
        pending.removeAll(keepingCapacity: true)
        pendingUsed = 0
    }
}
