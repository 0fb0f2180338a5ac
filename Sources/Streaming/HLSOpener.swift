import Decoding
import PlayerCore

/// Opens an HLS stream: follows a master playlist to one variant (guarding against loops), then decodes the
/// media playlist's segments as one stream. MPEG audio segments play; AAC (ADTS) and MPEG-TS segments get a
/// clear error until a streaming AAC decoder exists.
enum HLSOpener {
    /// Reads up to `count` bytes from the start of a source (fewer at its end).
    static func readPrefix(_ source: any ByteSource, count: Int) throws(DecodeError) -> [UInt8] {
        let raw = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        defer { raw.deallocate() }
        var filled = 0
        while filled < count {
            let n = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]))
            if n == 0 { break }
            filled += n
        }
        return Array(raw[0..<filled])
    }

    static let maxMasterDepth = 3

    static func open(url: String, playlist: [UInt8], settings: StreamSettings,
                     observer: (@Sendable (StreamEvent) -> Void)?) throws(DecodeError) -> sending any Decoder {
        var visited: Set<String> = [url]
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
                return try openMedia(url: currentURL, media: media, settings: settings, observer: observer)
            case .master(let variants):
                // The best variant a radio offers is still small; take the highest bandwidth.
                let best = variants.max { $0.bandwidth < $1.bandwidth }!
                guard !visited.contains(best.url) else {
                    throw DecodeError(.corrupt, path: currentURL, message: "HLS playlist references itself (\(best.url))")
                }
                visited.insert(best.url)
                currentURL = best.url
                let source = try HTTPByteSource(url: best.url, settings: settings, icy: false, observer: nil)
                text = String(decoding: try StreamOpener.readAll(source, limit: settings.maxPlaylistBytes), as: UTF8.self)
            }
        }
        throw DecodeError(.corrupt, path: url, message: "HLS master playlists nested more than \(maxMasterDepth) deep")
    }

    private static func openMedia(url: String, media: HLSPlaylist.Media, settings: StreamSettings,
                                  observer: (@Sendable (StreamEvent) -> Void)?) throws(DecodeError) -> sending any Decoder {
        let source = HLSByteSource(url: url, playlist: media, settings: settings, observer: observer)
        let head = try readPrefix(source, count: 16 * 1024)
        if head.first == 0x47 {
            throw DecodeError(.unsupportedFormat, path: url, message: "HLS with MPEG-TS segments is not supported")
        }
        if AudioSniffer.chainStart(head, frameLength: AudioSniffer.adtsFrameLength) == 0 {
            throw DecodeError(.unsupportedFormat, path: url, message: "HLS with AAC segments needs the AAC decoder")
        }
        guard AudioSniffer.looksLikeAudio(head) else {
            throw DecodeError(.unsupportedFormat, path: url, message: "HLS segments are not audio Linnet can decode")
        }
        let control = source.control
        let inner = try DecoderRegistry.open(source: ReplayingByteSource(prefix: head, base: source), fileExtension: "mp3")
        var status: (@Sendable (BufferStatus) -> Void)?
        if let observer { status = { observer(.buffer($0)) } }
        // A finished (VOD) playlist states its length: the sum of its segment durations.
        let seconds = media.segments.reduce(0) { $0 + $1.duration }
        let length = media.ended && seconds > 0 && seconds < 1e7
            ? Int64((seconds * Double(inner.format.sampleRate)).rounded()) : nil
        return BufferedDecoder(inner: inner, settings: settings, bufferedBytes: { 0 },
                               interrupt: { control.interrupt() }, status: status, knownLength: length)
    }
}

