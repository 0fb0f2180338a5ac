import Foundation
import PlayerCore
import Testing
import TestSupport

extension PlaybackIntegration {
    /// Position right after a start or a seek (issue 9): it reads the target first, then moves on at the
    /// playback rate, monotonically, instead of standing still or jumping by the server's queue.
    @Suite(.serialized) struct PositionSmoothnessTests {
        /// Samples the engine's position every 10 ms for `seconds` (time in s since the first sample, µs).
        func readings(_ h: EngineHarness, for seconds: Double) -> [(t: Double, p: Int64)] {
            let start = DispatchTime.now().uptimeNanoseconds
            var out: [(Double, Int64)] = []
            while true {
                let t = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                if t > seconds { break }
                out.append((t, h.engine.position))
                Thread.sleep(forTimeInterval: 0.01)  // sampling the clock, not waiting for a condition
            }
            return out
        }

        /// Monotonic throughout; from `settle` s after the first change, every 0.5 s window advances 0.5 s ±5 %.
        func checkSmooth(_ r: [(t: Double, p: Int64)], from origin: Int64, label: String) {
            // The first reading is the target itself, or a few ms past it when the test thread lost the CPU long
            // enough for the first frames to be heard before it read (a busy 2-core machine).
            let first = r.first?.p ?? -1
            #expect(first >= origin && first <= origin + 30_000, "\(label): first reading \(first), want \(origin)")
            for (a, b) in zip(r, r.dropFirst()) where b.p < a.p {
                Issue.record("\(label): position went back \(a.p) → \(b.p) at \(b.t) s")
            }
            guard let moved = r.first(where: { $0.p != origin }) else {
                Issue.record("\(label): position never moved: \(r.map(\.p).prefix(5))")
                return
            }
            #expect(moved.t < 0.3, "\(label): position stood still for \(moved.t) s")
            let windowStart = 0.1
            for a in r where a.t >= windowStart {
                guard let b = r.first(where: { $0.t >= a.t + 0.5 }) else { break }
                let rate = Double(b.p - a.p) / 1e6 / (b.t - a.t)
                #expect(abs(rate - 1) <= 0.05, "\(label): rate \(rate) over [\(a.t), \(b.t)] s")
                if abs(rate - 1) > 0.05 { break }
            }
        }

        @Test func resumingACorkedLoadMovesAtOnce() throws {
            let h = try EngineHarness()
            let rec = try h.recorder()
            h.engine.load(PlaybackItem(id: "a", location: "counter:0:\(44100 * 30)"), startMicroseconds: 2_000_000)
            #expect(h.log.wait({ if case .stateChanged(.paused) = $0 { return true } else { return false } }) != nil)
            // Long enough for libpulse's smoother (when it was used) to run on while the corked stream waited.
            _ = rec.waitFor(frames: rec.frameCount + 44100)
            h.engine.resume()
            let r = readings(h, for: 1.2)
            checkSmooth(r, from: 2_000_000, label: "resume")
            // Never ahead of what is heard: the last position is not past the last counter frame recorded by then.
            let heardLast = counterValues(rec.stop()).compactMap { $0 }.max() ?? 0
            let last = try #require(r.last?.p)
            #expect(
                Double(last) / 1e6 <= Double(heardLast) / 44100 + 0.02,
                "position \(last) µs ahead of the last frame heard \(heardLast)")
        }

        /// On a sink that rewinds (as hardware sinks do) a flush steps the server's read index back; on one that
        /// cannot, it does not. Both must look the same from the position.
        @Test(arguments: [true, false]) func seekReadsTheTargetThenMovesOnSmoothly(norewinds: Bool) throws {
            let h = try EngineHarness(sink: .init(name: "linnet_test", norewinds: norewinds))
            let rec = try h.recorder()
            h.engine.play(PlaybackItem(id: "a", location: "counter:0:\(44100 * 30)"))
            #expect(h.log.wait(isTrackStarted("a")) != nil)
            _ = rec.waitFor(frames: rec.frameCount + 22050)
            for target: Int64 in [10_000_000, 4_000_000, 20_000_000] {
                h.engine.seek(toMicroseconds: target)
                checkSmooth(readings(h, for: 0.8), from: target, label: "seek to \(target), norewinds \(norewinds)")
            }
            h.engine.stop()
            _ = rec.stop()
        }

        /// A play across sample rates opens a new stream. Nobody records here on purpose: an idle null sink sleeps
        /// through a long block, so the old stream must keep the sink awake until the new one is ready, or the new
        /// track is heard (and its position moves) only a second or more later.
        @Test(arguments: [true, false]) func playAcrossSampleRatesIsHeardAtOnce(norewinds: Bool) throws {
            let h = try EngineHarness(sink: .init(name: "linnet_test", norewinds: norewinds))
            h.engine.play(PlaybackItem(id: "a", location: "counter:0:\(44100 * 30)"))
            #expect(h.log.wait(isTrackStarted("a")) != nil)
            Thread.sleep(forTimeInterval: 0.5)  // let a play for a while (no condition to wait for)
            for (i, location) in ["counter48k:0:\(48000 * 30)", "counter:0:\(44100 * 30)"].enumerated() {
                h.engine.play(PlaybackItem(id: .name("b\(i)"), location: location))
                checkSmooth(readings(h, for: 1.0), from: 0, label: "play \(location), norewinds \(norewinds)")
            }
        }
    }
}
