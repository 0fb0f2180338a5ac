import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// Level meters on the real service (issue 13): known tones read their known levels, after volume; updates
    /// only while a client listens and music plays.
    @Suite(.serialized) struct MeterTests {
        static let meters = "org.mpris.MediaPlayer2.linnet.Meters"

        /// A 16-bit stereo WAV of a 441 Hz sine (100 samples per period) at `amplitude` of full scale.
        static func sine(_ path: String, seconds: Int, amplitude: Double) throws {
            var samples: [Int16] = []
            for f in 0..<(44100 * seconds) {
                let v = Int16((amplitude * 32767 * sin(2 * Double.pi * Double(f) / 100)).rounded())
                samples.append(v); samples.append(v)
            }
            try TestMedia.writeWAV(path, samples: samples, rate: 44100, channels: 2)
        }

        static func levels(_ signals: SignalRecorder) -> [(avg: [Double], peak: [Double])] {
            signals.all("Levels").compactMap { s in
                guard s.arguments.first == .string("player"), let a = s.arguments[1].as([Double].self),
                    let p = s.arguments[2].as([Double].self)
                else { return nil }
                return (a, p)
            }
        }

        @Test func fullScaleSineThenSilenceAfterVolume() throws {
            let f = try ServiceFixture()
            let dir = try TemporaryDirectory(prefix: "linnet-meters")
            try Self.sine(dir.file("a-sine.wav"), seconds: 4, amplitude: 1)
            try TestMedia.writeWAV(
                dir.file("b-silence.wav"), samples: [Int16](repeating: 0, count: 44100 * 2 * 4),
                rate: 44100, channels: 2)
            try f.launch([dir.file("a-sine.wav"), dir.file("b-silence.wav")])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            let signals = try SignalRecorder(address: f.servers.busAddress)
            try f.call(Self.meters, "EnableMeters", [.boolean(true)])
            #expect(try f.get(Self.meters, "Listeners") == .uint32(1))
            try f.waitUntil("10 Levels", timeout: 10) { Self.levels(signals).count >= 10 }
            // Skip the first: it may span the start. Every later one is of the full-scale sine.
            let t0 = Date()
            try f.waitUntil("1 s of levels", timeout: 5) { Date().timeIntervalSince(t0) > 1 }
            let sine = Self.levels(signals).dropFirst(2).prefix(15)
            #expect(sine.count >= 10)
            for l in sine {
                #expect(l.avg.count == 2 && l.peak.count == 2)
                for c in 0..<2 {
                    #expect(abs(l.avg[c] - -3.01) <= 0.1, "RMS \(l.avg)")
                    #expect(abs(l.peak[c]) <= 0.1, "peak \(l.peak)")
                }
            }
            // ≤ 20 per second: count over a measured stretch.
            let n0 = Self.levels(signals).count, t1 = Date()
            try f.waitUntil("1 s", timeout: 5) { Date().timeIntervalSince(t1) >= 1 }
            let rate = Double(Self.levels(signals).count - n0) / Date().timeIntervalSince(t1)
            #expect(rate > 10 && rate <= 21, "\(rate) Levels/s")

            // After volume: 0.5 on PulseAudio's cubic curve is 0.125 in amplitude, −18.06 dB.
            try f.set(ServiceFixture.player, "Volume", .double(0.5))
            signals.clear()
            try f.waitUntil("levels at half volume", timeout: 5) {
                Self.levels(signals).contains { abs($0.avg[0] - (-3.01 - 18.06)) <= 0.1 }
            }
            try f.set(ServiceFixture.player, "Volume", .double(1.0))

            // The silent track reads −160.
            try f.waitUntil("silence heard", timeout: 10) {
                Self.levels(signals).contains { $0.avg == [-160, -160] && $0.peak == [-160, -160] }
            }
        }

        @Test func noLevelsWhilePausedOrWhenTheListenerLeaves() throws {
            let f = try ServiceFixture()
            let dir = try TemporaryDirectory(prefix: "linnet-meters")
            try Self.sine(dir.file("sine.wav"), seconds: 30, amplitude: 0.5)
            try f.launch([dir.file("sine.wav")])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            let signals = try SignalRecorder(address: f.servers.busAddress)
            // Nobody listens yet: nothing is sent.
            let t0 = Date()
            try f.waitUntil("0.5 s", timeout: 5) { Date().timeIntervalSince(t0) > 0.5 }
            #expect(signals.all("Levels").isEmpty)

            // A listener of its own that goes away without turning them off.
            let listener = try DBusConnection(bus: .address(f.servers.busAddress))
            _ = try listener.call(
                destination: ServiceFixture.bus, path: ServiceFixture.path, interface: Self.meters,
                method: "EnableMeters", arguments: [.boolean(true)], timeout: .seconds(10))
            try f.waitUntil("Levels", timeout: 5) { Self.levels(signals).count >= 3 }
            if let l = Self.levels(signals).last {
                #expect(abs(l.avg[0] - (-3.01 - 6.02)) <= 0.1, "half amplitude: \(l.avg)")
            }

            // Paused: no Levels (one may still be in flight when Pause returns).
            try f.call(ServiceFixture.player, "Pause")
            try f.waitUntil("paused", timeout: 5) { try f.status() == "Paused" }
            let t1 = Date()
            try f.waitUntil("0.2 s", timeout: 5) { Date().timeIntervalSince(t1) > 0.2 }
            signals.clear()
            try f.waitUntil("1 s paused", timeout: 5) { Date().timeIntervalSince(t1) > 1.2 }
            #expect(signals.all("Levels").isEmpty, "Levels while paused")
            try f.call(ServiceFixture.player, "Play")
            try f.waitUntil("Levels again", timeout: 5) { !Self.levels(signals).isEmpty }

            // The listener leaves the bus: the service notices and stops.
            listener.close()
            try f.waitUntil("no listener", timeout: 5) { try f.get(Self.meters, "Listeners") == .uint32(0) }
            let t2 = Date()
            try f.waitUntil("0.2 s", timeout: 5) { Date().timeIntervalSince(t2) > 0.2 }
            signals.clear()
            try f.waitUntil("1 s", timeout: 5) { Date().timeIntervalSince(t2) > 1.2 }
            #expect(signals.all("Levels").isEmpty, "Levels with nobody listening")
            #expect(try f.status() == "Playing")

            // Bad argument types get InvalidArgs.
            #expect(throws: DBusError.self) { try f.call(Self.meters, "EnableMeters", [.string("yes")]) }
        }

        @Test func recorderLevelsWhileCapturingOnly() throws {
            let f = try ServiceFixture()
            let dir = try TemporaryDirectory(prefix: "linnet-meters")
            try Self.sine(dir.file("sine.wav"), seconds: 30, amplitude: 1)
            try f.launch([dir.file("sine.wav")])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            let signals = try SignalRecorder(address: f.servers.busAddress)
            try f.call(Self.meters, "EnableMeters", [.boolean(true)])
            let recorder = "org.mpris.MediaPlayer2.linnet.Recorder"
            try f.call(
                recorder, "StartRecording",
                [
                    .string(dir.file("rec.wav")),
                    .dictionary(
                        key: .string, value: .variant,
                        [
                            DBusDictEntry(.string("source"), .variant(.string("@monitor")))
                        ])
                ])
            func recorderLevels() -> [[Double]] {
                signals.all("Levels").filter { $0.arguments.first == .string("recorder") }
                    .compactMap { $0.arguments[1].as([Double].self) }
            }
            try f.waitUntil("recorder Levels", timeout: 10) { recorderLevels().count >= 8 }
            // What the monitor captures is the full-scale sine at 100 % volume.
            for avg in recorderLevels().dropFirst(2) { #expect(abs(avg[0] - -3.01) <= 0.1, "\(avg)") }
            try f.call(recorder, "PauseRecording")
            let t = Date()
            try f.waitUntil("0.2 s", timeout: 5) { Date().timeIntervalSince(t) > 0.2 }
            signals.clear()
            try f.waitUntil("1 s", timeout: 5) { Date().timeIntervalSince(t) > 1.2 }
            #expect(recorderLevels().isEmpty, "recorder Levels while the recording is paused")
            #expect(!Self.levels(signals).isEmpty, "the player's meter goes on")
            try f.call(recorder, "StopRecording")
        }
    }
}
