import Dispatch
import PlayerCore
import Testing
import TestSupport

/// Switching away from a stream (issue 17): the engine stops rendering the old item and releases its decoder the
/// moment `play`/`stop` is called, cancels a load that a newer command superseded (so a server that never answers
/// cannot hold the loader queue), and reports Playing (or Paused) from the call on, also while the item opens.
/// No sound server: a `FakeOutput` is pulled by the test.
@Suite struct EngineSwitchTests {
    final class Harness: @unchecked Sendable {
        // Safe: immutable after init; the parts are thread-safe.
        let output = FakeOutput()
        let opener = SwitchOpener()
        let log = EventLog()
        let events = DispatchQueue(label: "test.switch.owner")
        let engine: PlaybackEngine

        init() {
            let opener = self.opener, log = self.log
            engine = PlaybackEngine(
                output: output,
                openDecoder: { item, cancellation throws(DecodeError) in
                    try opener.open(item, cancellation)
                }, eventQueue: events
            ) { log.record($0) }
            log.engine.set(engine)
        }

        deinit {
            engine.stop()
            log.engine.set(nil)
        }

        /// Every event sent so far, once the owner's queue delivered them.
        var delivered: [PlaybackEvent] {
            events.sync {}
            return log.all.map(\.event)
        }

        func hears(_ level: Int16) -> Bool { output.pull { $0.contains(level) } }
    }

    func item(_ id: String, _ location: String) -> PlaybackItem { PlaybackItem(id: .name(id), location: location) }

    func isState(_ s: PlaybackState) -> (PlaybackEvent) -> Bool {
        { if case .stateChanged(let x) = $0 { return x == s } else { return false } }
    }

    @Test func anotherItemSilencesAndReleasesTheOldStreamAtOnce() {
        let h = Harness()
        h.engine.play(item("r1", "radio:1000"))
        #expect(h.hears(1000))
        h.engine.play(item("h1", "hang"))
        // Before the loader has even looked at the new item: nothing more of the radio, and its decoder is gone
        // (for a real stream that closes the connection and ends the decode thread).
        #expect(h.output.pull().isEmpty)
        // Released while the new open still hangs (it would for 20 s): the render thread may hold the last
        // reference for a moment on a loaded machine, so the release is awaited (5 s at most), not sampled.
        #expect(h.opener.wait { h.opener.released.get().contains("r1") })
        #expect(h.engine.state == .playing)
        #expect(h.engine.isLoading)
        #expect(h.output.inspect { !$0.corked && $0.format != nil }, "the stream runs on, empty, for the next track")
    }

