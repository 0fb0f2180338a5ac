/// An opened item: its decoder and what the engine knows about it.
///
/// Not Sendable on purpose: after the loader hands it over (see `TrackHandOff`) it is only touched
/// with the output lock held.
final class LoadedTrack {
    let item: PlaybackItem
    let decoder: any Decoder
    let info: TrackInfo
    /// Frames read from the decoder since the last seek, plus the seek frame: the next frame `read` returns.
    var decodedFrame: Int64 = 0
    /// The decoder returned 0 (or failed): nothing more will come from it.
    var atEnd = false

    init(item: PlaybackItem, decoder: any Decoder) {
        self.item = item
        self.decoder = decoder
        let f = decoder.format
        self.info = TrackInfo(
            format: f,
            durationMicroseconds: decoder.totalFrames.map { f.microseconds(forFrames: $0) },
            isSeekable: decoder.isSeekable, tags: decoder.tags)
    }

    var format: AudioFormat { info.format }

    var streamProperties: StreamProperties {
        StreamProperties(
            title: info.tags.title ?? Self.fileName(item.location),
            artist: info.tags.artists.isEmpty ? nil : info.tags.artists.joined(separator: ", "))
    }

    /// Frames left to decode, when the length is known.
    var remainingFrames: Int64? {
        decoder.totalFrames.map { max(0, $0 - decodedFrame) }
    }

    private static func fileName(_ location: String) -> String {
        location.split(separator: "/").last.map(String.init) ?? location
    }
}

/// Carries a freshly opened track from the loader queue to the output lock.
/// `@unchecked Sendable`: ownership moves once — the loader never touches the track after handing it off,
/// and the receiver only uses it with the output lock held.
struct TrackHandOff: @unchecked Sendable {
    let track: LoadedTrack
}
