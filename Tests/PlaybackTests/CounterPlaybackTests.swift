import Foundation
import PlayerCore
import Pulse
import Testing
import TestSupport

extension PlaybackIntegration {
    /// Bit-exact, gapless, seek, pause and position, proven with the counter signal on a recorded null sink.
    @Suite(.serialized) struct CounterPlaybackTests {
        @Test func gaplessJunctionOfTwoItemsIsExact() throws {
            let h = try EngineHarness()
            let rec = try h.recorder()
            let n1: Int64 = 44100 + 12345, n2: Int64 = 44100
            h.log.upcoming.set([PlaybackItem(id: "b", location: "counter:\(n1):\(n2)")])
            h.engine.play(PlaybackItem(id: "a", location: "counter:0:\(n1)"))
            #expect(h.log.wait(isTrackStarted("a")) != nil)
            let b = try #require(h.log.wait(isTrackStarted("b")))
            #expect(h.log.wait(isEndOfQueue) != nil)
            let samples = rec.stop()
            let runs = counterRuns(counterValues(samples)).filter { $0.length > 1 }
            // One unbroken run from 0 through n1 + n2 - 1: no gap, no overlap at the junction.
            #expect(runs.count == 1, "runs: \(runs.map { ($0.startValue, $0.length) })")
            #expect(runs.first?.startValue == 0)
            #expect(runs.first.map { Int64($0.length) } == n1 + n2)
            // trackStarted(b) fired when b's first frame was heard (±30 ms of the recording's clock).
            if let run = runs.first, let heardAt = rec.time(ofFrame: run.firstFrame + Int(n1)) {
                let error = (Double(b.time) - Double(heardAt)) / 1e6
                #expect(abs(error) < 60, "trackStarted(b) \(error) ms from when it was heard")
            }
            let states = h.log.all.compactMap {
                if case .stateChanged(let s) = $0.event { return s } else { return nil }
            }
            #expect(states == [.playing, .stopped])
        }

        @Test func seekLandsOnTheRightFrameAndPositionAgrees() throws {
            let h = try EngineHarness()
            let rec = try h.recorder()
            h.engine.play(PlaybackItem(id: "a", location: "counter:0:\(44100 * 20)"))
            #expect(h.log.wait(isTrackStarted("a")) != nil)
            _ = rec.waitFor(frames: rec.frameCount + 22050)
            let target: Int64 = 12_345_678  // µs
            h.engine.seek(toMicroseconds: target)
            let right = h.engine.position
            #expect(abs(right - target) <= 20_000, "position right after seek: \(right)")
            print("position right after seek: \(Double(right - target) / 1000) ms from the target")
            #expect(
                h.log.wait({ if case .positionJumped(let us) = $0 { return us == target } else { return false } })
                    != nil)
            _ = rec.waitFor(frames: rec.frameCount + 44100)
            let later = h.engine.position
            h.engine.stop()
            let runs = counterRuns(counterValues(rec.stop())).filter { $0.length > 100 }
            #expect(runs.count == 2, "runs: \(runs.map { ($0.startValue, $0.length) })")
            let expected = AudioFormat(sampleRate: 44100, channels: 2, sampleFormat: .int16).frames(
                forMicroseconds: target)
            if runs.count == 2 {
                print("seek landed \(runs[1].startValue - expected) frames from the target frame \(expected)")
                #expect(abs(runs[1].startValue - expected) <= 44, "landed on \(runs[1].startValue), wanted \(expected)")
            }
            #expect(later > target + 500_000 && later < target + 3_000_000, "position 1 s after seek: \(later)")
        }

