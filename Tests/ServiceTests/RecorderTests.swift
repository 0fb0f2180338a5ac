import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// The recorder on the real service (issue 13), recording the null sink's monitor while linnetd plays a
    /// counting signal into it: every recorded frame says which source frame it is.
    @Suite(.serialized) struct RecorderTests {
        static let recorder = "org.mpris.MediaPlayer2.linnet.Recorder"

        /// The source frame a recorded frame of `TestMedia.countingWAV` is, nil for anything else (silence).
        static func sourceFrame(_ l: Int16, _ r: Int16) -> Int? {
            let high = Int(UInt16(bitPattern: r) ^ 0x2A5A)
            let frame = high << 16 | Int(UInt16(bitPattern: l))
            return TestMedia.countingSample(frame: frame, channel: 1) == r && frame < 44100 * 600 ? frame : nil
        }

        /// Runs of consecutive source frames in a recording: (first source frame, length).
        static func runs(_ samples: [Int16]) -> (runs: [(start: Int, count: Int)], foreign: Int) {
            var runs: [(start: Int, count: Int)] = []
            var foreign = 0
            for i in stride(from: 0, to: samples.count - 1, by: 2) {
                guard let f = sourceFrame(samples[i], samples[i + 1]) else { foreign += 1; continue }
                if let last = runs.last, last.start + last.count == f {
                    runs[runs.count - 1].count += 1
                } else {
                    runs.append((f, 1))
                }
            }
            return (runs, foreign)
        }

        static func settings(_ entries: [String: DBusValue]) -> DBusValue {
            .dictionary(
                key: .string, value: .variant,
                entries.sorted { $0.key < $1.key }.map {
                    DBusDictEntry(.string($0.key), .variant($0.value))
                })
        }

        func startPlaying(_ f: ServiceFixture, _ dir: TemporaryDirectory, seconds: Int = 30) throws {
            try TestMedia.countingWAV(dir.file("count.wav"), frames: 44100 * seconds)
            try f.launch([dir.file("count.wav")])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" && f.position() > 300_000 }
        }

        func sleep(_ f: ServiceFixture, _ seconds: Double) throws {
            let t = Date()
            try f.waitUntil("\(seconds) s", timeout: seconds + 5) { Date().timeIntervalSince(t) >= seconds }
        }

        @Test func wavIsSampleIdenticalAndThePauseSeamIsExact() throws {
            let f = try ServiceFixture()
            let dir = try TemporaryDirectory(prefix: "linnet-record")
            try startPlaying(f, dir)
            let signals = try SignalRecorder(address: f.servers.busAddress)
            let path = dir.file("out.wav")
            try f.call(
                Self.recorder, "StartRecording",
                [
                    .string(path),
                    Self.settings([
                        "source": .string("linnet_test.monitor"), "rate": .uint32(44100), "channels": .uint32(2),
                        "bits": .string("s16")
                    ])
                ])
            #expect(try f.get(Self.recorder, "RecordingState") == .string("recording"))
            try f.waitUntil("2 s recorded", timeout: 10) {
                (try f.get(Self.recorder, "RecordedSeconds").doubleValue ?? 0) >= 2
            }
            #expect(signals.propertiesChanged(Self.recorder, "RecordedSeconds") != nil)
            try f.call(Self.recorder, "PauseRecording")
            #expect(try f.get(Self.recorder, "RecordingState") == .string("paused"))
            let pausedAt = Date()
            try sleep(f, 0.8)
            let secondsWhilePaused = try f.get(Self.recorder, "RecordedSeconds").doubleValue ?? 0
            try sleep(f, 0.3)
            #expect(
                try f.get(Self.recorder, "RecordedSeconds").doubleValue == secondsWhilePaused,
                "nothing counted while paused")
            try f.call(Self.recorder, "ResumeRecording")
            let pauseLength = Date().timeIntervalSince(pausedAt)
            try sleep(f, 1.5)
            try f.call(Self.recorder, "StopRecording")
            let finished = signals.wait { $0.member == "RecordingFinished" }
            #expect(finished?.arguments == [.string(path), .string("stopped")])
            #expect(try f.get(Self.recorder, "RecordingState") == .string("idle"))

            let wav = try TestMedia.readWAV(path)
            #expect(wav.rate == 44100 && wav.channels == 2 && wav.bits == 16)
            let (runs, foreign) = Self.runs(wav.samples)
            // Every frame is an exact source frame (no silence: playback was running throughout) ...
            #expect(foreign == 0, "\(foreign) frames that are not the signal")
            // ... in exactly two unbroken runs: before and after the pause, nothing repeated or skipped inside.
            #expect(runs.count == 2, "runs: \(runs.prefix(6))")
            if runs.count == 2 {
                let gap = runs[1].start - (runs[0].start + runs[0].count)
                #expect(gap > 0, "samples repeated at the seam")
                let expected = Int(pauseLength * 44100)
                #expect(abs(gap - expected) < 44100 / 4, "gap \(gap) frames for a \(pauseLength) s pause")
                #expect(runs[0].count >= 2 * 44100 - 4410)
                #expect(Double(wav.frames) / 44100 >= 3.4)
            }
        }

        @Test func survivesKill9WithAValidWAVAndFLAC() throws {
            let f = try ServiceFixture()
            let dir = try TemporaryDirectory(prefix: "linnet-record")
            try startPlaying(f, dir)
            let path = dir.file("crash.wav")
            try f.call(Self.recorder, "StartRecording", [.string(path), Self.settings(["source": .string("@monitor")])])
            try f.waitUntil("2.5 s recorded", timeout: 10) {
                (try f.get(Self.recorder, "RecordedSeconds").doubleValue ?? 0) >= 2.5
            }
            _ = try f.stop(signal: SIGKILL)
            // The header was rewritten within the last second: at least 2 s are declared, and all of it is signal.
            let wav = try TestMedia.readWAV(path)
            #expect(wav.frames >= 2 * 44100, "\(wav.frames) frames declared")
            let (runs, foreign) = Self.runs(wav.samples)
            #expect(foreign == 0 && runs.count == 1)
            let soxi = try Child.run("soxi", ["-D", path], environment: [:])
            #expect(soxi.status == 0, "soxi: \(soxi.output)")

            // FLAC is a stream: after kill -9 it decodes up to its last complete frame.
            try f.launch([dir.file("count.wav")])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            let flac = dir.file("crash.flac")
            try f.call(Self.recorder, "StartRecording", [.string(flac), Self.settings(["source": .string("@monitor")])])
            try f.waitUntil("2.5 s of FLAC", timeout: 10) {
                (try f.get(Self.recorder, "RecordedSeconds").doubleValue ?? 0) >= 2.5
            }
            _ = try f.stop(signal: SIGKILL)
            let test = try Child.run("flac", ["-t", flac], environment: [:])
            #expect(test.status == 0, "flac -t: \(test.output)")
            let stat = try Child.run("sox", [flac, "-n", "stat"], environment: [:])
            let length =
                stat.output.split(separator: "\n").first { $0.hasPrefix("Length (seconds):") }
                .flatMap { Double($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
            #expect(length >= 2.0, "decoded \(length) s: \(stat.output)")
        }

        @Test func everyFormatAndItsSettings() throws {
            let f = try ServiceFixture()
            let dir = try TemporaryDirectory(prefix: "linnet-record")
            try startPlaying(f, dir)
            let signals = try SignalRecorder(address: f.servers.busAddress)
            let cases: [(String, [String: DBusValue], String)] = [
                ("a.flac", ["bits": .string("s24"), "quality": .double(0.8)], "24"),
                ("b.ogg", ["quality": .double(0.3), "channels": .uint32(1)], "-"),
                ("c.opus", ["rate": .uint32(48000)], "-"),
                ("d.caf", ["bits": .string("float")], "32"),
                ("e.wav", ["bits": .string("s32"), "rate": .uint32(48000)], "32"),
                ("f.rec", ["format": .string("wav"), "bits": .string("s24")], "24")
            ]
            for (name, settings, bits) in cases {
                signals.clear()
                let path = dir.file(name)
                try f.call(
                    Self.recorder, "StartRecording",
                    [.string(path), Self.settings(settings.merging(["source": .string("@monitor")]) { a, _ in a })])
                try f.waitUntil("1 s of \(name)", timeout: 10) {
                    (try f.get(Self.recorder, "RecordedSeconds").doubleValue ?? 0) >= 1
                }
                try f.call(Self.recorder, "StopRecording")
                #expect(
                    signals.wait { $0.member == "RecordingFinished" }?.arguments == [.string(path), .string("stopped")])
                if name.hasSuffix(".opus") {
                    let info = try Child.run("opusinfo", [path], environment: [:])
                    #expect(info.status == 0 && info.output.contains("Playback length"), "opusinfo: \(info.output)")
                    #expect(info.output.contains("Channels: 2"), "opusinfo: \(info.output)")
                    continue
                }
                func soxi(_ flag: String) throws -> String {
                    let r = try Child.run("soxi", [flag, path], environment: [:])
                    #expect(r.status == 0, "soxi \(flag) \(name): \(r.output)")
                    return r.output.trimmingCharacters(in: .whitespacesAndNewlines)
                }
                #expect((Double(try soxi("-D")) ?? 0) >= 0.9, "\(name) duration")
                #expect(try soxi("-c") == (name == "b.ogg" ? "1" : "2"), "\(name) channels")
                if let rate = settings["rate"]?.integerValue { #expect(try soxi("-r") == "\(rate)", "\(name) rate") }
                if bits != "-" { #expect(try soxi("-b") == bits, "\(name) bits") }
            }
        }

        @Test func invalidCombinationsAreRefusedBeforeAnythingStarts() throws {
            let f = try ServiceFixture()
            let dir = try TemporaryDirectory(prefix: "linnet-record")
            try f.launch()
            let bad: [(String, [String: DBusValue], String)] = [
                ("x.flac", ["bits": .string("s32")], "bits"),
                ("x.flac", ["bits": .string("float")], "bits"),
                ("x.ogg", ["bits": .string("s16")], "bits"),
                ("x.opus", ["rate": .uint32(44100)], "rate"),
                ("x.wav", ["quality": .double(0.5)], "quality"),
                ("x.flac", ["quality": .double(1.5)], "quality"),
                ("x.wav", ["rate": .string("44100")], "rate"),
                ("x.wav", ["channels": .uint32(0)], "channels"),
                ("x.wav", ["bits": .string("s12")], "bits"),
                ("x.wav", ["colour": .string("red")], "colour"),
                ("x.mp3", [:], "format"),
                ("x.wav", ["format": .string("aiff")], "format")
            ]
            for (name, settings, key) in bad {
                let path = dir.file(name)
                do {
                    try f.call(Self.recorder, "StartRecording", [.string(path), Self.settings(settings)])
                    Issue.record("\(name) \(settings) was accepted")
                } catch let e as DBusError {
                    #expect(e.name == DBusError.Name.invalidArgs && e.message.contains(key), "\(e)")
                }
                #expect(!FileManager.default.fileExists(atPath: path), "\(path) was created")
            }
            do {
                try f.call(Self.recorder, "StartRecording", [.string("relative.wav"), Self.settings([:])])
                Issue.record("a relative path was accepted")
            } catch let e as DBusError { #expect(e.name == DBusError.Name.invalidArgs) }
            #expect(throws: DBusError.self) { try f.call(Self.recorder, "StartRecording", [.string("/tmp/x.wav")]) }
            #expect(throws: DBusError.self) { try f.call(Self.recorder, "PauseRecording") }
            #expect(throws: DBusError.self) { try f.call(Self.recorder, "StopRecording") }
            #expect(try f.status() == "Stopped")
        }

        @Test func unknownSourceIsRefusedBeforeAFileExists() throws {
            let f = try ServiceFixture()
            let dir = try TemporaryDirectory(prefix: "linnet-record")
            try f.launch()
            let signals = try SignalRecorder(address: f.servers.busAddress)
            let missing = dir.file("missing.wav")
            let kept = dir.file("kept.wav")
            try Data("keep me".utf8).write(to: URL(fileURLWithPath: kept))
            for (path, source) in [(missing, "no_such_source"), (kept, "no_such_source"), (missing, "linnet_test")] {
                do {
                    try f.call(
                        Self.recorder, "StartRecording", [.string(path), Self.settings(["source": .string(source)])])
                    Issue.record("source \(source) was accepted")
                } catch let e as DBusError {
                    #expect(e.name == DBusError.Name.invalidArgs, "\(e)")
                    #expect(
                        e.message.contains("no source named '\(source)'") && e.message.contains("linnet_test.monitor"),
                        "\(e.message)")
                }
            }
            #expect(!FileManager.default.fileExists(atPath: missing), "the refused recording created its file")
            #expect(try String(contentsOfFile: kept, encoding: .utf8) == "keep me", "an existing file was touched")
            #expect(try f.get(Self.recorder, "RecordingState") == .string("idle"))
            #expect(try f.get(Self.recorder, "RecordingPath") == .string(""))
            // The same source name spelled right records (the check does not refuse real sources).
            let good = dir.file("good.wav")
            try f.call(
                Self.recorder, "StartRecording",
                [.string(good), Self.settings(["source": .string("linnet_test.monitor")])])
            try f.call(Self.recorder, "StopRecording")
            #expect(signals.wait { $0.member == "RecordingFinished" }?.arguments == [.string(good), .string("stopped")])
            #expect(signals.all("RecordingFinished").count == 1, "a refused recording sent RecordingFinished")
            #expect(FileManager.default.fileExists(atPath: good))
        }

        @Test func sourceGoneAndDiskFullEndTheRecording() throws {
            let f = try ServiceFixture()
            let dir = try TemporaryDirectory(prefix: "linnet-record")
            try startPlaying(f, dir)
            let signals = try SignalRecorder(address: f.servers.busAddress)
            let module = try f.servers.sound.loadModule("module-null-sink", "sink_name=rec_gone norewinds=1")
            let path = dir.file("gone.wav")
            try f.call(
                Self.recorder, "StartRecording", [.string(path), Self.settings(["source": .string("rec_gone.monitor")])]
            )
            try f.waitUntil("recording", timeout: 5) {
                (try f.get(Self.recorder, "RecordedSeconds").doubleValue ?? 0) >= 1
            }
            try f.servers.sound.unloadModule(module)
            #expect(
                signals.wait { $0.member == "RecordingFinished" }?.arguments == [.string(path), .string("source-gone")])
            #expect(try f.get(Self.recorder, "RecordingState") == .string("idle"))

            // A full file system: a 300 kB tmpfs holds under 2 s of 44.1 kHz stereo s16.
            let mountPoint = dir.file("small")
            try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
            let mount = try Child.run(
                "mount", ["-t", "tmpfs", "-o", "size=300k", "tmpfs", mountPoint], environment: [:])
            guard mount.status == 0 else {
                Issue.record("cannot mount a tmpfs for the disk-full case: \(mount.output)")
                return
            }
            defer { _ = try? Child.run("umount", [mountPoint], environment: [:]) }
            signals.clear()
            let full = mountPoint + "/full.wav"
            try f.call(Self.recorder, "StartRecording", [.string(full), Self.settings(["source": .string("@monitor")])])
            let end = signals.wait(timeout: 15) { $0.member == "RecordingFinished" }
            #expect(end?.arguments == [.string(full), .string("disk-full")])
            #expect(try f.status() == "Playing", "the player is not disturbed")
        }
    }
}
