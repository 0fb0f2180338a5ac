import Tagging

/// The bounds the MP4 reader keeps, whatever sizes and counts a file claims. Tables are also bounded by their
/// box's size (every entry must be present in the file), so memory grows with the file, never with a claim.
public enum MP4Limits {
    /// Deepest box nesting followed (moov/trak/mdia/minf/stbl/stsd/mp4a/wave/esds is 9).
    public static let maxDepth = 12
    /// Most child boxes walked in one container before the rest is skipped.
    public static let maxChildren = 10_000
    /// Most boxes walked in the whole file, a bound on work for a file of many tiny boxes.
    public static let maxBoxes = 200_000
    /// Tracks looked at (the first sound track is played).
    public static let maxTracks = 64
    /// Samples (AAC access units) in one track: about 26 hours at 44.1 kHz.
    public static let maxSamples = 1 << 22
    /// Chunks, time-to-sample runs and sample-to-chunk runs in one track.
    public static let maxTableEntries = 1 << 22
    /// Edit-list entries read (players use the first one or two).
    public static let maxEdits = 64
    /// Largest decoder-specific info kept (an AudioSpecificConfig is 2–5 bytes; ALAC's cookie 36).
    public static let maxDecoderConfigBytes = 1024
    /// Items read from one `ilst`.
    public static let maxTagItems = 10_000
    /// Largest text value kept; longer ones are skipped.
    public static let maxTextBytes = TagLimits.maxTextBytes
    /// Largest cover kept; a bigger one is stepped over without being read.
    public static let maxPictureBytes = TagLimits.maxPictureBytes
}
