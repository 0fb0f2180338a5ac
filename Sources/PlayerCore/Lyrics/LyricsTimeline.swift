/// Where playback is in the lyrics.
public struct LyricsPosition: Sendable, Hashable {
    /// Index into `Lyrics.lines` of the line being sung; nil before the first line. When several lines share a
    /// time (an original and its translation), the first of them is current.
    public var lineIndex: Int?
    /// Progress through the current line, 0…1 (0 when there is none).
    public var lineProgress: Double
    /// Index into the current line's `words`, when it has word stamps and a word has started.
    public var wordIndex: Int?
    /// Progress through the current word, 0…1.
    public var wordProgress: Double

    public init(lineIndex: Int?, lineProgress: Double, wordIndex: Int? = nil, wordProgress: Double = 0) {
        self.lineIndex = lineIndex
        self.lineProgress = lineProgress
        self.wordIndex = wordIndex
        self.wordProgress = wordProgress
    }
}

/// Pure queries over timed lyrics, in track time (microseconds). The service asks `nextLineChange(after:)` for
/// the one instant the current line changes and schedules a single wake-up for it (converted to wall time with the
/// playback rate; recomputed after a seek, pause or rate change) instead of ticking.
public struct LyricsTimeline: Sendable, Hashable {
    public let lines: [LyricLine]
    /// When the last line ends: the track duration if known, else `[length:]`, else 5 s after it starts.
    public let endTime: Int64
    /// The distinct line start times, ascending (the instants the current line changes).
    private let changeTimes: [Int64]

    public static let defaultLastLineDuration: Int64 = 5_000_000

    public init(_ lyrics: Lyrics, trackDurationMicroseconds: Int64? = nil) {
        lines = lyrics.lines
        var distinct: [Int64] = []
        for line in lines where distinct.last != line.time { distinct.append(line.time) }
        changeTimes = distinct
        let lastStart = lines.last?.time ?? 0
        let candidates = [trackDurationMicroseconds, lyrics.lengthMicroseconds].compactMap { $0 }.filter {
            $0 > lastStart
        }
        endTime = candidates.first ?? lastStart + Self.defaultLastLineDuration
    }

    /// The current line index at `time` (see `LyricsPosition.lineIndex`).
    public func lineIndex(at time: Int64) -> Int? {
        // Binary search: number of distinct change times ≤ time.
        var lo = 0, hi = changeTimes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if changeTimes[mid] <= time { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0 else { return nil }
        return firstLine(withTime: changeTimes[lo - 1])
    }

    /// Line, line progress, word and word progress at `time`.
    public func position(at time: Int64) -> LyricsPosition {
        guard let i = lineIndex(at: time) else { return LyricsPosition(lineIndex: nil, lineProgress: 0) }
        let line = lines[i]
        let end = lineEnd(i)
        let progress = fraction(time, from: line.time, to: end)
        guard !line.words.isEmpty else { return LyricsPosition(lineIndex: i, lineProgress: progress) }
        guard let w = line.words.lastIndex(where: { $0.time <= time }) else {
            return LyricsPosition(lineIndex: i, lineProgress: progress)
        }
        let wordEnd = w + 1 < line.words.count ? line.words[w + 1].time : min(line.wordsEnd ?? end, end)
        return LyricsPosition(
            lineIndex: i, lineProgress: progress, wordIndex: w,
            wordProgress: fraction(time, from: line.words[w].time, to: wordEnd))
    }

    /// The next instant after `time` at which the current line changes; nil when it never changes again.
    public func nextLineChange(after time: Int64) -> Int64? {
        var lo = 0, hi = changeTimes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if changeTimes[mid] <= time { lo = mid + 1 } else { hi = mid }
        }
        return lo < changeTimes.count ? changeTimes[lo] : nil
    }

    /// The next instant after `time` at which the line or the current word changes (for karaoke display).
    public func nextWordChange(after time: Int64) -> Int64? {
        let nextLine = nextLineChange(after: time)
        guard let i = lineIndex(at: time) else { return nextLine }
        let nextWord = lines[i].words.first { $0.time > time }?.time
        return [nextLine, nextWord].compactMap { $0 }.min()
    }

    /// When line `i` ends: the next later start time, or `endTime` for the last.
    public func lineEnd(_ i: Int) -> Int64 {
        nextLineChange(after: lines[i].time) ?? endTime
    }

    private func firstLine(withTime t: Int64) -> Int {
        var lo = 0, hi = lines.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if lines[mid].time < t { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    private func fraction(_ t: Int64, from start: Int64, to end: Int64) -> Double {
        guard end > start else { return 1 }
        return min(1, max(0, Double(t - start) / Double(end - start)))
    }
}
