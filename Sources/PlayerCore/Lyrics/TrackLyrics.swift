/// The lyrics chosen for one track and where they came from: an `.lrc` file beside it, else embedded SYLT,
/// else embedded text (USLT / LYRICS comment), which is read as LRC when it carries time stamps.
public struct TrackLyrics: Sendable, Hashable {
    /// Where the lyrics came from (the `Source` property of the lyrics interface spells these).
    public enum Source: String, Sendable, Hashable {
        /// An `.lrc` file beside the track.
        case lrcFile = "lrc-file"
        /// Embedded synchronised lyrics (ID3 SYLT).
        case embeddedSynced = "embedded-synced"
        /// Embedded text (ID3 USLT, LYRICS/UNSYNCEDLYRICS comment); synced when it is LRC with stamps.
        case embeddedText = "embedded-text"
    }

    public var source: Source
    public var lyrics: Lyrics
    /// The `.lrc` file read, for `.lrcFile`.
    public var path: String?

    public init(source: Source, lyrics: Lyrics, path: String? = nil) {
        self.source = source
        self.lyrics = lyrics
        self.path = path
    }

    /// Whether there are timed lines (else only `lyrics.untimedLines`).
    public var isSynced: Bool { lyrics.isSynced }

    /// The full text for `xesam:asText`.
    public var text: String { lyrics.plainText }

    /// Picks the lyrics in the documented order. Pure: `file` is what `LyricsFile.load` found.
    public static func select(file: (path: String, lyrics: Lyrics)?, tags: TrackTags) -> TrackLyrics? {
        if let file, file.lyrics.isSynced || !file.lyrics.untimedLines.isEmpty {
            return TrackLyrics(source: .lrcFile, lyrics: file.lyrics, path: file.path)
        }
        if !tags.syncedLyrics.isEmpty {
            var l = Lyrics()
            l.lines = tags.syncedLyrics
            return TrackLyrics(source: .embeddedSynced, lyrics: l)
        }
        if let text = tags.lyrics, !text.allSatisfy(\.isWhitespace) {
            // LRCParser keeps text without stamps as untimed lines, so unsynced text comes out as such.
            return TrackLyrics(source: .embeddedText, lyrics: LRCParser.parse(text: text))
        }
        return nil
    }

    /// Reads the `.lrc` beside `path` (file I/O: call it off the service's queue) and selects.
    public static func load(forTrackAt path: String, tags: TrackTags) -> TrackLyrics? {
        select(file: LyricsFile.load(forTrackAt: path), tags: tags)
    }
}
