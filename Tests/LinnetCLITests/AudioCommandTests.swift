import Foundation
import Testing
import TestSupport
@testable import LinnetCLI

/// `linnet effect`, `linnet record`, `status --meter`: parsing, bars, and the real client against linnetd.
@Suite(.serialized) struct AudioCommandTests {
    let context = ParseContext(workingDirectory: "/home/u")

    func parse(_ args: [String]) throws(UsageError) -> Request {
        try CommandLineParser.parse(args, context: context).request
    }

    @Test func parsesEffectCommands() throws {
        #expect(try parse(["effect", "load", "a.wav"]) == .effect(.load(uri: "file:///home/u/a.wav")))
        #expect(try parse(["effect", "play", "7"]) == .effect(.play(.id(7), volume: 1, alert: false)))
        #expect(
            try parse(["effect", "play", "b.ogg", "--volume", "0.5"])
                == .effect(.play(.file(uri: "file:///home/u/b.ogg"), volume: 0.5, alert: false)))
        #expect(try parse(["effect", "play", "--alert", "3"]) == .effect(.play(.id(3), volume: 1, alert: true)))
        for bad in [
            ["effect"], ["effect", "drop", "1"], ["effect", "play"], ["effect", "play", "1", "2"],
            ["effect", "play", "1", "--volume", "9"], ["effect", "play", "1", "--alert", "--volume", "0.5"],
            ["effect", "load"], ["effect", "play", "1", "--loud"]
        ] {
            #expect(throws: UsageError.self, "\(bad)") { try parse(bad) }
        }
    }

    @Test func parsesRecordAndMeter() throws {
        var expected = RecordOptions(path: "/home/u/out.flac")
        expected.strings = ["source": "@monitor", "format": "flac", "bits": "s24"]
        expected.unsigned = ["rate": 48000, "channels": 1]
        expected.quality = 0.5
        expected.meter = true
        #expect(
            try parse([
                "record", "--monitor", "--format", "FLAC", "--bits", "s24", "--rate", "48000", "--channels", "1",
                "--quality", "0.5", "--meter", "out.flac"
            ]) == .record(expected))
        #expect(
            try parse(["record", "--source", "mic", "/tmp/a.wav"])
                == .record(
                    {
                        var o = RecordOptions(path: "/tmp/a.wav"); o.strings = ["source": "mic"]; return o
                    }()))
        for bad in [
            ["record"], ["record", "a.wav", "b.wav"], ["record", "--rate", "fast", "a.wav"],
            ["record", "--quality", "2", "a.wav"], ["record", "--bits"], ["record", "--loud", "a.wav"],
            ["record", "--monitor", "--format", "mp3", "x.mp3"], ["record", "--bits", "s12", "a.wav"]
        ] {
            #expect(throws: UsageError.self, "\(bad)") { try parse(bad) }
        }
        var meterOptions = StatusOptions()
        meterOptions.meter = true
        #expect(try parse(["status", "--meter"]) == .status(meterOptions))
        #expect(throws: UsageError.self) { try parse(["status", "--meter", "--json"]) }
        #expect(throws: UsageError.self) { try parse(["status", "--meter", "--follow"]) }
    }

    @Test func meterBars() {
        let full = MeterRendering.line(label: "L", averageDb: 0, peakDb: 0, width: 10)
        #expect(full == "L ██████████    0.0 dB  peak    0.0 dB")
        let half = MeterRendering.line(label: "R", averageDb: -30, peakDb: -12, width: 10)
        #expect(half == "R █████···|·  -30.0 dB  peak  -12.0 dB")
        let silent = MeterRendering.line(label: "M", averageDb: -160, peakDb: -160, width: 10)
        #expect(silent == "M ··········   -inf dB  peak   -inf dB")
        #expect(
            MeterRendering.labels(channels: 2) == ["L", "R"] && MeterRendering.labels(channels: 3) == ["1", "2", "3"])
    }

    @Test func againstLinnetd() throws {
        let f = try LinnetdFixture()
        #expect(eventually { (try? f.playerctl("status")) == "Playing" })
        // An effect from a file: loads, plays, returns once heard.
        let dir = try TemporaryDirectory(prefix: "linnet-cli-audio")
        try TestMedia.sineWAV(dir.file("long.wav"), seconds: 11)
        let long = try f.linnet("effect", "play", dir.file("long.wav"), "--volume", "0.3")
        #expect(long.status == 1 && long.stderr.contains("longer than an effect"), "\(long.stderr)")
        try TestMedia.sineWAV(dir.file("beep.wav"), seconds: 0.2)
        let beep = try f.linnet("effect", "play", dir.file("beep.wav"))
        #expect(beep.status == 0, "\(beep.stdout)")

        // Meters: one line per update when not on a terminal, every channel's numbers (the demo starts mono).
        let meter = try SpawnedProcess(linnet: ["status", "--meter"], environment: f.environment)
        #expect(eventually(10) { meter.lines.count >= 5 })
        meter.stop()
        let line = meter.lines.last ?? ""
        #expect((line.hasPrefix("M ") || line.hasPrefix("L ")) && line.contains(" dB  peak "), "\(line)")

        // Record what plays until interrupted: a valid WAV.
        let out = dir.file("rec.wav")
        let rec = try SpawnedProcess(linnet: ["record", "--monitor", out], environment: f.environment)
        #expect(
            eventually(10) { ((try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0) > 200_000 })
        kill(rec.pid, SIGINT)
        #expect(rec.waitForExit(seconds: 10) == 0, "\(rec.output)")
        #expect(rec.output.contains("recorded") && rec.output.contains("(stopped)"), "\(rec.output)")
        let wav = try TestMedia.readWAV(out)
        #expect(wav.frames > 44100, "\(wav.frames) frames")
        let bad = try f.linnet("record", "--format", "flac", "--bits", "float", dir.file("x.flac"))
        #expect(bad.status == 64 && bad.stderr.contains("bits"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("x.flac")))
    }

    /// Input the recorder cannot take is a usage error (64) with the reason, before "recording to", and no file.
    @Test func recordRefusesBadInputWithExitUsage() throws {
        let f = try LinnetdFixture()
        let dir = try TemporaryDirectory(prefix: "linnet-cli-record")
        let cases: [([String], String, String)] = [
            (["--source", "nosuchsource"], "y.wav", "no source named 'nosuchsource'"),
            (["--monitor", "--format", "mp3"], "x.mp3", "--format 'mp3' is not one linnet records"),
            (["--monitor"], "z.mp3", "cannot tell the format"),
            (["--monitor", "--rate", "500"], "r.wav", "rate"),
            (["--monitor", "--channels", "9"], "c.wav", "channels"),
            (["--monitor", "--rate", "44100"], "o.opus", "Opus records at")
        ]
        for (options, name, reason) in cases {
            let path = dir.file(name)
            let r = try Command.run(
                ClientPaths.linnet, ["record"] + options + [path], environment: f.environment, timeout: 30)
            #expect(r.status == 64, "\(options) \(name): status \(r.status): \(r.stderr)")
            #expect(r.stderr.contains(reason), "\(options) \(name): \(r.stderr)")
            #expect(r.stderr.contains("Try 'linnet record --help'."), "\(r.stderr)")
            #expect(!r.stderr.contains("recording to") && !r.stderr.contains("recorded "), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: path), "\(path) was created")
        }
    }
}
