/// A short sound decoded whole into memory, ready for the server's sample cache.
public struct EffectClip: Sendable {
    /// At most this long (longer files are refused: effects are short sounds, not tracks).
    public static let maxSeconds = 10
    /// And at most this many bytes of decoded PCM (the sample cache keeps them in the server's memory).
    public static let maxBytes = 4 * 1024 * 1024

    public let format: AudioFormat
    public let bytes: [UInt8]
    public var frames: Int { bytes.count / format.bytesPerFrame }

    public init(format: AudioFormat, bytes: [UInt8]) {
        self.format = format
        self.bytes = bytes
    }

    /// Decodes all of `decoder` (opened on `path`), refusing anything empty or over the limits before it has
    /// read much past them.
    public static func read(_ decoder: any Decoder, path: String) throws(EffectError) -> EffectClip {
        let format = decoder.format
        guard format.bytesPerFrame > 0, format.sampleRate > 0 else {
            throw EffectError(.invalidArgument, "\(path): no playable audio format (\(format))")
        }
        let limit = min(maxBytes, maxSeconds * format.sampleRate * format.bytesPerFrame)
        if let total = decoder.totalFrames, total > Int64(limit / format.bytesPerFrame) {
            throw tooLong(path, format)
        }
        var bytes = [UInt8](repeating: 0, count: limit + format.bytesPerFrame)
        var filled = 0
        while filled < bytes.count {
            let result: Result<Int, DecodeError> = bytes.withUnsafeMutableBytes { raw in
                do throws(DecodeError) {
                    return .success(try decoder.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...])))
                } catch {
                    return .failure(error)
                }
            }
            let n: Int
            switch result {
            case .success(let count): n = count
            case .failure(let error): throw EffectError(.invalidArgument, "\(error)")
            }
            if n == 0 { break }
            filled += n
        }
        guard filled <= limit else { throw tooLong(path, format) }
        guard filled >= format.bytesPerFrame else {
            throw EffectError(.invalidArgument, "\(path): no audio in the file")
        }
        bytes.removeSubrange(filled...)
        return EffectClip(format: format, bytes: bytes)
    }

    private static func tooLong(_ path: String, _ format: AudioFormat) -> EffectError {
        EffectError(
            .invalidArgument,
            "\(path): longer than an effect may be (\(maxSeconds) s and "
                + "\(maxBytes / 1024 / 1024) MB of \(format))")
    }
}
