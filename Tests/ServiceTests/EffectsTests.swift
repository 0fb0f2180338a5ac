import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// Sound effects on the real service (issue 13), heard on the null sink's monitor.
    @Suite(.serialized) struct EffectsTests {
        static let effects = "org.mpris.MediaPlayer2.linnet.Effects"

        /// A clip whose every sample is `value` (both channels): mixed clips add up exactly, whatever their timing.
        static func constantClip(_ path: String, frames: Int, value: Int16 = 500) throws {
            try TestMedia.writeWAV(
                path, samples: [Int16](repeating: value, count: frames * 2), rate: 44100, channels: 2)
        }

        func load(_ f: ServiceFixture, _ path: String, via client: DBusConnection? = nil) throws -> UInt32 {
            let out = try (client ?? f.client).call(
                destination: ServiceFixture.bus, path: ServiceFixture.path,
                interface: Self.effects, method: "LoadEffect",
                arguments: [.string("file://" + path)], timeout: .seconds(10))
            guard case .uint32(let id)? = out.first else {
                throw ServiceFixture.Failure(description: "LoadEffect: \(out)")
            }
            return id
        }

        func ids(_ f: ServiceFixture) throws -> [UInt32] { try f.get(Self.effects, "Effects").as([UInt32].self) ?? [] }

        @Test func twentyEffectsIn100msAllPlayAndFinish() throws {
            let f = try ServiceFixture()
            let dir = try TemporaryDirectory(prefix: "linnet-effects")
            try f.launch()
            let clip = dir.file("click.wav")
            try Self.constantClip(clip, frames: 4410)  // 100 ms of +500
            let id = try load(f, clip)
            #expect(try ids(f) == [id])
            #expect(try f.servers.sound.pactl("list", "short", "samples").contains("linnet-effect-"))
            let signals = try SignalRecorder(address: f.servers.busAddress)
            let monitor = try f.servers.sound.recordMonitor(of: "linnet_test")
            #expect(monitor.waitFor(frames: 4410))
            let t0 = Date()
            var plays: [UInt32] = []
            for i in 0..<20 {
                let method = i % 2 == 0 ? "PlayEffect" : "PlayAlert"
                let args: [DBusValue] = i % 2 == 0 ? [.uint32(id), .double(1.0)] : [.uint32(id)]
                guard case .uint32(let p)? = try f.call(Self.effects, method, args).first else { continue }
                plays.append(p)
            }
            let elapsed = Date().timeIntervalSince(t0)
            #expect(elapsed < 0.1, "20 calls took \(elapsed) s")
            #expect(Set(plays).count == 20)
            try f.waitUntil("20 EffectFinished", timeout: 10) { signals.all("EffectFinished").count >= 20 }
            let finished = Set(
                signals.all("EffectFinished").compactMap { s -> UInt32? in
                    guard s.arguments.first == .uint32(id), case .uint32(let p) = s.arguments[1] else { return nil }
                    return p
                })
            #expect(finished == Set(plays))
            // All 20 were heard: the monitor's samples add up to 20 clips (exact integer mixing at 100 %).
            let start = monitor.frameCount
            #expect(monitor.waitFor(frames: start + 22050))
            let samples = monitor.stop()
            let sum = samples.reduce(0) { $0 + Int($1) }
            let expected = 20 * 4410 * 2 * 500
            #expect(abs(sum - expected) <= expected / 50, "monitor sum \(sum), expected \(expected)")
        }

        @Test func effectsLeaveTheMusicAloneAndStartPromptly() throws {
            let f = try ServiceFixture()
            let dir = try TemporaryDirectory(prefix: "linnet-effects")
            try TestMedia.countingWAV(dir.file("count.wav"), frames: 44100 * 30)
            try f.launch([dir.file("count.wav")])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" && f.position() > 500_000 }
            let clip = dir.file("beep.wav")
            try Self.constantClip(clip, frames: 2205, value: 3000)
            let id = try load(f, clip)
            let signals = try SignalRecorder(address: f.servers.busAddress)
            let monitor = try f.servers.sound.recordMonitor(of: "linnet_test")
            #expect(monitor.waitFor(frames: 44100))
            let p0 = try f.position(), w0 = Date()
            // Latency on the sound server's own timeline: the music frame heard when PlayEffect is called (the
            // Position, which is what is heard now) against the music frame the monitor carries next to the
            // effect's first sample. (The monitor's arrival times are too coarse: the null sink renders in blocks.)
            var latencies: [Double] = []
            for _ in 0..<9 {
                let fromFrame = monitor.frameCount
                let heardAtCall = try f.position()
                try f.call(Self.effects, "PlayEffect", [.uint32(id), .double(1.0)])
                try f.waitUntil("finished", timeout: 5) { signals.all("EffectFinished").count >= latencies.count + 1 }
                #expect(monitor.waitFor(frames: monitor.frameCount + 4410))
                let s = monitor.samples()
                var musicAtEffect: Int?
                var previous: Int?
                for frame in max(0, fromFrame - 4410)..<(s.count / 2) {
                    guard let source = RecorderTests.sourceFrame(s[2 * frame], s[2 * frame + 1]) else {
                        musicAtEffect = previous.map { $0 + 1 }
                        break
                    }
                    previous = source
                }
                if let musicAtEffect {
                    latencies.append(Double(musicAtEffect - Int(heardAtCall * 44100 / 1_000_000)) / 44.1)
                }
                let t = Date()  // let the next call start clear of this effect
                try f.waitUntil("gap", timeout: 2) { Date().timeIntervalSince(t) > 0.2 }
            }
            let elapsed = Date().timeIntervalSince(w0)
            let p1 = try f.position()
            let samples = monitor.stop()
            latencies.sort()
            let median = latencies.isEmpty ? .infinity : latencies[latencies.count / 2]
            print("effect latency ms (call → monitor): \(latencies)")
            #expect(latencies.count == 9)
            // The < 30 ms goal is a speed figure, measured in bench/effects (release build); here (debug build, busy
            // machine) only that an effect is heard within the next couple of sink blocks.
            #expect(median < 120, "median effect latency \(median) ms")
            // The music was never paused or moved: status, position ~ wall clock, and outside the effects the
            // monitor carries the counting signal at one constant offset (nothing dropped, repeated or corked).
            #expect(try f.status() == "Playing")
            #expect(abs(Double(p1 - p0) / 1e6 - elapsed) < 0.15, "position moved \(p1 - p0) µs in \(elapsed) s")
            #expect(
                signals.all("PropertiesChanged").allSatisfy { $0.arguments.first != .string(ServiceFixture.player) })
            var offsets = Set<Int>()
            var music = 0
            for frame in 0..<(samples.count / 2) {
                if let source = RecorderTests.sourceFrame(samples[2 * frame], samples[2 * frame + 1]) {
                    offsets.insert(source - frame)
                    music += 1
                }
            }
            #expect(offsets.count == 1, "the music's timeline moved: \(offsets.sorted().prefix(5))")
            #expect(music > samples.count / 2 / 2)
        }

        @Test func perClientEffectsAndBadInput() throws {
            let f = try ServiceFixture()
            let dir = try TemporaryDirectory(prefix: "linnet-effects")
            try f.launch()
            // Introspectable with a real client: every member of the three new interfaces.
            let xml = try Child.run(
                "gdbus",
                [
                    "introspect", "--address", f.servers.busAddress, "--dest", ServiceFixture.bus,
                    "--object-path", ServiceFixture.path
                ], environment: [:]
            ).output
            for name in [
                "org.mpris.MediaPlayer2.linnet.Effects", "LoadEffect", "PlayEffect", "PlayAlert", "UnloadEffect",
                "EffectFinished", "org.mpris.MediaPlayer2.linnet.Recorder", "StartRecording", "RecordingFinished",
                "RecordedSeconds", "org.mpris.MediaPlayer2.linnet.Meters", "EnableMeters", "Levels"
            ] {
                #expect(xml.contains(name), "\(name) missing from introspection")
            }
            let clip = dir.file("click.wav")
            try Self.constantClip(clip, frames: 441)
            let other = try DBusConnection(bus: .address(f.servers.busAddress))
            let mine = try load(f, clip)
            let theirs = try load(f, clip, via: other)
            let both = try ids(f)
            #expect(mine != theirs && Set(both) == [mine, theirs])
            // Anyone may play; only the owner unloads.
            try f.call(Self.effects, "PlayAlert", [.uint32(theirs)])
            do {
                try f.call(Self.effects, "UnloadEffect", [.uint32(theirs)])
                Issue.record("unloaded another client's effect")
            } catch let e as DBusError { #expect(e.name == DBusError.Name.accessDenied) }
            // The other client leaves: its effect goes, from the list and from the server's cache.
            other.close()
            try f.waitUntil("their effect unloaded", timeout: 5) { try ids(f) == [mine] }
            try f.waitUntil("one sample left", timeout: 5) {
                try f.servers.sound.pactl("list", "short", "samples").split(separator: "\n").count == 1
            }
            try f.call(Self.effects, "UnloadEffect", [.uint32(mine)])
            #expect(try ids(f).isEmpty)
            try f.waitUntil("no samples", timeout: 5) { try f.servers.sound.pactl("list", "short", "samples").isEmpty }

            // Bad input: clear errors, the daemon lives on.
            func expectError(_ name: String, _ method: String, _ args: [DBusValue]) {
                do {
                    try f.call(Self.effects, method, args)
                    Issue.record("\(method) \(args) succeeded")
                } catch let e as DBusError {
                    #expect(e.name == name, "\(method): \(e)")
                } catch { Issue.record("\(error)") }
            }
            try Self.constantClip(dir.file("long.wav"), frames: 44100 * 11)
            try TestMedia.randomFile(dir.file("noise.wav"), count: 10_000)
            let invalid = DBusError.Name.invalidArgs
            expectError(invalid, "LoadEffect", [.string("file://" + dir.file("long.wav"))])
            expectError(invalid, "LoadEffect", [.string("file://" + dir.file("noise.wav"))])
            expectError(invalid, "LoadEffect", [.string("file://" + dir.file("missing.wav"))])
            expectError(invalid, "LoadEffect", [.string("http://example.com/a.wav")])
            expectError(invalid, "LoadEffect", [.uint32(1)])
            expectError(invalid, "PlayEffect", [.uint32(999), .double(1)])
            expectError(invalid, "PlayEffect", [.uint32(mine), .double(-1)])
            expectError(invalid, "PlayAlert", [.uint32(999)])
            expectError(invalid, "UnloadEffect", [.uint32(999)])
            #expect(try f.status() == "Stopped")
        }
    }
}
