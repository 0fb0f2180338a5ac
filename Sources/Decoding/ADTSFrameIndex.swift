import MP4
import PlayerCore

/// The frames of an ADTS stream (`.aac`), found by one forward scan of the headers at open: offsets and sizes for
/// sample-accurate seeking and an exact length (ADTS carries no encoder-delay note, so nothing is trimmed).
struct ADTSFrameIndex: AACPacketIndex {
    /// A parsed 7-byte ADTS header.
    struct Header: Equatable {
        var frameLength: Int
        /// AAC frames in this ADTS frame (1024 samples each).
        var blocks: Int
        var sampleRateIndex: Int
        var channelConfig: Int

        /// Parses `b` (at least 7 bytes at a sync word); nil when it is not a plausible ADTS header.
        init?(_ b: UnsafeRawBufferPointer) {
            guard b.count >= 7, b[0] == 0xFF, b[1] & 0xF6 == 0xF0 else { return nil }  // sync, layer 0
            sampleRateIndex = Int(b[2] >> 2 & 0x0F)
            channelConfig = Int(b[2] & 1) << 2 | Int(b[3] >> 6)
            frameLength = Int(b[3] & 3) << 11 | Int(b[4]) << 3 | Int(b[5] >> 5)
            blocks = Int(b[6] & 3) + 1
            let headerLength = b[1] & 1 == 0 ? 9 : 7  // with CRC
            guard sampleRateIndex < 13, frameLength > headerLength else { return nil }
        }

        static let rates = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350]
        var sampleRate: Int { Self.rates[sampleRateIndex] }
    }

    private(set) var offsets: [Int64] = []
    private(set) var sizes: [UInt16] = []
    /// Start of each frame in samples; one entry more than frames (the end).
    private var starts: [Int64] = [0]
    let timescale: Int
    /// The first frame's header (for faad's initialisation).
    let first: Header

    var count: Int { offsets.count }
    var totalDuration: Int64 { starts[starts.count - 1] }

    func location(of i: Int, after hint: (sample: Int, offset: Int64)?) -> (offset: Int64, size: Int) {
        (offsets[i], Int(sizes[i]))
    }
    func startTime(of i: Int) -> Int64 { starts[i] }
    func sample(containing time: Int64) -> Int {
        var lo = 0, hi = count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= time { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Scans `source` from `start` (after any ID3v2 tag) to the last whole frame; trailing bytes that are not a
    /// frame (an ID3v1 tag, a cut-off frame) end the scan. Throws `.unsupportedFormat` when no frame is found.
    init(source: any ByteSource, start: Int64) throws(DecodeError) {
        try source.seek(to: start)
        let chunk = 1 << 16
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 1)
        defer { buffer.deallocate() }
        var filled = 0, used = 0
        var offset = start  // file offset of buffer[used]
        var firstHeader: Header?
        var sampleTotal: Int64 = 0
        while offsets.count < MP4Limits.maxSamples {
            if filled - used < 7 {
                // Keep the unread tail, refill after it.
                let tail = filled - used
                if tail > 0 { buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + used, byteCount: tail) }
                filled = tail
                used = 0
                let n = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                filled += n
                if filled < 7 { break }
            }
            guard let h = Header(UnsafeRawBufferPointer(rebasing: buffer[used..<filled])) else { break }
            if let f = firstHeader, f.sampleRateIndex != h.sampleRateIndex || f.channelConfig != h.channelConfig {
                break  // a different stream glued on: play the first
            }
            if let length = source.length, offset + Int64(h.frameLength) > length { break }  // cut-off last frame
            firstHeader = firstHeader ?? h
            offsets.append(offset)
            sizes.append(UInt16(h.frameLength))
            sampleTotal += Int64(h.blocks * 1024)
            starts.append(sampleTotal)
            // Step over the frame: inside the buffer when it is there, else by seeking.
            if filled - used >= h.frameLength {
                used += h.frameLength
            } else {
                try source.seek(to: offset + Int64(h.frameLength))
                filled = 0
                used = 0
            }
            offset += Int64(h.frameLength)
        }
        guard let firstHeader else {
            throw DecodeError(.unsupportedFormat, path: source.path, offset: start, message: "no ADTS frame found")
        }
        first = firstHeader
        timescale = firstHeader.sampleRate
    }
}