    @Test func switchesInARowCancelTheBlockedOpensAndTheLastOnePlays() {
        let h = Harness()
        h.engine.play(item("r1", "radio:1000"))
        #expect(h.hears(1000))
        h.engine.play(item("h1", "hang"))
        #expect(h.opener.wait { h.opener.opened.get().contains("h1") })
        h.engine.play(item("h2", "hang"))
        h.engine.play(item("h3", "hang"))
        let asked = DispatchTime.now().uptimeNanoseconds
        h.engine.play(item("c", "counter:0:44100"))
        // A hanging open waits 20 s unless cancelled: the file plays at once only if every hang was woken.
        #expect(h.output.pull { !$0.isEmpty })
        let ms = Double(DispatchTime.now().uptimeNanoseconds - asked) / 1e6
        #expect(ms < 2000, "the file was heard \(ms) ms after play")
        #expect(h.opener.wait { h.opener.cancelled.get().contains("h1") })
        // Superseded before the loader reached them: never opened, or cancelled.
        let opened = Set(h.opener.opened.get()), cancelled = Set(h.opener.cancelled.get())
        #expect(opened.intersection(["h2", "h3"]).isSubset(of: cancelled), "opened \(opened), cancelled \(cancelled)")
        #expect(
            !h.delivered.contains { if case .error = $0 { return true } else { return false } },
            "a superseded load is no error")
    }

    @Test func stopCancelsABlockedOpen() {
        let h = Harness()
        h.engine.play(item("r1", "radio:1000"))
        #expect(h.hears(1000))
        h.engine.play(item("h1", "hang"))
        #expect(h.opener.wait { h.opener.opened.get().contains("h1") })
        h.engine.stop()
        #expect(h.engine.state == .stopped && !h.engine.isLoading)
        #expect(h.opener.wait { h.opener.cancelled.get().contains("h1") })
        #expect(h.opener.wait { h.opener.released.get().contains("r1") })
        #expect(!h.delivered.contains { if case .error = $0 { return true } else { return false } })
    }

    @Test func aReadyNextItemIsReleasedByASwitch() {
        let h = Harness()
        h.engine.play(item("r1", "radio:1000"))
        #expect(h.hears(1000))
        h.engine.setNext(item("r2", "radio:3000"))
        #expect(h.opener.wait { h.opener.opened.get().contains("r2") })
        h.engine.play(item("h1", "hang"))
        #expect(h.opener.wait { h.opener.released.get().isSuperset(of: ["r1", "r2"]) })
    }

    @Test func anItemOpenedFromStoppedOrPausedIsPlayingWhileItOpens() {
        let h = Harness()
        // From Stopped.
        h.engine.play(item("h1", "hang"))
        #expect(h.engine.state == .playing && h.engine.position == 0)
        #expect(h.log.wait(isState(.playing)) != nil)
        h.engine.pause()
        #expect(h.engine.state == .paused)
        h.engine.resume()
        #expect(h.engine.state == .playing)
        // From Paused.
        h.engine.play(item("r1", "radio:1000"))
        #expect(h.hears(1000))
        h.engine.pause()
        #expect(h.engine.state == .paused)
        h.engine.play(item("h2", "hang"))
        #expect(h.engine.state == .playing)
        #expect(h.output.inspect { !$0.corked })
        // A paused load is Paused at once, and the stream stays corked.
        h.engine.load(item("h3", "hang"))
        #expect(h.engine.state == .paused)
        #expect(h.output.inspect { $0.corked })
    }

    @Test func aPauseWhileOpeningHoldsOnceItOpened() {
        let h = Harness()
        h.engine.play(item("r1", "radio:1000"))
        #expect(h.hears(1000))
        h.engine.play(item("g", "gate"))
        h.engine.pause()
        #expect(h.engine.state == .paused)
        h.opener.openGate()
        // Installed (it pumps the output then) paused: corked, nothing rendered, still Paused.
        #expect(h.output.waitForPumps { !h.engine.isLoading })
        #expect(h.output.pull().isEmpty)
        #expect(h.engine.state == .paused)
        h.engine.resume()
        #expect(h.engine.state == .playing)
        #expect(h.hears(2000))
    }

    /// The end of a load is its own event, after Playing was already reported: the start-up gate (the bus name)
    /// waits for it, not for the first heard sample. A failed open sends none.
    @Test func theEndOfALoadIsAnnouncedAfterTheStateItBeganWith() {
        let h = Harness()
        func isLoaded(_ id: String) -> (PlaybackEvent) -> Bool {
            { if case .loaded(let i) = $0 { return i.id == .name(id) } else { return false } }
        }
        h.engine.play(item("g", "gate"))
        #expect(h.log.wait(isState(.playing)) != nil)
        #expect(h.opener.wait { h.opener.opened.get().contains("g") })
        #expect(h.engine.isLoading)
        #expect(!h.delivered.contains(where: isLoaded("g")), "announced before it opened")
        h.opener.openGate()
        #expect(h.log.wait(isLoaded("g")) != nil)
        #expect(!h.engine.isLoading)
        let events = h.delivered
        let playing = events.firstIndex(where: isState(.playing)), loaded = events.firstIndex(where: isLoaded("g"))
        #expect(playing != nil && loaded != nil && playing! < loaded!)
        #expect(StartupSettling.isSettled(after: events[loaded!], isLoading: h.engine.isLoading, state: h.engine.state))

        h.engine.play(item("bad", "/nonexistent/linnet/gone.mp3"))
        let failed = h.log.wait { if case .error(let i, _) = $0 { return i?.id == .name("bad") } else { return false } }
        #expect(failed != nil)
        #expect(!h.delivered.contains(where: isLoaded("bad")))
    }

    /// A seek while the item still opens (SetPosition right after GoTo) is where it starts, announced as a jump;
    /// it does not move the track that is no longer heard.
    @Test func aSeekWhileOpeningBecomesItsStart() {
        let h = Harness()
        h.engine.play(item("r1", "radio:1000"))
        #expect(h.hears(1000))
        h.engine.play(item("g", "gate"))
        h.engine.seek(toMicroseconds: 6_000_000)
        #expect(h.engine.position == 6_000_000)
        #expect(
            h.log.wait { if case .positionJumped(let us) = $0 { return us == 6_000_000 } else { return false } } != nil)
        h.opener.openGate()
        #expect(h.output.waitForPumps { !h.engine.isLoading })
        #expect(h.engine.state == .playing)
    }
}
