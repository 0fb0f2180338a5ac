import Decoding
import PlayerCore

/// Opens an HLS stream: follows a master playlist to one variant (guarding against loops), then decodes the
/// media playlist's segments as one stream: MPEG audio, ADTS AAC, or MPEG-TS carrying either (demuxed by
/// `TSAudioByteSource`).
enum HLSOpener {
    static let maxMasterDepth = 3

    /// `cancellation` closes every connection of the open (variant playlists, the first segments). `trail`: the
    /// playlists that led to `url` (none: a fresh one); a variant or segment naming one of them is the loop error.
    static func open(
        url: String, playlist: [UInt8], settings: StreamSettings,
        observer: (@Sendable (StreamEvent) -> Void)?,
        cancellation: LoadCancellation?, trail: PlaylistTrail? = nil
    ) throws(DecodeError)
        -> sending any Decoder
    {
        var trail = trail ?? PlaylistTrail(url)
        trail.note(url)
        var currentURL = url
        var text = String(decoding: playlist, as: UTF8.self)
        for _ in 0...maxMasterDepth {
            let parsed: HLSPlaylist
            do {
                parsed = try HLSPlaylist.parse(text, url: currentURL, maxSegments: settings.maxSegments)
            } catch {
                throw DecodeError(.corrupt, path: currentURL, message: error.description)
            }
            switch parsed {
            case .media(let media):
                // A segment that is one of the playlists would be fetched as audio and fail as "not audio".
                if let back = media.segments.first(where: { trail.contains($0.url) }) {
                    throw trail.loop(at: back.url, from: currentURL)
                }
                return try openMedia(
                    url: currentURL, media: media, settings: settings, observer: observer,
                    cancellation: cancellation)
            case .master(let variants):
                // The best variant a radio offers is still small; take the highest bandwidth.
                let best = variants.max { $0.bandwidth < $1.bandwidth }!
                try trail.follow(best.url, from: currentURL)
                currentURL = best.url
                let source = try HTTPByteSource(
                    url: best.url, settings: settings, icy: false, observer: nil,
                    cancellation: cancellation)
                trail.note(source.response.effectiveURL)
                text = String(
                    decoding: try StreamOpener.readAll(source, limit: settings.maxPlaylistBytes), as: UTF8.self)
            }
        }
        throw DecodeError(.corrupt, path: url, message: "HLS master playlists nested more than \(maxMasterDepth) deep")
    }

    private static func openMedia(
        url: String, media: HLSPlaylist.Media, settings: StreamSettings,
        observer: (@Sendable (StreamEvent) -> Void)?,
        cancellation: LoadCancellation?
    ) throws(DecodeError) -> sending any Decoder {
        let source = HLSByteSource(url: url, playlist: media, settings: settings, observer: observer)
        let control = source.control
        // The first segments are read here: a cancel interrupts the source (its connect, read or reload wait).
        let registration = cancellation?.onCancel { [weak control] in control?.interrupt() }
        defer { cancellation?.remove(registration) }
        let inner = try openSegments(source, url: url)
        var status: (@Sendable (BufferStatus) -> Void)?
        if let observer { status = { observer(.buffer($0)) } }
        // A finished (VOD) playlist states its length: the sum of its segment durations.
        let seconds = media.segments.reduce(0) { $0 + $1.duration }
        let length =
            media.ended && seconds > 0 && seconds < 1e7
            ? Int64((seconds * Double(inner.format.sampleRate)).rounded()) : nil
        return BufferedDecoder(
            inner: inner, settings: settings, bufferedBytes: { 0 },
            interrupt: { control.interrupt() }, status: status, knownLength: length)
    }

    /// A decoder for the concatenated segments, chosen by their content: an MPEG-TS is demuxed first, then
    /// ADTS AAC goes to the streaming AAC decoder and MPEG audio to libmpg123.
    private static func openSegments(_ source: sending HLSByteSource, url: String) throws(DecodeError)
        -> sending any Decoder
    {
        let head = try source.readPrefix(16 * 1024)
        let size = MPEGTSDemuxer.packetSize
        if head.count >= 2 * size, head[0] == 0x47, head[size] == 0x47 {
            let ts = TSAudioByteSource(base: RewindableByteSource(prefix: head, base: source))
            let audio = try ts.readPrefix(8 * 1024)
            return try decoder(
                RewindableByteSource(prefix: audio, base: ts),
                adts: try isADTS(audio, url: url, what: "MPEG-TS segments"))
        } else {
            return try decoder(
                RewindableByteSource(prefix: head, base: source), adts: try isADTS(head, url: url, what: "segments"))
        }
    }

    private static func decoder(_ stream: sending RewindableByteSource, adts: Bool) throws(DecodeError)
        -> sending any Decoder
    {
        try DecoderRegistry.open(source: stream, fileExtension: adts ? "aac" : "mp3")
    }

    /// True for ADTS AAC, false for other audio (MPEG); throws when `head` is no audio Linnet decodes.
    private static func isADTS(_ head: [UInt8], url: String, what: String) throws(DecodeError) -> Bool {
        if AudioSniffer.chainStart(head, frameLength: AudioSniffer.adtsFrameLength) != nil { return true }
        guard AudioSniffer.looksLikeAudio(head) else {
            throw DecodeError(.unsupportedFormat, path: url, message: "HLS \(what) are not audio Linnet can decode")
        }
        return false
    }
}
