/// Parses LRC lyrics: `[mm:ss.xx]`, `[mm:ss.xxx]`, `[mm:ss]` and `[mm:ss:xx]` stamps (minutes may exceed 99),
/// several stamps per line, `[offset:±ms]`, `[ti:] [ar:] [al:] [by:] [length:]` headers (other `[key:value]`
/// headers such as `[re:]`, `[ve:]` are accepted and ignored), enhanced per-word `<mm:ss.xx>` stamps, blank and
/// untimed lines, any encoding `TextDecoding` detects (UTF-8 ± BOM, UTF-16 LE/BE, GB18030/GBK), LF/CRLF/CR.
///
/// Offset convention (as in the LRC format's original definition and common players): a positive offset makes
/// the lyrics appear *earlier*, i.e. every time becomes `stamp − offset` (clamped at 0).
///
/// Never fails: garbage gives an empty or partial result plus `problems`.
public enum LRCParser {
    /// Larger inputs are cut (lyrics files are a few KB; this bounds time and memory on hostile input).
    public static let maxBytes = 1 << 20

    public static func parse(_ bytes: [UInt8]) -> Lyrics {
        let truncated = bytes.count > maxBytes
        let (text, encoding) = TextDecoding.decode(truncated ? Array(bytes.prefix(maxBytes)) : bytes)
        var lyrics = parse(text: text)
        lyrics.encoding = encoding
        if truncated { lyrics.problems.insert(LyricsProblem(line: 0, reason: .truncated), at: 0) }
        return lyrics
    }

    public static func parse(text: String) -> Lyrics {
        var lyrics = Lyrics()
        var timed: [(order: Int, line: LyricLine)] = []
        var lineNumber = 0
        for raw in text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
        {
            lineNumber += 1
            parseLine(Substring(raw).trimmingWhitespace(), number: lineNumber, into: &lyrics, timed: &timed)
        }
        let offsetUs = lyrics.offsetMilliseconds.multipliedReportingOverflow(by: 1000)
        let shift = offsetUs.overflow ? 0 : offsetUs.partialValue
        lyrics.lines = timed.sorted { ($0.line.time, $0.order) < ($1.line.time, $1.order) }.map { entry in
            var line = entry.line
            line.time = shifted(line.time, by: shift)
            line.words = line.words.map { LyricWord(time: shifted($0.time, by: shift), text: $0.text) }
            line.wordsEnd = line.wordsEnd.map { shifted($0, by: shift) }
            return line
        }
        // Shifting can only merge equal times (clamping at 0), never reorder, so the order stays sorted.
        return lyrics
    }

    private static func shifted(_ t: Int64, by shift: Int64) -> Int64 {
        let (v, overflow) = t.subtractingReportingOverflow(shift)
        return overflow ? (shift > 0 ? 0 : Int64.max) : max(0, v)
    }

    private static func parseLine(
        _ line: Substring, number: Int, into lyrics: inout Lyrics,
        timed: inout [(order: Int, line: LyricLine)]
    ) {
        var rest = line
        var stamps: [Int64] = []
        while rest.hasPrefix("["), var close = rest.firstIndex(of: "]") {
            var inside = rest[rest.index(after: rest.startIndex)..<close]
            // A header that is the whole line may hold brackets in its value: "[ti:Song [Live]]".
            if stamps.isEmpty, LRCTime.parse(inside) == nil, rest.hasSuffix("]"),
                let colon = inside.firstIndex(of: ":"), isHeaderKey(inside[..<colon]),
                let last = rest.lastIndex(of: "]"), last != close, !rest[rest.index(after: close)...].hasPrefix("[")
            {
                close = last
                inside = rest[rest.index(after: rest.startIndex)..<close]
            }
            if let t = LRCTime.parse(inside) {
                stamps.append(t)
            } else if LRCTime.looksLikeTime(inside) {
                lyrics.problems.append(LyricsProblem(line: number, reason: .badTimestamp))
                return
            } else if stamps.isEmpty, let colon = inside.firstIndex(of: ":"), isHeaderKey(inside[..<colon]) {
                header(
                    String(inside[..<colon]).lowercased(),
                    String(inside[inside.index(after: colon)...].trimmingWhitespace()),
                    number: number, into: &lyrics)
            } else {
                break  // "[Chorus]" and the like: text, not a tag
            }
            rest = rest[rest.index(after: close)...].trimmingWhitespace()
        }
        if stamps.isEmpty {
            if !rest.isEmpty { lyrics.untimedLines.append(String(rest)) }
            return
        }
        let (text, words, wordsEnd) = parseWords(rest, lineTime: stamps[0], number: number, into: &lyrics)
        for stamp in stamps {
            // A repeated line (several stamps) repeats its word timing relative to its own stamp.
            let delta = stamp - stamps[0]
            let line = LyricLine(
                time: stamp, text: text,
                words: words.map { LyricWord(time: $0.time + delta, text: $0.text) },
                wordsEnd: wordsEnd.map { $0 + delta })
            timed.append((timed.count, line))
        }
    }

