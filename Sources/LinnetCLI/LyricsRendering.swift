/// One timed line as the lyrics interface sends it (`(xsa(xs))`).
public struct LyricsLine: Sendable, Equatable {
    public var time: Int64
    public var text: String
    public var words: [(time: Int64, text: String)]

    public init(time: Int64, text: String, words: [(time: Int64, text: String)] = []) {
        self.time = time
        self.text = text
        self.words = words
    }

    public static func == (a: LyricsLine, b: LyricsLine) -> Bool {
        a.time == b.time && a.text == b.text && a.words.map(\.time) == b.words.map(\.time)
            && a.words.map(\.text) == b.words.map(\.text)
    }
}

/// The texts `linnet lyrics` and `linnet lyrics --follow` print, as pure functions of values.
public enum LyricsRendering {
    /// SGR sequences: dim for neighbours, bold for the current line, reverse video for the sung part.
    static let dim = "\u{1B}[2m", bold = "\u{1B}[1m", reverse = "\u{1B}[7m", reset = "\u{1B}[0m"

    /// `[01:02.57]` (minutes may exceed 99; centiseconds truncated).
    public static func stamp(_ us: Int64) -> String {
        let cs = max(0, us) / 10_000
        let minutes = cs / 6000, seconds = (cs / 100) % 60, hundredths = cs % 100
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "[\(two(minutes)):\(two(seconds)).\(two(hundredths))]"
    }

    /// `linnet lyrics`: timed lines as `[mm:ss.xx] text`, else the plain text; a note when there are none.
    public static func listing(lines: [LyricsLine], text: String, hasLyrics: Bool) -> String {
        guard hasLyrics else { return "(no lyrics for this track)" }
        guard !lines.isEmpty else { return text }
        return lines.map { "\(stamp($0.time)) \($0.text)".trimmingTrailingSpaces }.joined(separator: "\n")
    }

    /// How much of `line` is sung (0…1 of its characters): by its word stamps when it has them (the words before
    /// `word`, plus `wordProgress` of that word), else `lineProgress`.
    public static func sungFraction(_ line: LyricsLine, lineProgress: Double, word: Int, wordProgress: Double) -> Double
    {
        let total = line.words.reduce(0) { $0 + $1.text.count }
        guard line.words.indices.contains(word), total > 0 else { return lineProgress }
        let before = line.words[..<word].reduce(0) { $0 + $1.text.count }
        let p = min(1, max(0, wordProgress.isFinite ? wordProgress : 0))
        return (Double(before) + p * Double(line.words[word].text.count)) / Double(total)
    }

    /// The line printed per change when `--follow` writes to a pipe: the current line with its stamp.
    public static func plainFollowLine(lines: [LyricsLine], current: Int) -> String? {
        guard lines.indices.contains(current) else { return nil }
        return "\(stamp(lines[current].time)) \(lines[current].text)".trimmingTrailingSpaces
    }

    /// The live view: `context` lines before and after the current one (dimmed), the current one in bold with
    /// its sung part (`progress` 0…1 of its characters) in reverse video, then a bar filling across its width.
    /// Always `2 * context + 2` rows so a redraw overwrites the same block.
    public static func followFrame(
        lines: [LyricsLine], current: Int, progress: Double, columns: Int = 80,
        context: Int = 2
    ) -> [String] {
        let width = max(10, columns)
        func cut(_ s: String) -> String { s.count > width ? String(s.prefix(width - 1)) + "…" : s }
        var rows: [String] = []
        let anchor = max(-1, current)
        for i in (anchor - context)...(anchor + context) {
            guard lines.indices.contains(i) else {
                rows += i == anchor ? ["", ""] : [""]
                continue
            }
            let text = cut(lines[i].text.isEmpty ? "♪" : lines[i].text)
            guard i == anchor else {
                rows.append(dim + text + reset)
                continue
            }
            let p = min(1, max(0, progress.isFinite ? progress : 0))
            let sung = Int((Double(text.count) * p).rounded(.down))
            rows.append(
                bold + reverse + String(text.prefix(sung)) + reset + bold + String(text.dropFirst(sung)) + reset)
            let filled = Int((Double(text.count) * p).rounded(.down))
            rows.append(
                String(repeating: "━", count: filled) + dim + String(repeating: "─", count: text.count - filled)
                    + reset)
        }
        return Array(rows.prefix(2 * context + 2))
    }
}
