import DBus
import Foundation
import SQLite
import Testing
import TestSupport

extension ServiceSuites {
    /// Linnet's playback extension on the running service: Balance as the sink input's per-channel volume (set with
    /// the real `linnet` client, read back from pactl, changed from pactl, kept across a restart) and LoopCount.
    @Suite(.serialized) struct BalanceAndLoopCountTests {
        static let playback = "org.mpris.MediaPlayer2.linnet.Playback"

        /// The `linnet` client built next to linnetd.
        static var client: String {
            URL(fileURLWithPath: ServiceFixture.binary).deletingLastPathComponent().appendingPathComponent("linnet")
                .path
        }

        func linnet(_ f: ServiceFixture, _ args: [String]) throws -> String {
            let r = try Child.run(Self.client, args, environment: f.environment)
            #expect(r.status == 0, "linnet \(args.joined(separator: " ")): \(r.output)")
            return r.output
        }

        /// The left and right percentages pactl shows for our one sink input.
        func channelPercents(_ pulse: [String: String]) throws -> [Int] {
            let text = try Child.run("pactl", ["list", "sink-inputs"], environment: pulse).output
            guard
                let line = text.split(separator: "\n").first(where: {
                    $0.contains("Volume:") && $0.contains("front-left")
                })
            else { return [] }
            return line.split(separator: "/").compactMap { part in
                let t = part.trimmingCharacters(in: .whitespaces)
                return t.hasSuffix("%") ? Int(t.dropLast()) : nil
            }
        }

        @Test func balanceBothWaysAndKept() throws {
            let media = try TemporaryDirectory(prefix: "linnet-balance")
            let wav = media.file("tone.wav")
            try TestMedia.sineWAV(wav, seconds: 30)
            let f = try ServiceFixture()
            try f.launch([wav])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            let pulse = ["PULSE_SERVER": f.servers.pulseAddress]
            let signals = try SignalRecorder(address: f.servers.busAddress)
            #expect(try linnet(f, ["balance"]) == "0\n")
            _ = try linnet(f, ["balance", "-0.5"])
            #expect(signals.propertiesChanged(Self.playback, "Balance")?["Balance"] == DBusValue.double(-0.5))
            try f.waitUntil("left 100%, right 50%", timeout: 10) { try channelPercents(pulse) == [100, 50] }
            #expect(try linnet(f, ["balance"]) == "-0.5\n")
            // Changed outside: pactl puts the right channel up, the left down.
            signals.clear()
            let inputs = try Child.run("pactl", ["list", "short", "sink-inputs"], environment: pulse).output
            let index = try #require(inputs.split(separator: "\t").first.map(String.init))
            #expect(
                try Child.run("pactl", ["set-sink-input-volume", index, "25%", "100%"], environment: pulse).status == 0)
            let b = signals.propertiesChanged(Self.playback, "Balance")?["Balance"]?.doubleValue ?? -9
            #expect(abs(b - 0.75) < 0.01, "Balance after pactl: \(b)")
            #expect(abs((try f.get(Self.playback, "Balance").doubleValue ?? -9) - 0.75) < 0.01)
            // Out of range is refused.
            #expect(throws: DBusError.self) { try f.set(Self.playback, "Balance", .double(1.5)) }
            // Kept in the queue database and applied again after a restart.
            _ = try f.stop()
            let db = try SQLiteDatabase(path: f.stateDir.file("state/queue.db"), mode: .readOnly)
            let saved = try db.query("SELECT value FROM state WHERE key = 'balance'").first?.first?.real
            #expect(abs((saved ?? -9) - 0.75) < 0.01, "saved balance \(String(describing: saved))")
            try f.launch([])
            #expect(abs((try f.get(Self.playback, "Balance").doubleValue ?? -9) - 0.75) < 0.01)
            try f.call(ServiceFixture.player, "Play")
            try f.waitUntil("restored balance on the stream", timeout: 10) { try channelPercents(pulse) == [25, 100] }
        }

