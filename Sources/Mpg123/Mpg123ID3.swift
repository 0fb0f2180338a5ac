/// The ID3 tags libmpg123 parsed, copied out of mpg123's storage as Swift values.
public struct Mpg123ID3: Sendable, Hashable {
    /// An ID3v1 tag: fixed-size fields in an unspecified 8-bit encoding (raw bytes, NUL/space padded).
    public struct V1: Sendable, Hashable {
        public var title: [UInt8]
        public var artist: [UInt8]
        public var album: [UInt8]
        public var year: [UInt8]
        public var comment: [UInt8]
        public var genre: UInt8

        public init(title: [UInt8], artist: [UInt8], album: [UInt8], year: [UInt8], comment: [UInt8], genre: UInt8) {
            (self.title, self.artist, self.album, self.year, self.comment, self.genre)
                = (title, artist, album, year, comment, genre)
        }
    }

    /// One ID3v2 text frame (TIT2, TPE1, TRCK, USLT, COMM, …), already converted to UTF-8 by mpg123.
    public struct TextFrame: Sendable, Hashable {
        /// The four-character frame id, e.g. "TRCK".
        public var id: String
        /// The frame's description (COMM/USLT/TXXX), usually empty.
        public var description: String
        /// The frame's values: ID3v2.4 allows several NUL-separated strings in one frame.
        public var values: [String]

        public init(id: String, description: String, values: [String]) {
            (self.id, self.description, self.values) = (id, description, values)
        }
    }

    public var v1: V1?
    /// ID3v2 version (3 or 4; 2 for ID3v2.2), nil when there is no ID3v2 tag.
    public var v2Version: Int?
    /// All ID3v2 text frames in file order (including COMM and USLT).
    public var v2Frames: [TextFrame] = []

    public init() {}

    public var isEmpty: Bool { v1 == nil && v2Version == nil }
}
