import DBus
import SoakHarness
import Testing

/// The soak's invariant checkers fed hand-made event sequences: each rule must flag a violating sequence, accept
/// a good one, and stay silent where it makes no claim.
@Suite struct InvariantRuleTests {
    /// A timeline with the given status events (time, status), starting from `initial`.
    func timeline(_ initial: String, _ events: [(Double, EventTimeline.Event.Kind)] = []) -> EventTimeline {
        var t = EventTimeline(initialStatus: initial)
        for (time, kind) in events { t.append(kind, at: time) }
        return t
    }

    func sample(at time: Double, _ inputs: [SinkInputState]) -> SinkSample {
        SinkSample(start: time, end: time + 0.02, inputs: inputs)
    }

    let uncorked = SinkInputState(index: 3, sink: "speakers", corked: false)
    let corked = SinkInputState(index: 3, sink: "speakers", corked: true)

    // MARK: - PlaybackStatus vs cork

    @Test func playingWithACorkedOrMissingStreamIsAViolation() {
        let t = timeline("Stopped", [(1.0, .status("Playing"))])
        #expect(InvariantRules.cork(sample(at: 2, [corked]), timeline: t).violation != nil)
        #expect(InvariantRules.cork(sample(at: 2, []), timeline: t).violation != nil)
        #expect(InvariantRules.cork(sample(at: 2, [uncorked]), timeline: t) == .holds)
        // A second, corked stream next to the playing one is not a lie.
        #expect(InvariantRules.cork(sample(at: 2, [corked, uncorked]), timeline: t) == .holds)
    }

    @Test func pausedOrStoppedWithAnUncorkedStreamIsAViolation() {
        let paused = timeline("Playing", [(1.0, .status("Paused"))])
        #expect(InvariantRules.cork(sample(at: 2, [uncorked]), timeline: paused).violation != nil)
        #expect(InvariantRules.cork(sample(at: 2, [corked]), timeline: paused) == .holds)
        #expect(InvariantRules.cork(sample(at: 2, []), timeline: paused) == .holds)
        let stopped = timeline("Stopped")
        #expect(InvariantRules.cork(sample(at: 2, [uncorked]), timeline: stopped).violation != nil)
        #expect(InvariantRules.cork(sample(at: 2, []), timeline: stopped) == .holds)
    }

    @Test func theStreamHas200MillisecondsToFollowAStatusOrTrackChange() {
        // Paused announced 150 ms before the sample: not judged yet.
        let t = timeline("Playing", [(1.85, .status("Paused"))])
        #expect(InvariantRules.cork(sample(at: 2, [uncorked]), timeline: t) == .notJudged)
        // ... and 250 ms before: judged, and the uncorked stream is a lie.
        let later = timeline("Playing", [(1.75, .status("Paused"))])
        #expect(InvariantRules.cork(sample(at: 2, [uncorked]), timeline: later).violation != nil)
        // A status signal received within 200 ms after the sample may explain it (it was on its way).
        let after = timeline("Playing", [(2.15, .status("Paused"))])
        #expect(InvariantRules.cork(sample(at: 2, [corked]), timeline: after) == .notJudged)
        // A new track gives the new stream the same time to appear; a Seeked does not reset anything.
        let track = timeline("Playing", [(1.9, .track("/t/2"))])
        #expect(InvariantRules.cork(sample(at: 2, []), timeline: track) == .notJudged)
        let seek = timeline("Playing", [(1.9, .seeked(0))])
        #expect(InvariantRules.cork(sample(at: 2, []), timeline: seek).violation != nil)
    }

    // MARK: - Position

    func read(_ sent: Double, _ us: Int64) -> PositionRead {
        PositionRead(sent: sent, received: sent + 0.002, microseconds: us)
    }

    @Test func positionGoingBackWhilePlayingIsAViolation() {
        let t = timeline("Playing")
        #expect(InvariantRules.position(read(1, 1_000_000), read(1.05, 400_000), timeline: t).violation != nil)
        #expect(InvariantRules.position(read(1, 1_000_000), read(1.05, 1_050_000), timeline: t) == .holds)
        // Standing still is not going back; nor is a rounding step within the tolerance.
        #expect(InvariantRules.position(read(1, 1_000_000), read(1.05, 1_000_000), timeline: t) == .holds)
        #expect(InvariantRules.position(read(1, 1_000_000), read(1.05, 999_000), timeline: t) == .holds)
        #expect(InvariantRules.position(read(1, Int64.min), read(1.05, Int64.min), timeline: t) == .holds)
    }

    @Test func seekedTrackAndStatusSignalsResetThePositionReference() {
        for kind: EventTimeline.Event.Kind in [.seeked(0), .track("/t/9"), .status("Playing")] {
            // Received between the reads, or up to 500 ms after the second (signals trail replies).
            for at in [1.02, 1.3, 1.5] {
                let t = timeline("Playing", [(at, kind)])
                #expect(InvariantRules.position(read(1, 5_000_000), read(1.05, 0), timeline: t) == .notJudged)
            }
            // Received 600 ms after: it cannot explain the jump.
            let late = timeline("Playing", [(1.66, kind)])
            #expect(InvariantRules.position(read(1, 5_000_000), read(1.05, 0), timeline: late).violation != nil)
        }
    }