        /// The peak of each channel in 0.2 s of the monitor heard after `balance` reached the stream.
        func peaks(_ f: ServiceFixture, _ recorder: MonitorRecorder, balance: Double, percents: [Int]) throws -> (
            Int, Int
        ) {
            _ = try linnet(f, ["balance", "\(balance)"])
            let pulse = ["PULSE_SERVER": f.servers.pulseAddress]
            try f.waitUntil("pactl shows \(percents)", timeout: 10) { try channelPercents(pulse) == percents }
            // Skip a quarter second: what the sink had mixed at the old balance.
            let start = recorder.frameCount + 11025
            #expect(recorder.waitFor(frames: start + 8820))
            let s = recorder.samples()
            let frames = start..<(start + 8820)
            return (frames.map { abs(Int(s[2 * $0])) }.max() ?? -1, frames.map { abs(Int(s[2 * $0 + 1])) }.max() ?? -1)
        }

        /// Mono files are played on two channels, so balance moves them like stereo ones (it used to do nothing:
        /// a one-channel stream has no left and right to weigh); stereo files are unchanged.
        @Test func balanceMovesMonoAndStereoOnTheMonitor() throws {
            let media = try TemporaryDirectory(prefix: "linnet-balance-mono")
            let wav = media.file("mono.wav"), mp3 = media.file("mono.mp3"), stereo = media.file("stereo.wav")
            try TestMedia.sineWAV(wav, seconds: 30, channels: 1)
            try TestMedia.lame(wav, to: mp3, options: ["-m", "m", "-b", "96"])
            try TestMedia.sineWAV(stereo, seconds: 30)
            let f = try ServiceFixture()
            try f.launch([mp3, stereo])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            let recorder = try f.servers.sound.recordMonitor(of: "linnet_test")
            for name in ["mono", "stereo"] {
                let right = try peaks(f, recorder, balance: 1, percents: [0, 100])
                #expect(right.0 < 50 && right.1 > 8000, "\(name), balance 1: left \(right.0), right \(right.1)")
                let left = try peaks(f, recorder, balance: -1, percents: [100, 0])
                #expect(left.0 > 8000 && left.1 < 50, "\(name), balance -1: left \(left.0), right \(left.1)")
                let centre = try peaks(f, recorder, balance: 0, percents: [100, 100])
                #expect(
                    centre.0 > 8000 && abs(centre.0 - centre.1) <= centre.0 / 100,
                    "\(name), balance 0: left \(centre.0), right \(centre.1)")
                if name == "mono" {
                    try f.call(ServiceFixture.player, "Next")
                    try f.waitUntil("the stereo file", timeout: 10) { try f.trackID() == "/org/linnet/Track/2" }
                }
            }
        }

        @Test func loopCountRepeatsThenGoesOn() throws {
            let media = try TemporaryDirectory(prefix: "linnet-loopcount")
            let a = media.file("a.wav"), b = media.file("b.wav")
            try TestMedia.sineWAV(a, seconds: 1.5, frequency: 440)
            try TestMedia.sineWAV(b, seconds: 1.5, frequency: 660)
            let f = try ServiceFixture()
            try f.launch([a, b])
            try f.waitUntil("playing a", timeout: 10) { try f.status() == "Playing" }
            let signals = try SignalRecorder(address: f.servers.busAddress)
            _ = try linnet(f, ["loop", "track", "2"])
            #expect(try f.get(Self.playback, "LoopCount") == .int32(2))
            #expect(try f.get(ServiceFixture.player, "LoopStatus") == .string("Track"))
            #expect(try linnet(f, ["loop"]) == "track\n")
            // Two repeats (each a Seeked to 0 and one less to go), then track b with the loop mode back to None.
            try f.waitUntil("b after two repeats", timeout: 15) { try f.trackID() == "/org/linnet/Track/2" }
            #expect(signals.all("Seeked").count == 2)
            #expect(try f.get(Self.playback, "LoopCount") == .int32(0))
            #expect(try f.get(ServiceFixture.player, "LoopStatus") == .string("None"))
            let counts = signals.all("PropertiesChanged").compactMap { s -> Int32? in
                guard s.arguments.first?.stringValue == Self.playback,
                    let changed = s.arguments.dropFirst().first?.stringKeyedDictionary,
                    case .int32(let n)? = changed["LoopCount"]?.unwrappingVariants
                else { return nil }
                return n
            }
            #expect(counts == [2, 1, 0])
        }
    }
}
