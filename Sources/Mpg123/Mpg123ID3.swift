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
            (self.title, self.artist, self.album, self.year, self.comment, self.genre) = (
                title, artist, album, year, comment, genre
            )
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

    /// One ID3v2 APIC picture (mpg123 stores them with MPG123_PICTURE).
    public struct Picture: Sendable, Hashable {
        /// The ID3v2 picture type: 3 is the front cover.
        public var type: Int
        public var mimeType: String
        public var description: String
        public var data: [UInt8]

        public init(type: Int, mimeType: String, description: String, data: [UInt8]) {
            (self.type, self.mimeType, self.description, self.data) = (type, mimeType, description, data)
        }
    }

    public var v1: V1?
    /// ID3v2 version (3 or 4; 2 for ID3v2.2), nil when there is no ID3v2 tag.
    public var v2Version: Int?
    /// All ID3v2 text frames: T*** and USLT, then COMM, then TXXX (mpg123 keeps each kind in its own list).
    public var v2Frames: [TextFrame] = []
    /// The APIC pictures kept: the front cover if any, else the first; pictures over the size cap are not copied.
    public var pictures: [Picture] = []
    /// How many APIC frames were left out for being larger than the cap.
    public var oversizedPictures = 0

    public init() {}

    public var isEmpty: Bool { v1 == nil && v2Version == nil }
}