    @Test func positionIsOnlyJudgedWhilePlaying() {
        for status in ["Paused", "Stopped"] {
            let t = timeline(status)
            #expect(InvariantRules.position(read(1, 5_000_000), read(1.05, 0), timeline: t) == .notJudged)
        }
    }

    // MARK: - PropertiesChanged

    @Test func aPropertiesChangedRepeatingTheMirroredValueIsFlagged() {
        var m = PropertyMirror()
        let player = "org.mpris.MediaPlayer2.Player"
        #expect(
            m.apply(interface: player, changed: ["PlaybackStatus": .variant(.string("Playing"))], invalidated: [])
                .isEmpty)
        #expect(
            m.apply(
                interface: player,
                changed: [
                    "PlaybackStatus": .variant(.string("Playing")),
                    "Volume": .variant(.double(0.5))
                ], invalidated: []) == ["PlaybackStatus"])
        #expect(
            m.apply(interface: player, changed: ["PlaybackStatus": .variant(.string("Paused"))], invalidated: [])
                .isEmpty)
        // The same value on another interface is another property.
        #expect(
            m.apply(interface: "org.example.Other", changed: ["PlaybackStatus": .string("Paused")], invalidated: [])
                .isEmpty)
        // Invalidated: forgotten, so announcing it again is fine.
        _ = m.apply(interface: player, changed: [:], invalidated: ["PlaybackStatus"])
        #expect(
            m.apply(interface: player, changed: ["PlaybackStatus": .variant(.string("Paused"))], invalidated: [])
                .isEmpty)
    }

    @Test func valuesCompareAsAClientSeesThem() {
        // NaN equals NaN (a client cannot tell them apart), and -0.0 differs from 0.0 only in its bits.
        #expect(PropertyMirror.same(.double(.nan), .double(.nan)))
        #expect(PropertyMirror.same(.double(0.5), .variant(.double(0.5))))
        #expect(!PropertyMirror.same(.double(0.5), .double(0.25)))
        // A dictionary is the same whatever the order of its entries.
        let a = DBusValue.dictionary(
            key: .string, value: .variant,
            [
                DBusDictEntry(.string("a"), .variant(.int64(1))),
                DBusDictEntry(.string("b"), .variant(.string("x")))
            ])
        let b = DBusValue.dictionary(
            key: .string, value: .variant,
            [
                DBusDictEntry(.string("b"), .variant(.string("x"))),
                DBusDictEntry(.string("a"), .variant(.int64(1)))
            ])
        let c = DBusValue.dictionary(
            key: .string, value: .variant,
            [
                DBusDictEntry(.string("a"), .variant(.int64(2))),
                DBusDictEntry(.string("b"), .variant(.string("x")))
            ])
        #expect(PropertyMirror.same(a, b))
        #expect(!PropertyMirror.same(a, c))
    }

    // MARK: - RSS

    @Test func rssGrowingAfterTheFirstMinuteIsFlaggedOnLongRunsOnly() {
        let flat = (0..<300).map { (time: Double($0), kilobytes: 18_000 + ($0 % 7) * 100) }
        let growing = (0..<300).map { (time: Double($0), kilobytes: 18_000 + $0 * 40) }  // +12 MB over 5 min
        #expect(InvariantRules.rssTrend(flat, runSeconds: 300) == .holds)
        #expect(InvariantRules.rssTrend(growing, runSeconds: 300).violation != nil)
        #expect(InvariantRules.rssTrend(growing, runSeconds: 120) == .notJudged)
        // Growth only during the first minute (warm-up: caches, pulse buffers) is not a trend.
        let warmUp = (0..<300).map { (time: Double($0), kilobytes: $0 < 60 ? 10_000 + $0 * 100 : 16_000) }
        #expect(InvariantRules.rssTrend(warmUp, runSeconds: 300) == .holds)
    }

    // MARK: - Timeline

    @Test func theTimelineAnswersTheStatusAtAnyTimeAndForgetsOldEvents() {
        var t = timeline("Stopped", [(1, .status("Playing")), (2, .track("/t/1")), (3, .status("Paused"))])
        #expect(t.status(at: 0.5) == "Stopped")
        #expect(t.status(at: 1) == "Playing")
        #expect(t.status(at: 2.5) == "Playing")
        #expect(t.status(at: 3.5) == "Paused")
        t.forget(before: 2.5)
        #expect(t.events.count == 1)
        #expect(t.status(at: 2.6) == "Playing")
        #expect(t.status(at: 3.5) == "Paused")
    }
}

/// Every random choice of the soak comes from the seed; the threads' streams must not overlap.
@Suite struct SeededRandomTests {
    @Test func theSameSeedAndStreamRepeatAndNeighbouringStreamsShareNothing() {
        var a = SeededRandom(seed: 4, stream: 100), b = SeededRandom(seed: 4, stream: 100)
        #expect((0..<50).map { _ in a.next() } == (0..<50).map { _ in b.next() })
        var seen = Set<UInt64>()
        for stream in 0..<8 as Range<UInt64> {
            var r = SeededRandom(seed: 4, stream: 100 + stream)
            for _ in 0..<200 { seen.insert(r.next()) }
        }
        #expect(seen.count == 8 * 200)
    }
}