        @Test func playWhilePlayingSwitchesOnTheSameStream() throws {
            let h = try EngineHarness()
            let rec = try h.recorder()
            h.engine.play(PlaybackItem(id: "a", location: "counter:0:\(44100 * 30)"))
            #expect(h.log.wait(isTrackStarted("a")) != nil)
            let before = try h.server.sinkInputs().compactMap { $0["index"] as? Int }
            _ = rec.waitFor(frames: rec.frameCount + 22050)
            h.engine.play(PlaybackItem(id: "b", location: "counter:\(1 << 24):\(44100 * 30)"))
            #expect(h.log.wait(isTrackStarted("b")) != nil)
            _ = rec.waitFor(frames: rec.frameCount + 22050)
            let after = try h.server.sinkInputs().compactMap { $0["index"] as? Int }
            #expect(before == after && before.count == 1, "sink inputs \(before) → \(after)")
            let runs = counterRuns(counterValues(rec.stop())).filter { $0.length > 100 }
            // a's audio, then b's from its first frame; a never comes back.
            #expect(
                runs.count == 2 && runs.first?.startValue == 0 && runs.last?.startValue == 1 << 24,
                "runs: \(runs.map { ($0.startValue, $0.length) })")
        }

        @Test func pauseIsHeardWithin100msAndPositionFreezes() throws {
            let h = try EngineHarness()
            let rec = try h.recorder()
            h.engine.play(PlaybackItem(id: "a", location: "counter:0:\(44100 * 30)"))
            #expect(h.log.wait(isTrackStarted("a")) != nil)
            _ = rec.waitFor(frames: rec.frameCount + 44100)
            let before = h.engine.position
            let pausedAt = DispatchTime.now().uptimeNanoseconds
            h.engine.pause()
            let p1 = h.engine.position
            _ = rec.waitFor(frames: rec.frameCount + 22050)
            let p2 = h.engine.position
            #expect(p1 == p2, "position moved while paused: \(p1) → \(p2)")
            #expect(p1 >= before)
            #expect(h.engine.state == .paused)
            let samples = rec.stop()
            let values = counterValues(samples)
            let lastHeard = try #require(values.lastIndex(where: { $0 != nil }))
            let lastValue = values[lastHeard]!
            // Audio heard after the pause call, in the track's own time and by the recording's clock.
            let afterPauseMs = Double(lastValue) / 44.1 - Double(p1) / 1000
            print("pause: \(afterPauseMs) ms of audio after the position at pause")
            #expect(afterPauseMs < 100, "heard \(afterPauseMs) ms of audio after pause")
            #expect(afterPauseMs > -20, "position ran ahead of what was heard by \(-afterPauseMs) ms")
            if let silentFrom = rec.time(ofFrame: lastHeard + 1) {
                let ms = (Double(silentFrom) - Double(pausedAt)) / 1e6
                print("pause: monitor silent \(ms) ms after pause() by the recorder's clock")
                #expect(ms < 100, "monitor silent \(ms) ms after pause")
            }
            h.engine.resume()
            #expect(h.log.wait({ if case .stateChanged(.playing) = $0 { return true } else { return false } }) != nil)
        }

        @Test func positionTracksWhatIsHeard() throws {
            let h = try EngineHarness()
            let rec = try h.recorder()
            h.engine.play(PlaybackItem(id: "a", location: "counter:0:\(44100 * 30)"))
            #expect(h.log.wait(isTrackStarted("a")) != nil)
            var readings: [(UInt64, Int64)] = []
            var last: Int64 = -1
            // The monitor taps the sink before its own latency (the null sink renders ahead by it); "heard" is later.
            // That latency saws between 0 and the configured block as the sink renders, so average many samples.
            var latencySamples: [Double] = []
            for _ in 0..<20 {
                _ = rec.waitFor(frames: rec.frameCount + 4410)
                let p = h.engine.position
                readings.append((DispatchTime.now().uptimeNanoseconds, p))
                latencySamples.append(try h.server.sinkLatencyMicroseconds(h.sinkName) / 1000)
                #expect(p >= last, "position went backwards: \(last) → \(p)")
                last = p
            }
            let samples = rec.stop()
            let values = counterValues(samples)
            var errors: [Double] = []
            for (t, p) in readings {
                // The recorded frame whose capture time is closest to t, and the counter value in it.
                guard let i = (0..<values.count).last(where: { f in (rec.time(ofFrame: f) ?? .max) <= t }),
                    let v = values[i]
                else { continue }
                errors.append(Double(p) / 1000 - Double(v) / 44.1)
            }
            errors.sort()
            let median = try #require(errors.isEmpty ? nil : errors[errors.count / 2])
            let sinkLatencyMs = latencySamples.reduce(0, +) / Double(latencySamples.count)
            print(
                "position - monitor: median \(median) ms; mean sink latency \(sinkLatencyMs) ms → error \(median + sinkLatencyMs) ms"
            )
            #expect(
                abs(median + sinkLatencyMs) < 20, "position - heard: median \(median) ms, sink latency \(sinkLatencyMs)"
            )
        }
    }
}

