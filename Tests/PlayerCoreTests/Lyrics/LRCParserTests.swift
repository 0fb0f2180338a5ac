import Testing
@testable import PlayerCore

@Suite struct LRCParserTests {
    private func times(_ l: Lyrics) -> [Int64] { l.lines.map(\.time) }

    @Test(arguments: [
        ("[01:02.34]x", Int64(62_340_000)),
        ("[01:02.345]x", 62_345_000),
        ("[01:02]x", 62_000_000),
        ("[01:02:34]x", 62_340_000),
        ("[1:02.3]x", 62_300_000),
        ("[120:00.00]x", 7_200_000_000),
        ("  [00:00.01]x", 10_000)
    ])
    func stampForms(line: String, time: Int64) {
        let l = LRCParser.parse(text: line)
        #expect(times(l) == [time])
        #expect(l.lines.first?.text == "x")
        #expect(l.problems.isEmpty)
    }

    @Test func headersAndSeveralStampsAndSorting() {
        let l = LRCParser.parse(
            text: """
                [ti:Title][ar:Artist]
                [al:Album]
                [by:Me]
                [length: 03:25]
                [re:Editor][ve:1.0]
                [00:20.00][00:05.00]Chorus
                [00:10.00]Verse
                [00:05.00]Translation of chorus
                """)
        #expect(l.title == "Title" && l.artist == "Artist" && l.album == "Album" && l.author == "Me")
        #expect(l.lengthMicroseconds == 205_000_000)
        #expect(l.lines.map(\.text) == ["Chorus", "Translation of chorus", "Verse", "Chorus"])
        #expect(times(l) == [5_000_000, 5_000_000, 10_000_000, 20_000_000])
        #expect(l.untimedLines.isEmpty && l.problems.isEmpty)
        #expect(l.plainText == "Chorus\nTranslation of chorus\nVerse\nChorus")
    }

    @Test func headerValuesMayContainBrackets() {
        let l = LRCParser.parse(text: "[ti:Song [Live]]\n[ar:AC/DC][al:Album]\n[00:01.00][Chorus] go")
        #expect(l.title == "Song [Live]" && l.artist == "AC/DC" && l.album == "Album")
        #expect(l.lines.map(\.text) == ["[Chorus] go"] && l.untimedLines.isEmpty)
    }

    @Test func blankAndUntimedLines() {
        let l = LRCParser.parse(text: "\n[Intro]\nplain words\n[00:01.00]\n[00:02.00]  spaced  \n\n")
        #expect(l.untimedLines == ["[Intro]", "plain words"])
        #expect(l.lines.map(\.text) == ["", "spaced"])
        let unsynced = LRCParser.parse(text: "just\nplain\nlyrics")
        #expect(!unsynced.isSynced && unsynced.plainText == "just\nplain\nlyrics")
    }

    /// Positive offset = lyrics earlier (time − offset), clamped at zero; negative = later.
    @Test func offset() {
        let earlier = LRCParser.parse(text: "[offset:+500]\n[00:02.00]a\n[00:00.20]b")
        #expect(earlier.offsetMilliseconds == 500)
        #expect(times(earlier) == [0, 1_500_000])
        let later = LRCParser.parse(text: "[00:02.00]a <00:02.50>b\n[offset:-250]")
        #expect(times(later) == [2_250_000])
        #expect(later.lines[0].words.map(\.time) == [2_250_000, 2_750_000])
        let bad = LRCParser.parse(text: "[offset:soon]\n[00:01.00]a")
        #expect(bad.offsetMilliseconds == 0 && bad.problems == [LyricsProblem(line: 1, reason: .badOffset)])
    }

