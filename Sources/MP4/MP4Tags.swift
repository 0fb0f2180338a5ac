import Tagging

/// The iTunes-style tags of an MP4 file (`moov/udta/meta/ilst`), as stored: text items by atom name, the numbers
/// pairs, the genre index, the compilation flag and the first cover.
public struct MP4Tags: Sendable, Hashable {
    /// One text value: `key` is the atom name ("©nam", "aART") or, for a freeform atom, "----:MEAN:NAME"
    /// ("----:com.apple.iTunes:iTunSMPB").
    public struct Text: Sendable, Hashable {
        public var key: String
        public var value: String
    }

    /// Text values in file order; an atom with several `data` boxes gives several values.
    public var texts: [Text] = []
    public var trackNumber: Int?
    public var trackCount: Int?
    public var discNumber: Int?
    public var discCount: Int?
    /// `gnre`: an ID3v1 genre index plus one.
    public var genreCode: Int?
    public var compilation: Bool?
    /// The first `covr` picture (type 3, front cover, as iTunes means it).
    public var cover: TagPicture?

    public init() {}

    /// Every value of `key`, compared case-insensitively for freeform names (taggers differ in case).
    public func values(_ key: String) -> [String] {
        let folded = key.lowercased()
        return texts.filter { $0.key == key || ($0.key.hasPrefix("----:") && $0.key.lowercased() == folded) }
            .map(\.value)
    }

    /// The first value of the freeform atom `name` in the iTunes namespace ("iTunSMPB", "replaygain_track_gain").
    public func freeform(_ name: String) -> String? { values("----:com.apple.iTunes:" + name).first }
}
