import Tagging

/// The raw sample tables of one track, as stored (validated and indexed by `MP4SampleIndex`).
public struct MP4SampleTable: Sendable {
    /// `stts`: runs of samples sharing one duration.
    public struct TimeRun: Sendable, Hashable {
        public var count: UInt32
        public var delta: UInt32
    }

    /// `stsc`: from chunk `firstChunk` (1-based) on, each chunk holds `samplesPerChunk` samples.
    public struct ChunkRun: Sendable, Hashable {
        public var firstChunk: UInt32
        public var samplesPerChunk: UInt32
    }

    public var timeRuns: [TimeRun] = []
    public var chunkRuns: [ChunkRun] = []
    /// Number of samples (from `stsz`/`stz2`).
    public var sampleCount = 0
    /// Every sample's size when `sizes` is empty (`stsz` with a constant size).
    public var constantSize: UInt32 = 0
    public var sizes: [UInt32] = []
    /// `stco`/`co64`: file offset of each chunk.
    public var chunkOffsets: [UInt64] = []

    public init() {}
}

/// Parsers for the `stbl` table boxes. Each checks its entry count against the box's size before reading.
enum MP4SampleTableReader {
    static func readTimeToSample(_ box: LimitedInput, into t: inout MP4SampleTable) throws(TagError) {
        try box.skip(4)  // version, flags
        let n = try box.checkedCount(try box.be32(), entryBytes: 8, limit: MP4Limits.maxTableEntries, in: box, "stts")
        t.timeRuns = []
        t.timeRuns.reserveCapacity(n)
        for _ in 0..<n { t.timeRuns.append(.init(count: try box.be32(), delta: try box.be32())) }
    }

    static func readSampleToChunk(_ box: LimitedInput, into t: inout MP4SampleTable) throws(TagError) {
        try box.skip(4)
        let n = try box.checkedCount(try box.be32(), entryBytes: 12, limit: MP4Limits.maxTableEntries, in: box, "stsc")
        t.chunkRuns = []
        t.chunkRuns.reserveCapacity(n)
        for _ in 0..<n {
            t.chunkRuns.append(.init(firstChunk: try box.be32(), samplesPerChunk: try box.be32()))
            try box.skip(4)  // sample description index: one description is all we play
        }
    }

    static func readSampleSizes(_ box: LimitedInput, into t: inout MP4SampleTable) throws(TagError) {
        try box.skip(4)
        let constant = try box.be32()
        let count = try box.be32()
        guard Int(count) <= MP4Limits.maxSamples else {
            throw TagError(.corrupt, offset: box.offset, "stsz: \(count) samples (limit \(MP4Limits.maxSamples))")
        }
        t.sampleCount = Int(count)
        t.constantSize = constant
        t.sizes = []
        guard constant == 0 else { return }
        let n = try box.checkedCount(count, entryBytes: 4, limit: MP4Limits.maxSamples, in: box, "stsz")
        t.sizes.reserveCapacity(n)
        for _ in 0..<n { t.sizes.append(try box.be32()) }
    }

    /// `stz2`: compact sizes of 4, 8 or 16 bits.
    static func readCompactSampleSizes(_ box: LimitedInput, into t: inout MP4SampleTable) throws(TagError) {
        try box.skip(4 + 3)
        let fieldBits = Int(try box.be8())
        guard fieldBits == 4 || fieldBits == 8 || fieldBits == 16 else {
            throw TagError(.corrupt, offset: box.offset, "stz2: field size \(fieldBits)")
        }
        let count = try box.be32()
        guard Int(count) <= MP4Limits.maxSamples else {
            throw TagError(.corrupt, offset: box.offset, "stz2: \(count) samples (limit \(MP4Limits.maxSamples))")
        }
        let n = Int(count)
        let bytes = (n * fieldBits + 7) / 8
        guard bytes <= box.remaining else {
            throw TagError(.truncated, offset: box.offset, "stz2: \(n) entries do not fit in \(box.remaining) bytes")
        }
        let raw = try box.read(bytes)
        t.sampleCount = n
        t.constantSize = 0
        t.sizes = (0..<n).map { i -> UInt32 in
            switch fieldBits {
            case 4: return UInt32(i % 2 == 0 ? raw[i / 2] >> 4 : raw[i / 2] & 0x0F)
            case 8: return UInt32(raw[i])
            default: return UInt32(raw[2 * i]) << 8 | UInt32(raw[2 * i + 1])
            }
        }
    }

    static func readChunkOffsets(_ box: LimitedInput, wide: Bool, into t: inout MP4SampleTable) throws(TagError) {
        try box.skip(4)
        let n = try box.checkedCount(
            try box.be32(), entryBytes: wide ? 8 : 4, limit: MP4Limits.maxTableEntries,
            in: box, wide ? "co64" : "stco")
        t.chunkOffsets = []
        t.chunkOffsets.reserveCapacity(n)
        for _ in 0..<n { t.chunkOffsets.append(wide ? try box.be64() : UInt64(try box.be32())) }
    }
}
