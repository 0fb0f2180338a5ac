import PlayerCore

/// Cuts a forward-only byte stream into ADTS frames, for `ADTSStreamDecoder`.
///
/// Locked onto the stream, each header is trusted; after garbage (or at the start) a header only counts when the
/// next frame's header follows where it says (an 11-bit sync occurs by chance in any byte stream). ID3v2 tags
/// between frames (HLS packed audio starts every segment with one) are stepped over. Memory: one frame plus one
/// read chunk.
struct ADTSFrameReader {
    /// One whole ADTS frame (header included) and where it started in the source.
    struct Frame {
        var header: ADTSFrameIndex.Header
        var bytes: [UInt8]
        var offset: Int64
    }

    /// Bytes that are neither frames nor tags tolerated in a row before the stream counts as not AAC.
    static let maxGarbageBytes = 256 * 1024
    /// An ID3 tag between frames larger than this is damage, not a tag.
    static let maxTagBytes = 1 << 20
    private static let chunk = 16 * 1024

    private let path: String
    private var buffer: [UInt8] = []
    private var start = 0
    /// Source offset of `buffer[start]`.
    private var offset: Int64 = 0
    private var atEnd = false
    private var locked = false
    private var garbage = 0

    init(path: String) { self.path = path }

    /// Forgets what was buffered: the source was moved to `offset` (a seek), read from there, unlocked.
    mutating func reset(at offset: Int64) {
        buffer.removeAll(keepingCapacity: true)
        start = 0
        self.offset = offset
        atEnd = false
        locked = false
        garbage = 0
    }

    private var available: Int { buffer.count - start }

    /// Reads until at least `count` bytes are buffered or the source ends.
    private mutating func fill(_ count: Int, from source: any ByteSource) throws(DecodeError) {
        guard available < count, !atEnd else { return }
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        let raw = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunk, alignment: 1)
        defer { raw.deallocate() }
        while available < count {
            let n = try source.read(into: raw)
            if n == 0 {
                atEnd = true
                return
            }
            buffer.append(contentsOf: raw[0..<n])
        }
    }

    private mutating func drop(_ count: Int) {
        start += count
        offset += Int64(count)
    }

    private func header(at i: Int) -> ADTSFrameIndex.Header? {
        guard available >= i + 7 else { return nil }
        return buffer.withUnsafeBytes { raw in
            ADTSFrameIndex.Header(UnsafeRawBufferPointer(rebasing: raw[(start + i)..<(start + i + 7)]))
        }
    }

    /// The next frame, nil at the end of the source (a frame cut off by the end is dropped).
    mutating func nextFrame(from source: any ByteSource) throws(DecodeError) -> Frame? {
        while true {
            try fill(10, from: source)
            if available < 7 { return nil }
            if let tag = id3Length(), tag <= Self.maxTagBytes {
                try skip(tag, from: source)
                locked = false
                continue
            }
            if let h = header(at: 0) {
                let length = h.frameLength
                try fill(length + 7, from: source)
                if available < length { return nil }
                // Unlocked: trust the header only when another one follows it (or the stream ends there).
                if locked || available < length + 7 || header(at: length) != nil {
                    let bytes = Array(buffer[start..<(start + length)])
                    let frame = Frame(header: h, bytes: bytes, offset: offset)
                    drop(length)
                    locked = true
                    garbage = 0
                    return frame
                }
            }
            locked = false
            drop(1)
            garbage += 1
            if garbage > Self.maxGarbageBytes {
                throw DecodeError(
                    .corrupt, path: path, offset: offset,
                    message: "no ADTS frame in \(Self.maxGarbageBytes / 1024) KB of the stream")
            }
        }
    }

    /// The whole length of an ID3v2 tag at the read position, nil when there is none.
    private func id3Length() -> Int? {
        guard available >= 10, buffer[start] == 0x49, buffer[start + 1] == 0x44, buffer[start + 2] == 0x33 else {
            return nil
        }
        let b = buffer[start..<(start + 10)].map { Int($0) }
        guard b[6] & 0x80 == 0, b[7] & 0x80 == 0, b[8] & 0x80 == 0, b[9] & 0x80 == 0 else { return nil }
        return 10 + (b[6] << 21 | b[7] << 14 | b[8] << 7 | b[9]) + (b[5] & 0x10 != 0 ? 10 : 0)
    }

    /// Steps over `count` bytes without keeping more than one chunk of them.
    private mutating func skip(_ count: Int, from source: any ByteSource) throws(DecodeError) {
        var left = count
        while left > 0 {
            try fill(min(left, Self.chunk), from: source)
            let n = min(left, available)
            if n == 0 { return }
            drop(n)
            left -= n
        }
    }
}
