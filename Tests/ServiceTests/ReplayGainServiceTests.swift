import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// ReplayGain on the running service, proven from the null sink's monitor: the mode and pre-amp from
    /// linnetd.conf and from the bus, the recorded level against the tag (±0.1 dB), clipping kept off by the peak.
    @Suite(.serialized) struct ReplayGainServiceTests {
        static let playback = "org.mpris.MediaPlayer2.linnet.Playback"

        /// RMS level in dB of the left channel over the middle second of what was heard.
        func heardLevel(_ samples: [Int16]) -> Double? {
            let left = stride(from: 0, to: samples.count - 1, by: 2).map { Double(samples[$0]) }
            guard let first = left.firstIndex(where: { abs($0) > 200 }),
                let last = left.lastIndex(where: { abs($0) > 200 }), last - first > 88200
            else { return nil }
            let mid = (first + last) / 2
            let window = left[(mid - 22050)..<(mid + 22050)]
            let rms = (window.reduce(0) { $0 + $1 * $1 } / Double(window.count)).squareRoot()
            return 20 * log10(rms / 32768)
        }

        /// Plays `file` to its end on a fresh service and returns the level heard, in dB.
        func play(_ file: String, config: String?, mode: String? = nil) throws -> (Double, Int16) {
            let f = try ServiceFixture()
            if let config {
                let dir = f.stateDir.file("config/linnet")
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                try config.write(toFile: dir + "/linnetd.conf", atomically: true, encoding: .utf8)
            }
            let recorder = try f.servers.sound.recordMonitor(of: "linnet_test")
            _ = recorder.waitFor(frames: 2205)
            try f.launch(["--no-restore"])
            if let mode { try f.set(Self.playback, "ReplayGainMode", .string(mode)) }
            try f.call(ServiceFixture.player, "OpenUri", [.string("file://" + file)])
            try f.waitUntil("played to the end", timeout: 20) {
                try f.status() == "Stopped" && recorder.frameCount > 88200 * 2
            }
            let samples = recorder.stop()
            return (heardLevel(samples) ?? .nan, samples.map { $0 == .min ? .max : abs($0) }.max() ?? 0)
        }

        @Test func levelFollowsTheTagAndThePeakPreventsClipping() throws {
            let media = try TemporaryDirectory(prefix: "linnet-replaygain")
            let wav = media.file("tone.wav"), quiet = media.file("quiet.flac"), loud = media.file("loud.flac")
            try TestMedia.sineWAV(wav, seconds: 3, frequency: 1000, amplitude: 0.5)
            try TestMedia.flac(
                wav, to: quiet,
                options: [
                    "-T", "REPLAYGAIN_TRACK_GAIN=-6.00 dB",
                    "-T", "REPLAYGAIN_TRACK_PEAK=0.500000"
                ])
            try TestMedia.flac(
                wav, to: loud,
                options: [
                    "-T", "REPLAYGAIN_TRACK_GAIN=+12.00 dB",
                    "-T", "REPLAYGAIN_TRACK_PEAK=0.600000"
                ])
            // Default off: the file's own level (a 0.5 sine: −9.03 dBFS RMS).
            let (off, _) = try play(quiet, config: nil)
            // From linnetd.conf: track gain −6 dB, pre-amp +1 dB → −5 dB.
            let (track, _) = try play(quiet, config: "replaygain = track\nreplaygain-preamp = 1\n")
            // From the bus: +12 dB asked, but the 0.6 peak allows only 1/0.6 (+4.44 dB) before clipping.
            let (limited, peak) = try play(loud, config: nil, mode: "track")
            print(
                String(
                    format: "ReplayGain heard levels: off %.2f dB, track −6 +1 %.2f dB, +12 limited %.2f dB", off,
                    track, limited))
            #expect(abs(off - (-9.03)) < 0.1)
            #expect(abs((track - off) - (-5.0)) <= 0.1, "track gain heard as \(track - off) dB")
            #expect(abs((limited - off) - 20 * log10(1 / 0.6)) <= 0.1, "limited gain heard as \(limited - off) dB")
            #expect(peak < 32767, "clipped: peak sample \(peak)")
        }

        @Test func modesOnTheBus() throws {
            let f = try ServiceFixture()
            try f.launch(["--no-restore"])
            #expect(try f.get(Self.playback, "ReplayGainMode") == .string("off"))
            let signals = try SignalRecorder(address: f.servers.busAddress)
            try f.set(Self.playback, "ReplayGainMode", .string("auto"))
            #expect(
                signals.propertiesChanged(Self.playback, "ReplayGainMode")?["ReplayGainMode"]
                    == DBusValue.string("auto"))
            try f.set(Self.playback, "ReplayGainPreamp", .double(-3))
            #expect(try f.get(Self.playback, "ReplayGainPreamp") == .double(-3))
            #expect(throws: DBusError.self) { try f.set(Self.playback, "ReplayGainMode", .string("loud")) }
            #expect(throws: DBusError.self) { try f.set(Self.playback, "ReplayGainPreamp", .double(40)) }
        }
    }
}
