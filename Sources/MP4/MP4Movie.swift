import Tagging

/// What the reader found in an MP4/M4A file: the movie timescale, its sound tracks, and the iTunes tags.
public struct MP4Movie: Sendable {
    /// Units per second of `mvhd` (edit-list segment durations are in these units).
    public var movieTimescale: UInt32 = 0
    /// Tracks whose handler is `soun`, in file order.
    public var soundTracks: [MP4Track] = []
    /// Whether any `moov` box was found (a file without one is not a playable MP4).
    public var hasMovie = false
    /// The `udta/meta/ilst` tags.
    public var tags = MP4Tags()
    /// The damage that stopped reading early, if any (what was read before it is kept).
    public var error: TagError?

    public init() {}
}

/// One track: its timing, codec, decoder configuration and sample tables.
public struct MP4Track: Sendable {
    /// Handler type from `hdlr` ("soun" for audio).
    public var handler: FourCC?
    /// Units per second of the media (`mdhd`); sample durations and edit media times are in these units.
    public var mediaTimescale: UInt32 = 0
    /// The media's duration in `mediaTimescale` units (`mdhd`).
    public var mediaDuration: UInt64 = 0
    /// The first sample entry's codec ("mp4a", "alac", "ac-3", …).
    public var codec: FourCC?
    /// Channel count and rate from the sample entry (the decoder's own configuration wins when they differ).
    public var channels = 0
    public var sampleRate = 0
    /// The ES descriptor's objectTypeIndication (0x40 MPEG-4 audio, 0x66–0x68 MPEG-2 AAC, 0x6B MP3).
    public var objectType: UInt8?
    /// The decoder-specific info (for AAC, the AudioSpecificConfig).
    public var decoderConfig: [UInt8] = []
    /// The edit list (`edts/elst`), in file order.
    public var edits: [MP4Edit] = []
    /// The sample tables of `stbl`.
    public var samples = MP4SampleTable()

    public init() {}
}

/// One edit-list entry: `segmentDuration` in movie units plays the media from `mediaTime` (media units; -1 is an
/// empty edit, i.e. silence).
public struct MP4Edit: Sendable, Hashable {
    public var segmentDuration: UInt64
    public var mediaTime: Int64
}
