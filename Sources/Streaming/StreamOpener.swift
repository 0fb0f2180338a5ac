import Decoding
import PlayerCore

/// Opens an http(s) URL for the engine: connects, finds out what it is (audio, ICY radio, a radio playlist, HLS),
/// and returns a decoder that decodes ahead on its own thread (`BufferedDecoder`). Runs on the engine's loader
/// queue; blocks until the first audio can be decoded or a clear error says why not, or until `cancellation` is
/// cancelled: every connection made on the way (playlists, HLS variants and segments) is closed by it, so a
/// blocked open fails at once.
public enum StreamOpener {
    /// Radio playlists may point at further playlists; this deep at most.
    static let maxPlaylistDepth = 3

    public static func open(
        url: String, settings: StreamSettings, observer: (@Sendable (StreamEvent) -> Void)?,
        cancellation: LoadCancellation? = nil
    ) throws(DecodeError) -> sending any Decoder {
        try open(
            url: url, settings: settings, observer: observer, cancellation: cancellation, depth: 0,
            trail: PlaylistTrail(url))
    }

    /// `trail`: the playlists that led here, ending with `url` (a loop among them is an error, not a fetch).
    private static func open(
        url: String, settings: StreamSettings, observer: (@Sendable (StreamEvent) -> Void)?,
        cancellation: LoadCancellation?, depth: Int, trail: PlaylistTrail
    ) throws(DecodeError)
        -> sending any Decoder
    {
        var trail = trail
        guard RemoteURL.isHTTP(url) else {
            throw DecodeError(.unsupportedFormat, path: url, message: "only http and https streams are supported")
        }
        let source = try HTTPByteSource(
            url: url, settings: settings, icy: true, observer: observer,
            cancellation: cancellation)
        trail.note(source.response.effectiveURL)
        let prefix = try peek(source, count: 512)
        guard !prefix.isEmpty else { throw DecodeError(.empty, path: url, message: "the server sent no bytes") }
        let kind = ContentKind.classify(
            contentType: source.response.contentType, url: source.response.effectiveURL,
            prefix: prefix)
        switch kind {
        case .notAudio(let type):
            throw DecodeError(.unsupportedFormat, path: url, message: "not audio: the server sent \(type)")
        case .hls:
            let playlist = try readAll(source, limit: settings.maxPlaylistBytes)
            return try HLSOpener.open(
                url: source.response.effectiveURL, playlist: playlist, settings: settings,
                observer: observer, cancellation: cancellation, trail: trail)
        case .m3u, .pls, .xspf:
            guard depth < maxPlaylistDepth else {
                throw DecodeError(
                    .unsupportedFormat, path: url, message: "playlists nested more than \(maxPlaylistDepth) deep")
            }
            let bytes = try readAll(source, limit: settings.maxPlaylistBytes)
            let entries = RemotePlaylist.entries(bytes, kind: kind, url: source.response.effectiveURL)
            guard let first = entries.first else {
                throw DecodeError(.unsupportedFormat, path: url, message: "the playlist names no http(s) stream")
            }
            // An entry that leads back (the playlist itself, or one that led here) is skipped while another remains.
            let next = entries.first { !trail.contains($0) } ?? first
            try trail.follow(next, from: url)
            return try open(
                url: next, settings: settings, observer: observer, cancellation: cancellation,
                depth: depth + 1, trail: trail)
        case .audio(let ext):
            let head = try peekAudio(source, limit: 16 * 1024)
            guard AudioSniffer.looksLikeAudio(head) else {
                throw DecodeError(
                    .unsupportedFormat, path: url,
                    message: "not audio: the first \(head.count / 1024) KB "
                        + "are no known audio format (the server said \(source.response.contentType ?? "nothing"))")
            }
            let inner = try DecoderRegistry.open(source: source, fileExtension: ext)
            let state = source.state
            var status: (@Sendable (BufferStatus) -> Void)?
            if let observer { status = { observer(.buffer($0)) } }
            let decoder = BufferedDecoder(
                inner: inner, settings: settings,
                bufferedBytes: { state.withLock { state.window.unread } },
                interrupt: { state.close() }, status: status)
            return decoder
        }
    }

    /// Reads the first `count` bytes (fewer at the end) and goes back to the start (held in the window).
    static func peek(_ source: HTTPByteSource, count: Int) throws(DecodeError) -> [UInt8] {
        let bytes = try source.readPrefix(count)
        try source.seek(to: 0)
        return bytes
    }

    /// Reads from the start until the bytes are recognised as audio (a live stream trickles: wait no longer than
    /// needed) or `limit` bytes were seen; then goes back to the start.
    static func peekAudio(_ source: HTTPByteSource, limit: Int) throws(DecodeError) -> [UInt8] {
        let raw = UnsafeMutableRawBufferPointer.allocate(byteCount: limit, alignment: 1)
        defer { raw.deallocate() }
        var filled = 0
        while filled < limit {
            let n = try source.read(
                into: UnsafeMutableRawBufferPointer(rebasing: raw[filled..<min(limit, filled + 2048)]))
            if n == 0 { break }
            filled += n
            if AudioSniffer.looksLikeAudio(Array(raw[0..<filled])) { break }
        }
        try source.seek(to: 0)
        return Array(raw[0..<filled])
    }

    /// The whole (small) body; more than `limit` bytes is refused.
    static func readAll(_ source: HTTPByteSource, limit: Int) throws(DecodeError) -> [UInt8] {
        var out: [UInt8] = []
        let raw = UnsafeMutableRawBufferPointer.allocate(byteCount: 16384, alignment: 1)
        defer { raw.deallocate() }
        while true {
            let n = try source.read(into: raw)
            if n == 0 { return out }
            out.append(contentsOf: raw[0..<n])
            if out.count > limit {
                throw DecodeError(
                    .unsupportedFormat, path: source.path,
                    message: "playlist larger than \(limit / 1024) KB refused")
            }
        }
    }
}
