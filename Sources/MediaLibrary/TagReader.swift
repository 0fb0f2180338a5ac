import Decoding
import FileSystem
import Glibc
import PlayerCore

/// Reads one file's tags and stream facts for the library through the existing decoders (which parse tags and
/// headers at open; no audio is decoded). A name that is not UTF-8 is opened by its bytes (BytePath).
enum TagReader {
    /// The song, or why the file could not be read.
    static func read(path: [UInt8], size: Int64, hasSidecarLyrics: Bool) -> Result<LibrarySong, DecodeError> {
        do {
            let decoder = try DecoderRegistry.open(path: BytePath.string(path))
            let duration = decoder.totalFrames.map { decoder.format.microseconds(forFrames: $0) }
            return .success(
                LibrarySong(
                    path: path, tags: decoder.tags, durationMicroseconds: duration,
                    sampleRate: decoder.format.sampleRate, channels: decoder.format.channels,
                    fileSize: size, hasSidecarLyrics: hasSidecarLyrics))
        } catch {
            return .failure(error)
        }
    }
}
