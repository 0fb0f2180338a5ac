/// The STREAMINFO block of a native FLAC stream (always its first metadata block): enough to know a queued
/// track's length and format without opening a decoder.
public struct FLACStreamInfo: Sendable, Hashable {
    public var sampleRate: Int
    public var channels: Int
    public var bitsPerSample: Int
    /// Samples per channel; 0 when the encoder did not know it.
    public var totalSamples: Int64

    /// Reads from `input` positioned at the start of the file (an ID3v2 tag in front of "fLaC" is skipped).
    /// Throws when the input is not FLAC or its first block is not a whole STREAMINFO.
    public static func read(from input: any TagInput) throws(TagError) -> FLACStreamInfo {
        try FLACMetadataReader.readStreamMarker(from: input)
        let header = try input.read(4)
        let length = Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
        guard header[0] & 0x7F == 0, length == 34 else {
            throw TagError(.corrupt, offset: input.offset - 4, "first FLAC metadata block is not STREAMINFO")
        }
        let b = try input.read(34)
        // Bytes 10…17: sample rate (20 bits), channels − 1 (3), bits per sample − 1 (5), total samples (36).
        let rate = Int(b[10]) << 12 | Int(b[11]) << 4 | Int(b[12]) >> 4
        let channels = Int((b[12] >> 1) & 0x07) + 1
        let bits = Int((b[12] & 0x01) << 4 | b[13] >> 4) + 1
        let total =
            Int64(b[13] & 0x0F) << 32 | Int64(b[14]) << 24 | Int64(b[15]) << 16 | Int64(b[16]) << 8
            | Int64(b[17])
        guard rate > 0 else { throw TagError(.corrupt, offset: input.offset - 24, "STREAMINFO sample rate is 0") }
        return FLACStreamInfo(sampleRate: rate, channels: channels, bitsPerSample: bits, totalSamples: total)
    }
}
