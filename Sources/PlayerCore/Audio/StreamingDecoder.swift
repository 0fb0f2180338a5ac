/// A decoder fed by the network: its bytes arrive while it plays, so `read` may have nothing yet.
///
/// `read` returning 0 with `isWaitingForData` true means "nothing buffered now", not the end of the track: the
/// engine stops rendering (nothing is heard, the position stands still) and renders again once the decoder calls
/// the handler given to `setDataAvailableHandler`. `read` and `seek` never block on the network.
public protocol StreamingDecoder: Decoder {
    /// True when the last `read` returned 0 because no audio is buffered yet.
    var isWaitingForData: Bool { get }
    /// `wake` is called from the decoder's own thread (never with the output lock held) when audio is ready
    /// again after a `read` came back empty.
    func setDataAvailableHandler(_ wake: @escaping @Sendable () -> Void)
}

/// How much of a network stream is buffered, as the Linnet interface shows it.
public struct BufferStatus: Sendable, Hashable {
    /// True while nothing can be heard for lack of data (connecting, the first buffer, or after running dry).
    public var isBuffering: Bool
    /// How full the buffers are, 0…1 (network bytes against their cap).
    public var fraction: Double
    /// Audio buffered ahead of what is heard, in seconds (decoded audio plus an estimate for undecoded bytes).
    public var seconds: Double

    public init(isBuffering: Bool, fraction: Double, seconds: Double) {
        self.isBuffering = isBuffering
        self.fraction = fraction
        self.seconds = seconds
    }
}

/// What a network stream tells its listener besides audio (delivered on the stream's threads).
public enum StreamEvent: Sendable, Hashable {
    /// The station's now-playing title changed (ICY StreamTitle); artist split off when the station sends
    /// "Artist - Title".
    case nowPlaying(title: String?, artist: String?)
    /// The station's own name, genre and home page (icy-name, icy-genre, icy-url).
    case station(name: String?, genre: String?, url: String?)
    /// The buffer level changed.
    case buffer(BufferStatus)
    /// The connection dropped; trying again (attempt counts from 1) after a back-off.
    case reconnecting(attempt: Int, reason: String)
    /// A problem that did not stop playback but should be logged (e.g. a title that was not valid UTF-8).
    case warning(String)
}
