import Testing
@testable import LinnetCLI

@Suite struct TimeFormattingTests {
    @Test(
        arguments: [
            (Int64?.none, "-:--"), (0, "0:00"), (999_999, "0:00"), (1_000_000, "0:01"), (59_999_999, "0:59"),
            (60_000_000, "1:00"), (754_000_000, "12:34"), (3_600_000_000, "1:00:00"), (3_725_000_000, "1:02:05"),
            (-5_000_000, "0:00")
        ] as [(Int64?, String)])
    func clock(_ us: Int64?, _ expected: String) {
        #expect(TimeFormatting.clock(microseconds: us) == expected)
    }

    @Test func fixedRoundsHalfAwayFromZero() {
        #expect(TimeFormatting.fixed(12.3456, decimals: 3) == "12.346")
        #expect(TimeFormatting.fixed(0.0005, decimals: 3) == "0.001")
        #expect(TimeFormatting.fixed(-1.25, decimals: 1) == "-1.3")
        #expect(TimeFormatting.fixed(-0.0001, decimals: 3) == "0.000")
        #expect(TimeFormatting.fixed(5, decimals: 0) == "5")
        #expect(TimeFormatting.fixed(1.05, decimals: 3) == "1.050")
        #expect(TimeFormatting.fixed(.nan, decimals: 2) == "nan")
    }

    @Test func trimmedDropsTrailingZeros() {
        #expect(TimeFormatting.trimmed(0.5, maxDecimals: 3) == "0.5")
        #expect(TimeFormatting.trimmed(1, maxDecimals: 3) == "1")
        #expect(TimeFormatting.trimmed(1.0 / 3, maxDecimals: 3) == "0.333")
        #expect(TimeFormatting.trimmed(0.75, maxDecimals: 3) == "0.75")
        #expect(TimeFormatting.trimmed(-0.0001, maxDecimals: 3) == "0")
    }

    @Test func secondsHaveThreeDecimals() {
        #expect(TimeFormatting.seconds(microseconds: 5_000_185) == "5.000")
        #expect(TimeFormatting.seconds(microseconds: 12_345_678) == "12.346")
    }

    @Test(
        arguments: [
            ("5", Int64?(5_000_000)), ("+10", 10_000_000), ("-2.5", -2_500_000), (".5", 500_000), ("0", 0),
            ("", nil), ("abc", nil), ("1e3", nil), ("--5", nil), ("+", nil), ("nan", nil), ("inf", nil), ("1.2.3", nil),
            ("99999999999999", nil)
        ] as [(String, Int64?)])
    func parseSeconds(_ text: String, _ expected: Int64?) {
        #expect(TimeFormatting.parseSeconds(text) == expected)
    }
}

@Suite struct ProgressBarTests {
    @Test func rendersFilledHeadAndRest() {
        #expect(ProgressBar.render(fraction: 0, width: 10) == "[>---------]")
        #expect(ProgressBar.render(fraction: 0.5, width: 10) == "[=====>----]")
        #expect(ProgressBar.render(fraction: 0.99, width: 10) == "[=========>]")
        #expect(ProgressBar.render(fraction: 1, width: 10) == "[==========]")
        #expect(ProgressBar.render(fraction: 3, width: 4) == "[====]")
        #expect(ProgressBar.render(fraction: -1, width: 4) == "[>---]")
        #expect(ProgressBar.render(fraction: nil, width: 4) == "[----]")
        #expect(ProgressBar.render(fraction: .nan, width: 4) == "[----]")
    }

    @Test func barWidthIsConstant() {
        for i in 0...100 {
            #expect(ProgressBar.render(fraction: Double(i) / 100, width: 20).count == 22)
        }
    }

    @Test func fractionNeedsAKnownLength() {
        #expect(ProgressBar.fraction(positionMicroseconds: 3, lengthMicroseconds: 12) == 0.25)
        #expect(ProgressBar.fraction(positionMicroseconds: 3, lengthMicroseconds: 0) == nil)
        #expect(ProgressBar.fraction(positionMicroseconds: nil, lengthMicroseconds: 12) == nil)
        #expect(ProgressBar.fraction(positionMicroseconds: 3, lengthMicroseconds: nil) == nil)
    }
}

@Suite struct PositionClockTests {
    @Test func extrapolatesOnlyWhilePlaying() {
        let playing = PositionClock(position: 1_000_000, at: 5_000_000_000, isPlaying: true)
        #expect(playing.position(at: 7_500_000_000) == 3_500_000)
        #expect(playing.position(at: 4_000_000_000) == 1_000_000)  // a clock before the base never goes back
        let paused = PositionClock(position: 1_000_000, at: 5_000_000_000, isPlaying: false)
        #expect(paused.position(at: 9_000_000_000) == 1_000_000)
    }

    @Test func clampsToLengthAndUsesRate() {
        let c = PositionClock(position: 9_000_000, at: 0, isPlaying: true, rate: 2)
        #expect(c.position(at: 1_000_000_000) == 11_000_000)
        #expect(c.position(at: 10_000_000_000, length: 12_000_000) == 12_000_000)
        #expect(PositionClock(position: 0, at: 0, isPlaying: true, rate: 0).rate == 1)
        #expect(PositionClock(position: -5, at: 0, isPlaying: false).position(at: 0) == 0)
    }

    @Test func rebaseKeepsThePosition() {
        var c = PositionClock(position: 0, at: 0, isPlaying: true)
        c.rebase(at: 2_000_000_000)
        #expect(c.baseMicroseconds == 2_000_000 && c.baseNanoseconds == 2_000_000_000)
        c.isPlaying = false
        #expect(c.position(at: 9_000_000_000) == 2_000_000)
    }

    @Test func wakesJustAfterTheNextWholeSecond() {
        let c = PositionClock(position: 1_250_000, at: 0, isPlaying: true)
        let wait = c.nanosecondsUntilNextSecond(at: 0)!
        #expect(wait > 750_000_000 && wait < 760_000_000)
        #expect(c.position(at: wait) / 1_000_000 == 2)
        #expect(PositionClock(position: 0, at: 0, isPlaying: false).nanosecondsUntilNextSecond(at: 0) == nil)
        let fast = PositionClock(position: 0, at: 0, isPlaying: true, rate: 2)
        #expect(fast.nanosecondsUntilNextSecond(at: 0)! < 510_000_000)
    }
}
