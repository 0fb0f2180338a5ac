/// One entry of synchronised text: where it starts and what it says (a line, or a syllable when the text does not
/// start with a line break in a tag that uses line breaks to start lines).
public struct SyncedText: Sendable, Hashable {
    public var milliseconds: Int
    public var text: String

    public init(milliseconds: Int, text: String) {
        self.milliseconds = milliseconds
        self.text = text
    }
}

/// Decodes an ID3v2 SYLT (SLT in 2.2) frame body: encoding, language, time stamp format, content type, descriptor,
/// then (text, 32-bit time) pairs. Only lyrics (content type 1) with millisecond stamps (format 2) are kept: MPEG
/// frame stamps (format 1) would need the stream's frame duration, and taggers write milliseconds.
enum SYLTReader {
    static let maxEntries = 100_000

    static func entries(_ input: LimitedInput) -> [SyncedText] {
        var out: [SyncedText] = []
        do throws(TagError) {
            let head = try input.read(6)  // encoding, language (3), time stamp format, content type
            let encoding = head[0]
            guard head[4] == 2, head[5] == 1 || head[5] == 0 else { return [] }
            _ = try terminated(input, encoding: encoding)  // content descriptor
            while input.remaining > 0, out.count < maxEntries {
                let text = try terminated(input, encoding: encoding)
                let stamp = try input.u32be()
                out.append(SyncedText(milliseconds: stamp, text: ID3PictureReader.text(text, encoding: encoding)))
            }
        } catch {
            // A cut-off last entry is dropped; the entries before it stand.
        }
        return out
    }

    /// Bytes up to the encoding's terminator (one NUL, or two on a 2-byte boundary for UTF-16), at most 64 KiB kept.
    static func terminated(_ input: LimitedInput, encoding: UInt8) throws(TagError) -> [UInt8] {
        let wide = encoding == 1 || encoding == 2
        var bytes: [UInt8] = []
        while true {
            let unit = try input.read(wide ? 2 : 1)
            if unit.allSatisfy({ $0 == 0 }) { return bytes }
            if bytes.count < 1 << 16 { bytes += unit }
        }
    }
}
