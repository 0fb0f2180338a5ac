import Curl
import Decoding
import PlayerCore

/// An HTTP(S) resource as a `ByteSource`: bytes arrive on the network thread into a bounded window, `read`
/// blocks (on the stream's decode thread, never on the output thread) until they are there.
///
/// - Seeking: only when the server takes ranges (`Accept-Ranges: bytes` and a known length, not ICY): a seek
///   outside the bytes held starts a new request with `Range: bytes=N-`.
/// - ICY: with `icy`, asks for `Icy-MetaData: 1` and strips the metadata blocks; titles go to `observer`.
/// - Drops: a transient failure reconnects with back-off (a file from where it was, by Range; a live stream
///   afresh); after `reconnectAttempts` the read fails.
/// - Memory: at most `settings.bufferBytes` unread bytes; beyond that the transfer is paused.
public final class HTTPByteSource: ByteSource {
    public let path: String
    public let settings: StreamSettings
    /// The first response (after redirects).
    public let response: HTTPResponse
    public let isSeekable: Bool
    public let length: Int64?
    public var isRemote: Bool { true }
    /// Whether the server sends ICY metadata blocks.
    public let isIcy: Bool
    /// A live station (ICY headers): its end is a drop to reconnect, never the end of the track.
    public let isLive: Bool
    public private(set) var position: Int64 = 0
    let state: StreamState
    private let icy: Bool
    private var attempts = 0
    /// Bytes read since the last reconnect (a reconnect only counts as recovered after some data).
    private var readSinceReconnect: Int64 = 0
    /// Closes this source when the load it belongs to is cancelled; forgotten when the source goes.
    private let cancellation: LoadCancellation?
    private let registration: LoadCancellation.Registration?

    /// Connects and waits for the response headers (call off the output thread). Cancelling `cancellation`
    /// closes the source (any thread): a blocked connect or read fails at once.
    public init(
        url: String, settings: StreamSettings, icy: Bool = false,
        observer: (@Sendable (StreamEvent) -> Void)? = nil,
        cancellation: LoadCancellation? = nil
    ) throws(DecodeError) {
        path = url
        self.settings = settings
        self.icy = icy
        let state = StreamState(url: url, settings: settings, observer: observer)
        self.state = state
        self.cancellation = cancellation
        // Weak: the load's token must not keep a dropped stream's buffer alive.
        let registration = cancellation?.onCancel { [weak state] in state?.close() }
        self.registration = registration
        let first: HTTPResponse
        do {
            first = try state.withLock { () throws(DecodeError) -> HTTPResponse in
                try state.start(at: nil, icy: icy)
                return try state.awaitResponse()
            }
        } catch {
            cancellation?.remove(registration)
            state.close()
            throw error
        }
        response = first
        isIcy = first.headers["icy-metaint"] != nil
        // Any icy-* header (Icecast/SHOUTcast) marks a live station even without metadata blocks.
        isLive = first.headers.keys.contains { $0.hasPrefix("icy-") }
        length = isIcy ? nil : first.contentLength
        isSeekable = !isIcy && length != nil && first.headers["accept-ranges"]?.lowercased() == "bytes"
        if isIcy {
            observer?(
                .station(
                    name: first.headers["icy-name"], genre: first.headers["icy-genre"],
                    url: first.headers["icy-url"]))
        }
    }

    deinit {
        cancellation?.remove(registration)
        state.close()
    }

    /// Makes a blocked or later `read` fail at once (any thread): the stream is being dropped.
    public func interrupt() { state.close() }

    /// Undecoded bytes held now.
    public var bufferedBytes: Int { state.withLock { state.window.unread } }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
        try state.withLock { () throws(DecodeError) -> Int in
            while true {
                try state.checkOpen()
                try align()
                let n = state.window.read(into: buffer)
                if n > 0 {
                    position += Int64(n)
                    readSinceReconnect += Int64(n)
                    if readSinceReconnect > 64 * 1024 { attempts = 0 }
                    state.resumeIfRoom()
                    return n
                }
                if state.transferDone {
                    if let failure = state.failure ?? prematureEnd() {
                        try reconnect(after: failure)
                        continue
                    }
                    return 0
                }
                try state.awaitData()
            }
        }
    }

    public func seek(to offset: Int64) throws(DecodeError) {
        guard offset != position else { return }
        guard offset >= 0 else { throw DecodeError(.io, path: path, offset: offset, message: "negative seek") }
        let reachable = state.withLock { state.window.canReach(offset, ahead: 64 * 1024) }
        guard isSeekable || reachable else {
            throw DecodeError(
                .notSeekable, path: path, offset: offset,
                message: "the server does not support seeking (no byte ranges)")
        }
        position = offset  // `read` moves there, or starts a Range request from there
    }

    /// Puts the window's read offset at `position`: inside the bytes held, a little ahead (skip as they
    /// arrive), or by a new Range request.
    private func align() throws(DecodeError) {
        let window = state.window
        if window.readOffset == position { return }
        if position >= window.start && position <= window.end {
            state.window.move(to: position)
        } else if position > window.end && position - window.end <= 64 * 1024 && !state.transferDone {
            state.window.move(to: window.end)  // the bytes up to `position` are on their way
        } else if isSeekable {
            try state.start(at: position, icy: false)
            _ = try state.awaitResponse()
        } else {
            throw DecodeError(.notSeekable, path: path, offset: position, message: "cannot re-read this stream")
        }
    }

    /// A body shorter than its Content-Length (a lying server or a cut connection), or the end of a live
    /// station, is a drop, not the end.
    private func prematureEnd() -> CurlError? {
        if isLive { return CurlError(.connectionLost, url: path, message: "the station closed the connection") }
        guard let length, position < length else { return nil }
        return CurlError(.connectionLost, url: path, message: "the server ended at byte \(position) of \(length)")
    }

    /// After a drop: back off and reconnect (from `position` by Range for a file, afresh for a live stream), or
    /// throw when the failure is not transient or the attempts are used up.
    private func reconnect(after failure: CurlError) throws(DecodeError) {
        let resumable = isSeekable || length == nil
        guard failure.isTransient, resumable, attempts < settings.reconnectAttempts else {
            let tried = attempts > 0 ? " (after \(attempts) reconnect\(attempts == 1 ? "" : "s"))" : ""
            throw StreamState.decodeError(failure, offset: position, suffix: tried)
        }
        attempts += 1
        readSinceReconnect = 0
        state.observer?(.reconnecting(attempt: attempts, reason: failure.message))
        try state.sleep(seconds: settings.reconnectDelay(attempt: attempts))
        state.window.reset(at: position)
        // The response and the bytes are awaited by `read`; a failure there counts as the next attempt.
        try state.start(at: isSeekable ? position : nil, icy: icy, continuingAt: position)
    }
}