    /// Splits `text<00:01.00>word<00:01.50>word<00:02.00>` into display text and words.
    private static func parseWords(
        _ s: Substring, lineTime: Int64, number: Int,
        into lyrics: inout Lyrics
    ) -> (String, [LyricWord], Int64?) {
        guard s.contains("<") else { return (String(s), [], nil) }
        var words: [LyricWord] = []
        var display = ""
        var current = ""
        var currentTime: Int64? = nil
        var rest = s
        var sawStamp = false
        while let open = rest.firstIndex(of: "<") {
            current += rest[..<open]
            guard let close = rest[open...].firstIndex(of: ">"),
                let t = LRCTime.parse(rest[rest.index(after: open)..<close])
            else {
                if let close = rest[open...].firstIndex(of: ">"),
                    LRCTime.looksLikeTime(rest[rest.index(after: open)..<close])
                {
                    lyrics.problems.append(LyricsProblem(line: number, reason: .badWordStamp))
                    rest = rest[rest.index(after: close)...]
                } else {
                    current += "<"
                    rest = rest[rest.index(after: open)...]
                }
                continue
            }
            if sawStamp || !current.isEmpty {
                words.append(LyricWord(time: currentTime ?? lineTime, text: current))
                display += current
            }
            sawStamp = true
            current = ""
            currentTime = t
            rest = rest[rest.index(after: close)...]
        }
        current += rest
        guard sawStamp else { return (current.trimmingWhitespace().description, [], nil) }  // bad stamps dropped
        var end: Int64? = nil
        if current.isEmpty {
            end = currentTime
        } else {
            words.append(LyricWord(time: currentTime ?? lineTime, text: current))
        }
        display += current
        return (display.trimmingWhitespace().description, words.filter { !$0.text.isEmpty }, end)
    }

    private static func isHeaderKey(_ key: Substring) -> Bool {
        !key.isEmpty && key.count <= 16 && key.allSatisfy { $0.isLetter || $0 == "#" }
    }

    private static func header(_ key: String, _ value: String, number: Int, into lyrics: inout Lyrics) {
        let v: String? = value.isEmpty ? nil : value
        switch key {
        case "ti": lyrics.title = v
        case "ar": lyrics.artist = v
        case "al": lyrics.album = v
        case "by": lyrics.author = v
        case "offset":
            let digits = value.hasPrefix("+") ? String(value.dropFirst()) : value
            // Range check without abs(): abs(Int64.min) traps.
            if let ms = Int64(digits), ms > -86_400_000, ms < 86_400_000 {
                lyrics.offsetMilliseconds = ms
            } else {
                lyrics.problems.append(LyricsProblem(line: number, reason: .badOffset))
            }
        case "length":
            if let us = LRCTime.parse(Substring(value)) {
                lyrics.lengthMicroseconds = us
            } else if let s = Int64(value), s >= 0, s < 1_000_000 {
                lyrics.lengthMicroseconds = s * 1_000_000
            } else if v != nil {
                lyrics.problems.append(LyricsProblem(line: number, reason: .badLength))
            }
        default: break
        }
    }
}
