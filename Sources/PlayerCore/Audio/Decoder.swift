/// A source of PCM frames for one track.
///
/// A decoder is not thread-safe: it is owned and driven by one thread at a time
/// (the engine's decode context), which is why it is a class-bound, non-Sendable protocol.
public protocol Decoder: AnyObject {
    /// The format of every frame `read` produces; fixed for the life of the decoder.
    var format: AudioFormat { get }
    /// Exact length in frames after gapless trimming, or nil when unknown (a live or network stream).
    var totalFrames: Int64? { get }
    /// Whether `seek(toFrame:)` is possible (false for non-seekable sources).
    var isSeekable: Bool { get }
    /// Tags found in the file (title, artists, album, …); empty when there are none.
    var tags: TrackTags { get }

    /// Decodes into `buffer` (whole frames only) and returns the number of bytes written.
    /// Returns 0 only at the end of the track. Throws on an error that ends the track.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int

    /// Moves so that the next `read` starts at `frame` (0-based, after gapless trimming), sample-accurately.
    func seek(toFrame frame: Int64) throws(DecodeError)
}

/// Why a track could not be opened or decoded, with the file and (when known) the byte offset.
public struct DecodeError: Error, Sendable, CustomStringConvertible {
    /// The broad class of failure, for policy decisions (skip track, report, retry).
    public enum Kind: Sendable, Hashable {
        case notFound
        case permissionDenied
        case notAFile
        case empty
        case unsupportedFormat
        /// A container we read holding a codec we do not decode (ALAC, AC-3, … in an MP4): the codec's name.
        case unsupportedCodec(String)
        case corrupt
        case truncated
        case io
        case notSeekable
    }

    public var kind: Kind
    /// The file or URI the error is about.
    public var path: String
    /// Byte offset in the source where the problem was noticed, when known.
    public var offset: Int64?
    /// A human-readable reason, usually from the C library.
    public var message: String

    public init(_ kind: Kind, path: String, offset: Int64? = nil, message: String) {
        self.kind = kind
        self.path = path
        self.offset = offset
        self.message = message
    }

    public var description: String {
        var s = "\(path): \(message)"
        if let offset { s += " (at byte \(offset))" }
        return s
    }
}
