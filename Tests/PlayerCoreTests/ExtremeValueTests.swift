import Testing
@testable import PlayerCore

/// Numbers from files and the bus at their extremes: each case trapped before the audit (issue 9) or pins the
/// documented fallback. A trap would kill the test process, so reaching the expectations is itself the check.
@Suite struct ExtremeValueTests {
    @Test func saturatingHelpers() {
        #expect(Int64.max.addingSaturating(1) == .max)
        #expect(Int64.min.addingSaturating(-1) == .min)
        #expect(Int64.min.subtractingSaturating(1) == .min)
        #expect(Int64.max.subtractingSaturating(-1) == .max)
        #expect(Int64.max.multipliedSaturating(by: 44100) == .max)
        #expect(Int64.min.multipliedSaturating(by: 44100) == .min)
        #expect(Int64.max.multipliedSaturating(by: -2) == .min)
        #expect(Int64(3).addingSaturating(4) == 7)
        #expect(Int64(saturating: .nan) == nil)
        #expect(Int64(saturating: .infinity) == .max)
        #expect(Int64(saturating: -.infinity) == .min)
        #expect(Int64(saturating: 1e308) == .max)
        #expect(Int64(saturating: -1e308) == .min)
        #expect(Int64(saturating: 9_223_372_036_854_775_808.0) == .max)
        #expect(Int64(saturating: -9_223_372_036_854_775_808.0) == .min)
        #expect(Int64(saturating: -1.9) == -1)
    }

    @Test func frameConversionsSaturate() {
        let cd = AudioFormat(sampleRate: 44100, channels: 2, sampleFormat: .int16)
        // SetPosition(Int64.max) on a track of unknown length reaches this; so does a header's huge frame count.
        #expect(cd.frames(forMicroseconds: .max) == Int64.max / 1_000_000)
        #expect(cd.frames(forMicroseconds: .min) == Int64.min / 1_000_000)
        #expect(cd.microseconds(forFrames: .max) == Int64.max / 44100)
        #expect(cd.microseconds(forFrames: 1_000_000_000_000_000) == Int64.max / 44100)
        #expect(cd.microseconds(forFrames: 44100) == 1_000_000)
    }

    @Test func plsHugeNumbers() throws {
        let text = """
            [playlist]
            File1=/m/a.mp3
            Length1=99999999999999999
            File2=/m/b.mp3
            Length2=9223372036854775807
            File3=/m/c.mp3
            Length3=99999999999999999999999
            File4=/m/d.mp3
            Length4=12
            NumberOfEntries=99999999999999999999999
            """
        let r = try PLSParser.parse(text: text, baseDirectory: "/m")
        #expect(r.items.map(\.durationMicroseconds) == [nil, nil, nil, 12_000_000])
        let big = try PLSParser.parse(
            text: "[playlist]\nFile9223372036854775807=/m/x.mp3\nNumberOfEntries=-9223372036854775808\n",
            baseDirectory: "/m")
        #expect(big.items.count == 1)
        #expect(
            big.skipped.contains {
                if case .entryCountMismatch(declared: Int.min, found: 1) = $0.reason { true } else { false }
            })
    }

    @Test func m3uHugeDurations() {
        let text = """
            #EXTM3U
            #EXTINF:1e300,Forever
            /m/a.mp3
            #EXTINF:9223372036854.775807,Edge
            /m/b.mp3
            #EXTINF:-1e308,Unknown
            /m/c.mp3
            #EXTINF:inf,Inf
            /m/d.mp3
            #EXTINF:2.5,Short
            /m/e.mp3
            """
        let r = M3UParser.parse(text: text, baseDirectory: "/m")
        #expect(r.items.map(\.title) == ["Forever", "Edge", "Unknown", nil, "Short"])
        #expect(r.items.map(\.durationMicroseconds) == [nil, nil, nil, nil, 2_500_000])
        #expect(r.skipped.map(\.reason) == [.badExtinf])
    }

    @Test func lrcExtremeOffsetsAndStamps() {
        for offset in [
            "-9223372036854775808", "9223372036854775807", "+9223372036854775807", "-86400000",
            "99999999999999999999"
        ] {
            let l = LRCParser.parse(text: "[offset:\(offset)]\n[00:01.00]x")
            #expect(
                l.offsetMilliseconds == 0 && l.problems == [LyricsProblem(line: 1, reason: .badOffset)], "\(offset)")
        }
        let edge = LRCParser.parse(
            text: "[offset:-86399999]\n[99999:59.999]last\n[99999999:99.99]bad\n[length:99999999999999999999]")
        #expect(edge.offsetMilliseconds == -86_399_999)
        let lastStamp: Int64 = (99_999 * 60 + 59) * 1_000_000 + 999_000
        #expect(edge.lines.map(\.time) == [lastStamp + 86_399_999_000])
        #expect(edge.lengthMicroseconds == nil)
        #expect(edge.problems.contains(LyricsProblem(line: 4, reason: .badLength)))
    }

    @Test func routeWindowBeyondInt64IsForever() throws {
        let s = try DaemonConfiguration.parse("auto-resume-window = 1e300\n")
        #expect(s.policyOptions.autoResume && s.policyOptions.autoResumeWindowMicroseconds == .max)
        #expect(throws: DaemonConfiguration.ParseError.self) {
            try DaemonConfiguration.parse("auto-resume-window = inf\n")
        }
        #expect(throws: DaemonConfiguration.ParseError.self) {
            try DaemonConfiguration.parse("auto-resume-window = nan\n")
        }
    }
}