    @Test func enhancedWordStamps() {
        let l = LRCParser.parse(text: "[00:01.00]<00:01.00>Twin<00:01.40>kle <00:01.80>star<00:02.50>")
        let line = l.lines[0]
        #expect(line.text == "Twinkle star")
        #expect(
            line.words == [
                LyricWord(time: 1_000_000, text: "Twin"), LyricWord(time: 1_400_000, text: "kle "),
                LyricWord(time: 1_800_000, text: "star")
            ])
        #expect(line.wordsEnd == 2_500_000)
        let leading = LRCParser.parse(text: "[00:01.00]Oh <00:02.00>yeah")
        #expect(
            leading.lines[0].words == [
                LyricWord(time: 1_000_000, text: "Oh "), LyricWord(time: 2_000_000, text: "yeah")
            ])
        #expect(leading.lines[0].wordsEnd == nil)
        let repeated = LRCParser.parse(text: "[00:01.00][00:11.00]<00:01.00>a<00:01.50>b")
        #expect(repeated.lines[1].words.map(\.time) == [11_000_000, 11_500_000])
        let notStamp = LRCParser.parse(text: "[00:01.00]a <3 b")
        #expect(notStamp.lines[0].text == "a <3 b" && notStamp.lines[0].words.isEmpty)
    }

    @Test func badStampsAreReportedNotFatal() {
        let l = LRCParser.parse(
            text: "[00:1x.00]bad\n[00:61.00]bad\n[00:01.00]ok\n[00:02.00]<00:0z.00>w\n[-1:00.00]neg\n[00:03.]x")
        #expect(l.lines.map(\.text) == ["ok", "w"])
        #expect(l.problems.map(\.reason) == [.badTimestamp, .badTimestamp, .badWordStamp, .badTimestamp, .badTimestamp])
        #expect(l.problems.map(\.line) == [1, 2, 4, 5, 6])
    }

    @Test func encodings() {
        let text = "[ti:歌]\r\n[00:01.00]你好 ♪\r\n"
        var le: [UInt8] = [0xFF, 0xFE], be: [UInt8] = [0xFE, 0xFF], bomless: [UInt8] = []
        for u in text.utf16 {
            le += [UInt8(u & 0xFF), UInt8(u >> 8)]
            be += [UInt8(u >> 8), UInt8(u & 0xFF)]
        }
        for u in "[00:01.00]abc\n".utf16 { bomless += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        for (bytes, enc) in [
            (le, TextEncoding.utf16LittleEndian), (be, .utf16BigEndian),
            ([0xEF, 0xBB, 0xBF] + Array(text.utf8), .utf8WithBOM), (Array(text.utf8), .utf8)
        ] {
            let l = LRCParser.parse(bytes)
            #expect(l.encoding == enc)
            #expect(l.title == "歌" && l.lines.map(\.text) == ["你好 ♪"])
        }
        let b = LRCParser.parse(bomless)
        #expect(b.encoding == .utf16LittleEndian && b.lines.map(\.text) == ["abc"])
        // "你好" in GBK.
        let gbk = LRCParser.parse(Array("[00:01.00]".utf8) + [0xC4, 0xE3, 0xBA, 0xC3])
        #expect(gbk.encoding == .gb18030 && gbk.lines.map(\.text) == ["你好"])
    }

    @Test func oversizedInputIsTruncatedWithAProblem() {
        let big = Array(String(repeating: "[00:01.00]la la la\n", count: LRCParser.maxBytes / 19 + 10).utf8)
        let l = LRCParser.parse(big)
        #expect(l.problems.first == LyricsProblem(line: 0, reason: .truncated))
        #expect(!l.lines.isEmpty)
    }

    /// Random bytes and random LRC-ish fragments: never a crash, always sorted output.
    @Test func garbageNeverCrashes() {
        var rng = SeededRandom(seed: 2024)
        let pieces = [
            "[", "]", "<", ">", ":", ".", "0", "1", "59", "60", "99999", "offset", "ti", "+", "-", "\n", "\r\n", "é",
            "\u{0}", "x"
        ]
        for round in 0..<3000 {
            let lyrics: Lyrics
            if round % 2 == 0 {
                lyrics = LRCParser.parse(
                    (0..<Int.random(in: 0...200, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) })
            } else {
                lyrics = LRCParser.parse(
                    text: (0..<Int.random(in: 0...60, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
                        .joined())
            }
            #expect(zip(lyrics.lines, lyrics.lines.dropFirst()).allSatisfy { $0.time <= $1.time })
            #expect(lyrics.lines.allSatisfy { $0.time >= 0 })
            let timeline = LyricsTimeline(lyrics)
            _ = timeline.position(at: Int64.random(in: -1_000_000...10_000_000_000, using: &rng))
        }
    }
}
