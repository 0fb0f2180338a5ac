import Testing
@testable import LinnetCLI

/// Values another player (or a broken one) can put in its replies, at their extremes: the client must render
/// something sensible, never trap (issue 9). A trap would kill the test process before the expectations.
@Suite struct ExtremeReplyTests {
    @Test func lengthAndNumbersBeyondInt64() {
        for d in [1e300, -1e300, Double.infinity, -Double.infinity, Double.nan, 9_223_372_036_854_775_808.0] {
            let m = TrackMetadata(["mpris:length": .number(d), "xesam:trackNumber": .number(d)])
            #expect(m.lengthMicroseconds == nil, "\(d)")
            #expect(m.trackNumber == nil, "\(d)")
        }
        #expect(TrackMetadata(["mpris:length": .number(2.9e6)]).lengthMicroseconds == 2_900_000)
        #expect(TrackMetadata(["mpris:length": .number(-1.5)]).lengthMicroseconds == -1)
        #expect(TrackMetadata(["xesam:trackNumber": .number(3)]).trackNumber == 3)
        #expect(TrackMetadata(["xesam:trackNumber": .number(3.5)]).trackNumber == nil)
    }

    @Test func positionClockWithExtremeRateAndPosition() {
        let fast = PositionClock(position: 1, at: 0, isPlaying: true, rate: 1e308)
        #expect(fast.position(at: 1_000_000_000) == Int64.max)
        #expect(fast.position(at: 1_000_000_000, length: 5_000_000) == 5_000_000)
        let end = PositionClock(position: .max, at: 0, isPlaying: true, rate: 1)
        #expect(end.position(at: 1_000_000_000) == Int64.max)
        let negative = PositionClock(position: .min, at: 0, isPlaying: true, rate: 1)
        #expect(negative.position(at: 1_000_000_000) == 0)
        // A rate near 0 would make the wait enormous: it is capped at an hour (plus the 5 ms margin).
        let slow = PositionClock(position: 0, at: 0, isPlaying: true, rate: 1e-300)
        #expect(slow.nanosecondsUntilNextSecond(at: 0) == 3_600_000_000_000 + 5_000_000)
        let normal = PositionClock(position: 250_000, at: 0, isPlaying: true, rate: 1)
        #expect(normal.nanosecondsUntilNextSecond(at: 0) == 750_000_000 + 5_000_000)
    }
}
