/// The format and data size of a RIFF WAVE file of plain PCM or float samples, read from its chunk headers:
/// a queued track's length without opening a decoder. Anything else (compressed encodings, RF64, a file with
/// tags, which only libsndfile reads) is reported as not described here, so the caller opens the decoder.
public struct WaveHeader: Sendable, Hashable {
    public var sampleRate: Int
    public var channels: Int
    public var bitsPerSample: Int
    /// Frames in the data chunk, limited to the bytes the file really has (as libsndfile counts them).
    public var frames: Int64

    /// Most chunks walked: a real file has a handful; a hostile one cannot make the walk long.
    static let maxChunks = 64

    /// Reads from `input` positioned at the start of a file `fileLength` bytes long.
    public static func read(from input: any TagInput, fileLength: Int64) throws(TagError) -> WaveHeader {
        let riff = try input.read(12)
        guard riff.starts(with: Array("RIFF".utf8)), riff[8..<12].elementsEqual("WAVE".utf8) else {
            throw TagError(.corrupt, offset: 0, "not a RIFF WAVE file")
        }
        var format: (rate: Int, channels: Int, bits: Int, blockAlign: Int)?
        var data: (offset: Int64, length: Int64)?
        for _ in 0..<maxChunks {
            guard input.offset + 8 <= fileLength else { break }
            let header = try input.read(8)
            let id = String(decoding: header[0..<4], as: UTF8.self)
            let size = Int64(header[4]) | Int64(header[5]) << 8 | Int64(header[6]) << 16 | Int64(header[7]) << 24
            switch id {
            case "fmt ":
                guard size >= 16, size <= 64 else { throw TagError(.corrupt, offset: input.offset, "fmt chunk size") }
                format = try pcmFormat(try input.read(Int(size)), at: input.offset)
            case "data":
                data = (input.offset, size)
            case "LIST", "list", "id3 ", "ID3 ":
                throw TagError(.corrupt, offset: input.offset - 8, "tags (\(id)) are read by libsndfile")
            default:
                break
            }
            if id != "fmt " {
                // Overflow-reporting: a size from the file never traps, it only runs past the end.
                let (next, overflow) = input.offset.addingReportingOverflow(size + (size & 1))
                if overflow || next >= fileLength { break }
                try input.skip(Int(next - input.offset))
            } else if size & 1 == 1 {
                try input.skip(1)
            }
        }
        guard let format, let data else { throw TagError(.truncated, offset: input.offset, "no fmt or data chunk") }
        // libsndfile: a data chunk longer than the file is cut to the file (a recording that was never closed).
        let length = min(data.length, max(0, fileLength - data.offset))
        return WaveHeader(
            sampleRate: format.rate, channels: format.channels, bitsPerSample: format.bits,
            frames: length / Int64(format.blockAlign))
    }

    /// The fmt chunk of integer PCM (8/16/24/32 bits) or float (32/64 bits), plain or WAVE_FORMAT_EXTENSIBLE,
    /// with the block alignment libsndfile computes from the sample width; throws for anything else.
    private static func pcmFormat(_ f: [UInt8], at offset: Int64) throws(TagError) -> (Int, Int, Int, Int) {
        func u16(_ i: Int) -> Int { Int(f[i]) | Int(f[i + 1]) << 8 }
        var tag = u16(0)
        let channels = u16(2)
        let rate = Int(f[4]) | Int(f[5]) << 8 | Int(f[6]) << 16 | Int(f[7]) << 24
        let blockAlign = u16(12)
        let bits = u16(14)
        if tag == 0xFFFE, f.count >= 40 { tag = u16(24) }  // the subformat GUID starts with the format tag
        let known = (tag == 1 && [8, 16, 24, 32].contains(bits)) || (tag == 3 && [32, 64].contains(bits))
        guard known, channels > 0, rate > 0, blockAlign == channels * bits / 8 else {
            throw TagError(.corrupt, offset: offset, "WAVE encoding \(tag) with \(bits) bits is read by libsndfile")
        }
        return (rate, channels, bits, blockAlign)
    }
}
