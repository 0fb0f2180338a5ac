import Testing

@testable import PlayerCore

/// The paced Snapcast clock: what to send when, and what the rooms hear, from the consumption history.
@Suite struct PacedPlayoutTests {
    /// 1 kHz keeps the arithmetic readable: 1 frame per ms. Latency 100 ms, lead 20 ms.
    func make() -> PacedPlayout {
        PacedPlayout(sampleRate: 1000, latencyMicroseconds: 100_000, leadMicroseconds: 20_000)
    }

    @Test func sendsLeadAheadAndHearsOneLatencyLater() {
        var p = make()
        p.reset(at: 1_000_000)
        #expect(p.framesDue(at: 1_000_000) == 0, "not running: nothing due")
        p.start(at: 1_000_000)
        #expect(p.framesDue(at: 1_000_000) == 20)
        p.didSend(20, asked: 20, at: 1_000_000)
        #expect(p.framesDue(at: 1_010_000) == 10)
        p.didSend(10, asked: 10, at: 1_010_000)
        #expect(p.heard(at: 1_050_000) == nil, "within the latency nothing of this epoch is heard")
        #expect(p.heard(at: 1_100_000) == 0)
        #expect(p.heard(at: 1_110_000) == 10)
        // Never beyond what was sent.
        #expect(p.heard(at: 1_200_000) == 30)
    }

    @Test func aPauseStopsWhatIsHeardOnceTheServerPlayedOutWhatItHolds() {
        var p = make()
        p.reset(at: 0)
        p.start(at: 0)
        p.didSend(120, asked: 120, at: 0)
        p.stop(at: 50_000)
        #expect(p.framesDue(at: 60_000) == 0)
        // What was sent before the pause is still played (the server holds it), one latency later; then it stays.
        #expect(p.heard(at: 140_000) == 40)
        #expect(p.heard(at: 200_000) == 100)
        #expect(p.heard(at: 220_000) == 120)
        #expect(p.heard(at: 400_000) == 120)
        p.start(at: 500_000)
        p.didSend(p.framesDue(at: 500_000), asked: p.framesDue(at: 500_000), at: 500_000)
        #expect(p.heard(at: 550_000) == 120)
        #expect(p.heard(at: 610_000) == 130)
    }

    @Test func runningDryStopsTheClockUntilDataComes() {
        var p = make()
        p.reset(at: 0)
        p.start(at: 0)
        p.didSend(20, asked: 20, at: 0)
        p.didSend(5, asked: 10, at: 10_000)  // a network stream ran dry
        #expect(p.heard(at: 300_000) == 25)
        p.didSend(10, asked: 30, at: 300_000)
        // Consumption restarts from what was sent when data came again.
        #expect(p.heard(at: 405_000) == 30)
    }

    @Test func aFlushStartsANewEpochAndHeardNeverGoesBackWithinOne() {
        var p = make()
        p.reset(at: 0)
        p.start(at: 0)
        p.didSend(500, asked: 500, at: 0)
        #expect(p.heard(at: 300_000) == 200)
        p.reset(at: 300_000)
        #expect(p.sent == 0 && p.isRunning)
        #expect(p.heard(at: 350_000) == nil)
        p.didSend(50, asked: 50, at: 300_000)
        #expect(p.heard(at: 420_000) == 20)
        #expect(p.heard(at: 410_000) == 20, "monotonic")
    }

    @Test func extremeTimesSaturate() {
        var p = PacedPlayout(sampleRate: 384_000, latencyMicroseconds: .max)
        p.reset(at: .max)
        p.start(at: .max)
        #expect(p.framesDue(at: .max) >= 0)
        p.didSend(.max, asked: .max, at: .max)
        // No trap anywhere, and heard stays within what was sent.
        #expect((p.heard(at: .max) ?? 0) <= p.sent)
    }
}
