import Foundation
import PlayerCore
import Stretching
import Testing
import TestSupport

extension PlaybackIntegration {
    /// Rate with the pitch kept (librubberband), proven from the null sink's monitor.
    @Suite(.serialized) struct RateTests {
        let dir: TemporaryDirectory

        init() throws { dir = try TemporaryDirectory(prefix: "linnet-rate") }

        /// Plays `path` at `rate` to the end and returns the recording.
        func playAndRecord(_ path: String, rate: Double) throws -> [Int16] {
            let h = try EngineHarness(makeStretcher: RubberBandTimeStretcher.make)
            let rec = try h.recorder()
            h.engine.setRate(rate)
            h.engine.play(PlaybackItem(id: "t", location: path))
            let end = h.log.wait(timeout: 60, isEndOfQueue)
            #expect(end != nil, "no endOfQueue")
            _ = rec.waitFor(frames: rec.frameCount + 4410)
            return rec.stop()
        }

        @Test(arguments: [0.5, 0.75, 1.5, 2.0]) func pitchKeptAndDurationScaled(_ rate: Double) throws {
            let wav = dir.file("tone.wav")
            try TestMedia.sineWAV(wav, seconds: 10, frequency: 440)
            let recording = try playAndRecord(wav, rate: rate)
            if let dump = ProcessInfo.processInfo.environment["LINNET_RATE_DUMP"] {
                try TestMedia.writeWAV(dump + "-\(rate).wav", samples: recording, rate: 44100, channels: 2)
            }
            let left = leftChannel(recording)
            let first = try #require(firstSound(left, threshold: 300), "nothing heard")
            let last = try #require(left.lastIndex { abs($0) > 300 })
            let seconds = Double(last - first + 1) / 44100
            // The pitch heard is the median of the short-time FFT peaks over the steady part (edges of 0.5 s left
            // out); a held tone must also stay there: 9 in 10 windows within ±1 Hz (the rest may hold an underrun
            // on a loaded machine). Phase resets on false transients made it warble by ±3–7 Hz.
            let steady = Array(left[(first + 22050)..<(last - 22050)])
            let windows = Spectrum.shortTimeDominantFrequencies(steady, rate: 44100)
            let frequency = Spectrum.medianDominantFrequency(steady, rate: 44100)
            let offPitch = windows.filter { abs($0 - 440) > 1 }.count
            print(
                "rate \(rate): dominant \(String(format: "%.2f", frequency)) Hz, \(offPitch) of \(windows.count) windows "
                    + "off by more than 1 Hz, 10 s of file took \(String(format: "%.3f", seconds)) s "
                    + "(expected \(String(format: "%.3f", 10 / rate)))")
            #expect(abs(frequency - 440) <= 0.5, "pitch \(frequency) Hz at rate \(rate)")
            #expect(offPitch * 10 <= windows.count, "\(offPitch) of \(windows.count) windows off pitch: \(windows)")
            #expect(abs(seconds - 10 / rate) <= 0.02 * 10 / rate, "\(seconds) s at rate \(rate)")
        }

        /// With a stretcher available but the rate at 1.0, nothing is processed: the output equals the file.
        @Test func rateOneIsBitExact() throws {
            let wav = dir.file("noise.wav")
            try TestMedia.sox([
                "-r", "44100", "-c", "2", "-b", "16", "-n", wav, "synth", "3", "whitenoise", "vol", "0.5"
            ])
            let expected = try decodeAll(wav)
            let h = try EngineHarness(makeStretcher: RubberBandTimeStretcher.make)
            let rec = try h.recorder()
            h.engine.setRate(1.5)
            h.engine.setRate(1.0)
            h.engine.play(PlaybackItem(id: "n", location: wav))
            #expect(h.log.wait(timeout: 30, isEndOfQueue) != nil)
            _ = rec.waitFor(frames: rec.frameCount + 4410)
            let got = rec.stop()
            let start = try #require(
                got.indices.first { got[$0] == expected[0] && Array(got[$0..<($0 + 64)]) == Array(expected[0..<64]) })
            #expect(Array(got[start..<(start + expected.count)]) == expected)
        }

        /// Position follows the rate; a rate change does not move it and is heard at once; seeks work at any rate.
        @Test func positionAdvancesAtTheRateAndSeeksWork() throws {
            let wav = dir.file("long.wav")
            try TestMedia.sineWAV(wav, seconds: 30, frequency: 440)
            let h = try EngineHarness(makeStretcher: RubberBandTimeStretcher.make)
            h.engine.play(PlaybackItem(id: "l", location: wav))
            #expect(h.log.wait(timeout: 10, isTrackStarted("l")) != nil)
            func advance(over seconds: Double) -> (Double, Double) {
                let t0 = Date(), p0 = h.engine.position
                Thread.sleep(forTimeInterval: seconds)  // a measured interval, not synchronisation
                let p1 = h.engine.position, dt = Date().timeIntervalSince(t0)
                return (Double(p1 - p0) / 1e6, dt)
            }
            _ = advance(over: 0.5)
            let before = h.engine.position
            h.engine.setRate(2.0)
            let after = h.engine.position
            #expect(abs(after - before) < 100_000, "position jumped from \(before) to \(after) µs")
            // Heard within 100 ms: the position, read from what is heard, already moves at 2× from 100 ms on.
            Thread.sleep(forTimeInterval: 0.1)
            let (moved, dt) = advance(over: 1.0)
            print("rate 2.0: position moved \(moved) s in \(dt) s")
            #expect(abs(moved / dt - 2.0) < 0.15)
            h.engine.seek(toMicroseconds: 20_000_000)
            #expect(
                h.log.wait(timeout: 5) { if case .positionJumped = $0 { return true } else { return false } } != nil)
            Thread.sleep(forTimeInterval: 0.3)
            let (moved2, dt2) = advance(over: 1.0)
            let p = h.engine.position
            #expect(p > 20_000_000 && p < 24_500_000, "position \(p) after a seek to 20 s at 2×")
            #expect(abs(moved2 / dt2 - 2.0) < 0.15)
            h.engine.setRate(0.5)
            Thread.sleep(forTimeInterval: 0.1)
            let (moved3, dt3) = advance(over: 1.0)
            #expect(abs(moved3 / dt3 - 0.5) < 0.1)
        }
    }
}
