import Decoding
import FileSystem
import Glibc
import PlayerCore

/// Reads one file's tags and stream facts for the library through `TrackProbe` (headers, or the decoders, which
/// parse tags and headers at open; no audio is decoded). A name that is not UTF-8 is opened by its bytes (BytePath).
enum TagReader {
    /// The song, or why the file could not be read.
    static func read(path: [UInt8], size: Int64, hasSidecarLyrics: Bool) -> Result<LibrarySong, DecodeError> {
        do {
            let summary = try TrackProbe.summary(path: BytePath.string(path))
            return .success(
                LibrarySong(
                    path: path, tags: summary.tags, durationMicroseconds: summary.durationMicroseconds,
                    sampleRate: summary.sampleRate, channels: summary.channels,
                    fileSize: size, hasSidecarLyrics: hasSidecarLyrics))
        } catch {
            return .failure(error)
        }
    }
}
