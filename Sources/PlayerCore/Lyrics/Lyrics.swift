/// One word (or syllable) of an enhanced-LRC line: `<mm:ss.xx>text`.
public struct LyricWord: Sendable, Hashable, Codable {
    /// Start time in the track, microseconds (after the file's offset).
    public var time: Int64
    public var text: String

    public init(time: Int64, text: String) {
        self.time = time
        self.text = text
    }
}

/// One timed line of lyrics.
public struct LyricLine: Sendable, Hashable, Codable {
    /// Start time in the track, microseconds (after the file's offset, never negative).
    public var time: Int64
    /// The text as shown (word stamps removed); empty for an instrumental break.
    public var text: String
    /// Per-word timing when the line has enhanced `<mm:ss.xx>` stamps; empty otherwise.
    public var words: [LyricWord]
    /// End of the last word, when the line closes with a trailing word stamp.
    public var wordsEnd: Int64?

    public init(time: Int64, text: String, words: [LyricWord] = [], wordsEnd: Int64? = nil) {
        self.time = time
        self.text = text
        self.words = words
        self.wordsEnd = wordsEnd
    }
}

/// Something in a lyrics file that was ignored, and why (the rest is still used).
public struct LyricsProblem: Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// A `[..]` that looks like a time stamp but is not a valid one.
        case badTimestamp
        /// A `<..>` word stamp that is not valid (the text is kept, the stamp dropped).
        case badWordStamp
        /// `[offset:…]` that is not an integer number of milliseconds.
        case badOffset
        /// `[length:…]` that is neither seconds nor mm:ss.
        case badLength
        /// The file was larger than `LRCParser.maxBytes`; only the start was read.
        case truncated
    }

    /// 1-based line number (0 for the whole file).
    public var line: Int
    public var reason: Reason

    public init(line: Int, reason: Reason) {
        self.line = line
        self.reason = reason
    }

    public var description: String { "line \(line): \(reason)" }
}

/// Parsed lyrics: timed lines sorted by time, header tags, untimed text, and what was skipped.
public struct Lyrics: Sendable, Hashable {
    /// Timed lines, sorted by time; lines with equal times keep their file order (e.g. a translation after the original).
    public var lines: [LyricLine] = []
    /// Lines with no time stamp (plain lyrics, or section labels in a synced file), in file order.
    public var untimedLines: [String] = []
    /// `[ti:]`, `[ar:]`, `[al:]`, `[by:]`.
    public var title: String?
    public var artist: String?
    public var album: String?
    public var author: String?
    /// `[length:]`, microseconds.
    public var lengthMicroseconds: Int64?
    /// `[offset:]` in milliseconds as written; already applied to every time (positive = lyrics shown earlier).
    public var offsetMilliseconds: Int64 = 0
    public var encoding: TextEncoding = .utf8
    public var problems: [LyricsProblem] = []

    public init() {}

    /// Whether there is at least one timed line.
    public var isSynced: Bool { !lines.isEmpty }

    /// The full text for `xesam:asText`: the timed lines' text in time order, or the untimed text when unsynced.
    public var plainText: String {
        (isSynced ? lines.map(\.text) : untimedLines).joined(separator: "\n")
    }
}
