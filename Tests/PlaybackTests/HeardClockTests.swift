@testable import PulseOutput
import Testing

/// The heard-position clock over raw timing replies: extremes never trap, time only moves while playing, and it
/// never runs backwards or past what was written within an epoch.
@Suite struct HeardClockTests {
    func sample(
        read: Int64 = 0, sink: UInt64 = 0, transport: UInt64 = 0, playing: Bool = true,
        at: UInt64 = 1_000_000
    ) -> HeardClock.Sample {
        HeardClock.Sample(
            readIndex: read, sinkMicroseconds: sink, transportMicroseconds: transport,
            playing: playing, receivedAt: at)
    }

    /// One reading (taken outside `#expect`, which must not evaluate a mutating call itself).
    func heard(_ clock: inout HeardClock, now: UInt64, corked: Bool, writtenFrame: Int64) -> Int64? {
        clock.heard(now: now, corked: corked, writtenFrame: writtenFrame)
    }

    @Test func extremeRepliesDoNotTrap() {
        var clock = HeardClock(bytesPerFrame: 4, sampleRate: 44100)
        let extremes: [HeardClock.Sample] = [
            sample(read: .max, sink: .max, transport: .max, at: .max),
            sample(read: .min, sink: .max, transport: .max, at: 0),
            sample(read: .min, sink: 0, transport: .max, at: 0),
            sample(read: .max, sink: 0, transport: .max, playing: true, at: 0),
            sample(read: -1, sink: UInt64(Int64.max) + 1, transport: 0, at: 5)
        ]
        for s in extremes {
            clock.reset()
            clock.update(s)
            for now: UInt64 in [0, 1, .max / 2, .max] {
                for written: Int64 in [.min, 0, .max] {
                    let heard = clock.heard(now: now, corked: false, writtenFrame: written)
                    #expect(heard != nil)
                    #expect(heard! <= max(written, heard!), "never past what was written once the floor allows")
                }
            }
        }
        // A zero rate or frame size from a broken format is pinned to 1 instead of dividing by zero.
        var odd = HeardClock(bytesPerFrame: 0, sampleRate: 0)
        odd.update(sample(read: 100, sink: 10))
        #expect(odd.heard(now: 2_000_000, corked: false, writtenFrame: 1_000) != nil)
    }

    @Test func readIndexMinusSinkLatencyPlusTimeSinceTheReply() {
        var clock = HeardClock(bytesPerFrame: 4, sampleRate: 44100)
        // 1 s read, 100 ms in the sink, reply arrived at t = 1 s and is 1 ms old.
        clock.update(sample(read: 44100 * 4, sink: 100_000, transport: 1_000, at: 1_000_000))
        #expect(heard(&clock, now: 1_000_000, corked: false, writtenFrame: .max) == Int64(44100 - 4410 + 44))
        #expect(heard(&clock, now: 1_500_000, corked: false, writtenFrame: .max) == Int64(44100 - 4410 + 44 + 22050))
        // Capped at what was written (an underrun cannot be heard past its end).
        #expect(heard(&clock, now: 9_000_000, corked: false, writtenFrame: 70_000) == Int64(70_000))
    }

    @Test func timeStandsStillWhileNotPlayingOrCorked() {
        var clock = HeardClock(bytesPerFrame: 4, sampleRate: 44100)
        clock.update(sample(read: 4000, sink: 0, playing: false, at: 0))
        #expect(heard(&clock, now: 5_000_000, corked: false, writtenFrame: .max) == Int64(1000))
        clock.update(sample(read: 4000, sink: 0, playing: true, at: 0))
        #expect(heard(&clock, now: 0, corked: true, writtenFrame: .max) == Int64(1000))
        #expect(heard(&clock, now: 5_000_000, corked: true, writtenFrame: .max) == Int64(1000))
    }

    @Test func neverBackwardsWithinAnEpochButAgainAfterReset() {
        var clock = HeardClock(bytesPerFrame: 4, sampleRate: 44100)
        clock.update(sample(read: 44100 * 4, at: 0))
        #expect(heard(&clock, now: 100_000, corked: false, writtenFrame: .max) == Int64(44100 + 4410))
        // A later reply says less was heard (a sink rewound, or the extrapolation ran ahead): hold, don't go back.
        clock.update(sample(read: 44100 * 4, at: 100_000))
        #expect(heard(&clock, now: 100_000, corked: false, writtenFrame: .max) == Int64(44100 + 4410))
        #expect(heard(&clock, now: 200_000, corked: false, writtenFrame: .max) == Int64(44100 + 4410))
        #expect(heard(&clock, now: 300_000, corked: false, writtenFrame: .max) == Int64(44100 + 8820))
        clock.reset()
        clock.update(sample(read: 0, at: 300_000))
        #expect(heard(&clock, now: 300_000, corked: false, writtenFrame: .max) == Int64(0))
    }
}