extension PlaybackIntegration {
    /// Stream re-opened at a change of sample spec; interruption requests from the server.
    @Suite(.serialized) struct StreamEventTests {
        @Test func differentRatesReopenTheStream() throws {
            let h = try EngineHarness()
            let rec = try h.recorder()
            h.log.upcoming.set([PlaybackItem(id: "b", location: "counter48k:0:48000")])
            h.engine.play(PlaybackItem(id: "a", location: "counter:0:22050"))
            let finishedA = h.log.wait({
                if case .trackFinished(let i) = $0 { return i.id == "a" } else { return false }
            })
            let startedB = h.log.wait(isTrackStarted("b"))
            #expect(finishedA != nil && startedB != nil)
            #expect(h.log.wait(timeout: 10, isEndOfQueue) != nil)
            if case .trackStarted(_, let info)? = startedB?.event { #expect(info.format.sampleRate == 48000) }
            let samples = rec.stop()
            // The gap: silence between a's last counter frame and the first sound of b (resampled to the sink's rate).
            let values = counterValues(samples)
            let endOfA = try #require(values.lastIndex(where: { $0 == 22049 }))
            let nextSound = (endOfA + 1..<values.count).first { samples[2 * $0] != 0 || samples[2 * $0 + 1] != 0 }
            let gap = try #require(nextSound) - endOfA - 1
            print("format change 44.1k → 48k: \(gap) silent frames (\(Double(gap) / 44.1) ms) at the boundary")
            #expect(Double(gap) / 44.1 < 500)
        }

        @Test func corkRequestFromTheServerIsReported() throws {
            let h = try EngineHarness()
            try h.server.loadModule("module-role-cork")
            h.engine.play(PlaybackItem(id: "music", location: "counter:0:\(44100 * 30)"))
            #expect(h.log.wait(isTrackStarted("music")) != nil)
            let dir = try TemporaryDirectory(prefix: "linnet-cork")
            let ring = dir.file("ring.wav")
            try Command.check("sox", ["-r", "44100", "-c", "2", "-b", "16", "-n", ring, "synth", "1", "sine", "800"])
            let phone = try Spawned(
                "paplay", ["--property=media.role=phone", ring],
                environment: h.server.clientEnvironment)
            defer { phone.kill() }
            let corked = h.log.wait { if case .output(.corkRequested) = $0 { return true } else { return false } }
            #expect(corked != nil, "no corkRequested")
            // As the owner's policy would: pause (cork). module-role-cork only sends the uncork request to
            // streams that actually corked.
            h.engine.pause()
            let uncorked = h.log.wait(timeout: 15) {
                if case .output(.uncorkRequested) = $0 { return true } else { return false }
            }
            #expect(
                uncorked != nil,
                "no uncorkRequested after the phone stream ended (paplay running: \(phone.isRunning)); events: \(h.log.all.map { "\($0.event)" }.filter { !$0.contains("underrun") })"
            )
        }

        @Test func loadStartsPausedAndResumePlays() throws {
            let h = try EngineHarness()
            h.engine.load(PlaybackItem(id: "a", location: "counter:0:\(44100 * 10)"), startMicroseconds: 2_000_000)
            #expect(h.log.wait({ if case .stateChanged(.paused) = $0 { return true } else { return false } }) != nil)
            #expect(h.engine.position == 2_000_000)
            #expect(h.log.wait(timeout: 0.5, isTrackStarted("a")) == nil, "a paused load must not be heard")
            h.engine.resume()
            #expect(h.log.wait(isTrackStarted("a")) != nil)
            #expect(h.engine.position >= 2_000_000)
        }

        @Test func movedStreamIsReported() throws {
            let h = try EngineHarness()
            try h.server.loadModule("module-null-sink", "sink_name=other sink_properties=device.form_factor=headphone")
            h.engine.play(PlaybackItem(id: "a", location: "counter:0:\(44100 * 30)"))
            #expect(h.log.wait(isTrackStarted("a")) != nil)
            let index = try #require(try h.server.sinkInputs().first?["index"] as? Int)
            try h.server.pactl("move-sink-input", String(index), "other")
            let moved = h.log.wait {
                if case .output(.movedToSink(name: "other")) = $0 { return true } else { return false }
            }
            #expect(moved != nil, "events: \(h.log.all.map { "\($0.event)" })")
            #expect(h.engine.state == .playing)
            // The route facts issue 5 decides on, read from the server.
            let sink = LockedBox<PulseSinkInfo?>(nil)
            let answered = DispatchSemaphore(value: 0)
            h.output.currentSink { info in
                sink.set(info)
                answered.signal()
            }
            #expect(answered.wait(timeout: .now() + 10) == .success)
            #expect(sink.get()?.name == "other")
            #expect(sink.get()?.properties["device.form_factor"] == "headphone")
        }

        @Test func serverCrashIsReportedAndReconnectResumes() throws {
            let h = try EngineHarness()
            h.engine.play(PlaybackItem(id: "a", location: "counter:0:\(44100 * 30)"))
            #expect(h.log.wait(isTrackStarted("a")) != nil)
            h.server.crash()
            #expect(h.log.wait { if case .output(.serverLost) = $0 { return true } else { return false } } != nil)
            let failed = h.log.wait {
                if case .error(_, .output(let e)) = $0 { return e.kind == .disconnected } else { return false }
            }
            #expect(failed != nil)
            #expect(h.log.wait({ if case .stateChanged(.stopped) = $0 { return true } else { return false } }) != nil)
            // Commands after the loss fail cleanly instead of crashing.
            h.engine.play(PlaybackItem(id: "b", location: "counter:0:44100"))
            let refused = h.log.wait {
                if case .error(let item, .output) = $0 { return item?.id == "b" } else { return false }
            }
            #expect(refused != nil)
            h.engine.seek(toMicroseconds: 1_000_000)
            h.engine.pause()
            _ = h.engine.position
            // The server comes back: reconnect, and play resumes from where the owner says.
            try h.server.restart()
            try h.output.reconnect()
            #expect(h.output.isConnected)
            let from = h.log.count
            h.engine.play(PlaybackItem(id: "a", location: "counter:0:\(44100 * 30)"), startMicroseconds: 5_000_000)
            #expect(h.log.wait(from: from, isTrackStarted("a")) != nil)
            #expect(h.engine.position >= 5_000_000)
        }
    }
}
