/// The identification header of an Ogg Vorbis or Opus file (the only packet of its first page) and the stream's
/// last granule position: a queued track's length and format without opening a decoder.
public struct OggStreamHeader: Sendable, Hashable {
    /// The codec and what its length needs.
    public enum Codec: Sendable, Hashable {
        /// Granule positions count samples at `sampleRate`.
        case vorbis
        /// Granule positions count 48 kHz samples, the first `preSkip` of which are not played.
        case opus(preSkip: Int)
    }

    public var codec: Codec
    /// Vorbis: the stream's rate. Opus: the rate of the encoder's input (0 when it did not say).
    public var sampleRate: Int
    public var channels: Int
    /// The logical stream's serial number, to find its last page.
    public var serial: UInt32

    /// Reads the first page from `input` positioned at the start of the file. Throws when it is not an Ogg page
    /// holding a Vorbis or Opus identification header (Ogg FLAC and others are not described here).
    public static func read(from input: any TagInput) throws(TagError) -> OggStreamHeader {
        let page = try input.read(27)
        guard page.starts(with: Array("OggS".utf8)), page[4] == 0, page[5] & 0x02 != 0 else {
            throw TagError(.corrupt, offset: 0, "not the first page of an Ogg stream")
        }
        let serial = OggPage.uint32(page, at: 14)
        let lacing = try input.read(Int(page[26]))
        // The identification packet ends in the first page (both specifications require it).
        guard let end = lacing.firstIndex(where: { $0 < 255 }) else {
            throw TagError(.corrupt, offset: input.offset, "Ogg identification packet spans pages")
        }
        let length = lacing[...end].reduce(0) { $0 + Int($1) }
        let packet = try input.read(length)
        if packet.count >= 30, packet.starts(with: [1] + Array("vorbis".utf8)) {
            let rate = Int(OggPage.uint32(packet, at: 12))
            guard rate > 0, packet[11] > 0 else {
                throw TagError(.corrupt, offset: input.offset, "Vorbis header without rate or channels")
            }
            return OggStreamHeader(codec: .vorbis, sampleRate: rate, channels: Int(packet[11]), serial: serial)
        }
        if packet.count >= 19, packet.starts(with: Array("OpusHead".utf8)) {
            guard packet[9] > 0 else { throw TagError(.corrupt, offset: input.offset, "Opus header without channels") }
            let preSkip = Int(packet[10]) | Int(packet[11]) << 8
            return OggStreamHeader(
                codec: .opus(preSkip: preSkip), sampleRate: Int(OggPage.uint32(packet, at: 12)),
                channels: Int(packet[9]), serial: serial)
        }
        throw TagError(.corrupt, offset: input.offset, "Ogg stream is neither Vorbis nor Opus")
    }

    /// The granule position of stream `serial`'s last page when it is the file's last page: it ends exactly at
    /// the end of `tail` (the file's last bytes), is marked end-of-stream and passes its CRC. Nil otherwise (a
    /// cut-off download, another stream chained after it, junk at the end), when only a decoder knows the length.
    public static func lastGranule(in tail: [UInt8], serial: UInt32) -> Int64? {
        var start = tail.count - 27
        while start >= 0 {
            if tail[start] == 0x4F, tail[start + 1] == 0x67, tail[start + 2] == 0x67, tail[start + 3] == 0x53,
                let page = OggPage(tail, at: start), page.end == tail.count
            {
                guard page.serial == serial, page.isEndOfStream, page.granule >= 0 else { return nil }
                return page.granule
            }
            start -= 1
        }
        return nil
    }
}

/// One complete, CRC-checked Ogg page inside a byte array.
struct OggPage {
    var serial: UInt32
    /// −1 when no packet ends on this page.
    var granule: Int64
    var isEndOfStream: Bool
    /// The offset just past the page.
    var end: Int

    init?(_ b: [UInt8], at start: Int) {
        guard start + 27 <= b.count, b[start + 4] == 0 else { return nil }
        let segments = Int(b[start + 26])
        let headerLength = 27 + segments
        guard start + headerLength <= b.count else { return nil }
        let bodyLength = b[(start + 27)..<(start + headerLength)].reduce(0) { $0 + Int($1) }
        let end = start + headerLength + bodyLength
        guard end <= b.count, Self.uint32(b, at: start + 22) == Self.crc(b, start..<end) else { return nil }
        self.end = end
        isEndOfStream = b[start + 5] & 0x04 != 0
        serial = Self.uint32(b, at: start + 14)
        granule = Int64(
            bitPattern: UInt64(Self.uint32(b, at: start + 6)) | UInt64(Self.uint32(b, at: start + 10)) << 32)
    }

    static func uint32(_ b: [UInt8], at i: Int) -> UInt32 {
        UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }

    /// Ogg's CRC-32 (polynomial 0x04C11DB7, not reflected, zero start) with the CRC field itself read as zero.
    static func crc(_ b: [UInt8], _ range: Range<Int>) -> UInt32 {
        var crc: UInt32 = 0
        for i in range {
            let byte = (22..<26).contains(i - range.lowerBound) ? 0 : b[i]
            crc = (crc << 8) ^ crcTable[Int((crc >> 24) ^ UInt32(byte))]
        }
        return crc
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var r = UInt32(n) << 24
        for _ in 0..<8 { r = r & 0x8000_0000 != 0 ? (r << 1) ^ 0x04C1_1DB7 : r << 1 }
        return r
    }
}
