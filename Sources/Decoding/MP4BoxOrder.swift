import PlayerCore

/// Whether an MP4 file's index (`moov`) comes before its media data (`mdat`): the "faststart" layout a stream
/// without byte ranges needs, since the decoder cannot jump to a `moov` at the end and come back.
enum MP4BoxOrder {
    /// Boxes before `moov` bigger than this are not stepped over on a forward-only stream.
    static let maxSkippedBox: Int64 = 1 << 20

    /// Reads the top-level box headers from `source`'s current position; true when `moov` comes first, false when
    /// `mdat` does. Leaves the source after the header it stopped at. Throws on damage or a huge leading box.
    static func moovFirst(_ source: any ByteSource) throws(DecodeError) -> Bool {
        for _ in 0..<64 {
            let at = source.position
            let h = try readExactly(source, 8)
            let size32 = Int64(h[0]) << 24 | Int64(h[1]) << 16 | Int64(h[2]) << 8 | Int64(h[3])
            let type = String(decoding: h[4..<8], as: UTF8.self)
            if type == "moov" { return true }
            if type == "mdat" { return false }
            var headerSize: Int64 = 8
            var size = size32
            if size32 == 1 {
                let large = try readExactly(source, 8)
                size = large.reduce(Int64(0)) { $0 << 8 | Int64($1) }
                headerSize = 16
            }
            guard size >= headerSize, size - headerSize <= maxSkippedBox else {
                throw DecodeError(
                    .unsupportedFormat, path: source.path, offset: at,
                    message: "MP4 box '\(type)' of \(size) bytes before the moov box")
            }
            try source.seek(to: at + size)
        }
        throw DecodeError(.unsupportedFormat, path: source.path, message: "no moov box among the first 64 MP4 boxes")
    }

    private static func readExactly(_ source: any ByteSource, _ count: Int) throws(DecodeError) -> [UInt8] {
        try source.readExactly(count) { _ in
            DecodeError(
                .truncated, path: source.path, offset: source.position,
                message: "the stream ends before the MP4 moov box")
        }
    }
}
