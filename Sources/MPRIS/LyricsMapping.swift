import DBus
import PlayerCore

/// What the Linnet lyrics interface shows at one moment (input of its properties and change signals).
public struct LyricsSnapshot: Sendable, Hashable {
    /// The lyrics of the current track; nil when it has none (or there is no track).
    public var lyrics: TrackLyrics?
    /// Index into `lyrics.lyrics.lines` of the line being heard; -1 before the first line or without synced lyrics.
    public var currentLine: Int

    public init(lyrics: TrackLyrics? = nil, currentLine: Int = -1) {
        self.lyrics = lyrics
        self.currentLine = currentLine
    }
}

/// Snapshot → values of `org.mpris.MediaPlayer2.linnet.Lyrics`. Pure; the one source of Get/GetAll and
/// PropertiesChanged values.
public enum LyricsMapping {
    public static let interface = "org.mpris.MediaPlayer2.linnet.Lyrics"
    /// `a(xsa(xs))`: per line its start (µs), text and word stamps (start µs, text; empty without word stamps).
    public static let linesSignature: DBusSignature = "a(xsa(xs))"

    /// Every property. `Lines` is announced by invalidation (it can be large); the rest carry their values.
    public static func properties(_ s: LyricsSnapshot) -> [String: DBusValue] {
        [
            "HasLyrics": .boolean(s.lyrics != nil),
            "Synced": .boolean(s.lyrics?.isSynced ?? false),
            "Source": .string(s.lyrics?.source.rawValue ?? ""),
            "Text": .string(s.lyrics?.text ?? ""),
            "Lines": lines(s.lyrics?.lyrics.lines ?? []),
            "CurrentLine": .int32(Int32(clamping: s.currentLine))
        ]
    }

    /// Properties whose change signals carry the value (all but `Lines`, which is invalidated).
    public static let valueProperties = ["HasLyrics", "Synced", "Source", "Text", "CurrentLine"]

    public static func lines(_ lines: [LyricLine]) -> DBusValue {
        .array(
            element: "(xsa(xs))",
            lines.map { line in
                .structure([
                    .int64(line.time), .string(line.text),
                    .array(element: "(xs)", line.words.map { .structure([.int64($0.time), .string($0.text)]) })
                ])
            })
    }

    /// `GetProgress` out values `(i line, d lineProgress, i word, d wordProgress)`; -1 for no line / no word.
    public static func progress(_ p: LyricsPosition?) -> [DBusValue] {
        guard let p else { return [.int32(-1), .double(0), .int32(-1), .double(0)] }
        return [
            .int32(Int32(clamping: p.lineIndex ?? -1)), .double(p.lineProgress),
            .int32(Int32(clamping: p.wordIndex ?? -1)), .double(p.wordProgress)
        ]
    }

    /// What changed between two snapshots: values to send, and whether `Lines` must be invalidated.
    public static func diff(from old: LyricsSnapshot, to new: LyricsSnapshot) -> (
        changed: [String: DBusValue],
        invalidated: [String]
    ) {
        let a = properties(old), b = properties(new)
        var changed: [String: DBusValue] = [:]
        for name in valueProperties where a[name] != b[name] { changed[name] = b[name] }
        let linesChanged = old.lyrics?.lyrics.lines != new.lyrics?.lyrics.lines
        return (changed, linesChanged ? ["Lines"] : [])
    }
}
