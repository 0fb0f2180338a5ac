import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// Issue 21: Snapcast streams as outputs. The stream's bytes against a local decode (a capture standing in for
    /// snapserver's TCP source), the heard position with the stream buffer, and real rooms: a private snapserver
    /// with two snapclients, each into its own null sink.
    @Suite(.serialized) struct SnapcastOutputTests {
        static let route = "org.mpris.MediaPlayer2.linnet.Route"

        /// Two 48 kHz stereo WAVs that are one counting signal cut in two (A: frames 0..<a, B: a..<a+b).
        static func countingPair(_ dir: TemporaryDirectory, a: Int, b: Int) throws -> (String, String, [Int16]) {
            var all = [Int16]()
            for f in 0..<(a + b) { for c in 0..<2 { all.append(TestMedia.countingSample(frame: f, channel: c)) } }
            let first = dir.file("a.wav")
            let second = dir.file("b.wav")
            try TestMedia.writeWAV(first, samples: Array(all[0..<(a * 2)]), rate: 48000, channels: 2)
            try TestMedia.writeWAV(second, samples: Array(all[(a * 2)...]), rate: 48000, channels: 2)
            return (first, second, all)
        }

        static func samples(_ bytes: [UInt8]) -> [Int16] {
            stride(from: 0, to: bytes.count - 1, by: 2).map {
                Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
            }
        }

        /// The junction of two gapless tracks reaches the Snapcast stream with 0 samples of gap and every sample
        /// exact, whether Snapcast alone plays (paced) or beside the local sink (which then keeps time).
        @Test(arguments: [false, true]) func gaplessTracksArriveExactAndWithoutAGap(withLocal: Bool) throws {
            let f = try ServiceFixture()
            let media = try TemporaryDirectory(prefix: "linnet-snapcast-media")
            let (a, b, expected) = try Self.countingPair(media, a: 48000, b: 36000)
            let capture = try SnapcastSourceCapture()
            var outputs = ["--output", "snapcast", capture.uri + "?buffer=200"]
            if withLocal { outputs += ["--output", "local"] }
            try f.launch(["--no-restore"] + outputs + [a, b])
            try f.waitUntil("both tracks sent", timeout: 30) { capture.byteCount >= expected.count * 2 }
            let got = Self.samples(capture.received.get())
            #expect(got.count >= expected.count)
            // The stream is the two files back to back: no sample lost, added or changed at the junction.
            let firstDifference = zip(got, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            #expect(firstDifference == nil, "first difference at sample \(firstDifference ?? -1) of \(expected.count)")
            #expect(capture.connections.get() == 1)
            try f.waitUntil("end of queue", timeout: 20) { try f.status() == "Stopped" }
            #expect(Self.samples(capture.received.get()).count == expected.count, "nothing after the last track")
        }

        /// A pipe source (the FIFO snapserver reads) gets a 44.1 kHz track resampled to the stream's 48 kHz: as
        /// many frames as its length at 48 kHz (the resampler's tail included at the end of the queue).
        @Test func aPipeGetsTheTrackResampledToTheStreamsRate() throws {
            let f = try ServiceFixture()
            let media = try TemporaryDirectory(prefix: "linnet-snapcast-media")
            let tone = media.file("tone.wav")
            try TestMedia.sineWAV(tone, seconds: 2, rate: 44100)
            let fifo = media.file("snapfifo")
            #expect(mkfifo(fifo, 0o600) == 0)
            let captured = media.file("captured.raw")
            // cat stands where snapserver reads: it opens the FIFO first, as snapserver does.
            let reader = try Child("/bin/sh", ["-c", "exec cat \"$0\" > \"$1\"", fifo, captured])
            defer { reader.kill(SIGKILL) }
            try f.launch(["--no-restore", "--output", "snapcast", "pipe://\(fifo)?buffer=100", tone])
            try f.waitUntil("end of queue", timeout: 30) {
                try f.status() == "Stopped"
                    && ((try? FileManager.default.attributesOfItem(atPath: captured)[.size]) as? Int ?? 0) > 0
            }
            func size() -> Int { ((try? FileManager.default.attributesOfItem(atPath: captured)[.size]) as? Int) ?? 0 }
            do {
                try f.waitUntil("all of it written", timeout: 10) { size() >= (96_000 - 4) * 4 }
            } catch {
                Issue.record("\(size() / 4) frames arrived\n\(f.log())")
                throw error
            }
            let size = try FileManager.default.attributesOfItem(atPath: captured)[.size] as? Int ?? 0
            #expect(abs(size / 4 - 96_000) <= 4, "\(size / 4) frames for 2 s at 48 kHz")
        }

        /// With only Snapcast playing, Position is what the rooms hear: it stays at 0 until the stream buffer
        /// (here 3 s) has passed, although audio has been sent since Play.
        @Test func positionWaitsForTheStreamBuffer() throws {
            let f = try ServiceFixture()
            let media = try TemporaryDirectory(prefix: "linnet-snapcast-media")
            let tone = media.file("tone.wav")
            try TestMedia.sineWAV(tone, seconds: 8, rate: 48000)
            let capture = try SnapcastSourceCapture()
            try f.launch(["--no-restore", "--output", "snapcast", capture.uri + "?buffer=3000", tone])
            let bytesPerSecond = 48000 * 4
            try f.waitUntil("1 s sent", timeout: 20) { capture.byteCount >= bytesPerSecond }
            #expect(try f.position() == 0, "nothing can be heard before the 3 s buffer has passed")
            try f.waitUntil("Position moves", timeout: 20) { try f.position() > 0 }
            let sent = Double(capture.byteCount) / Double(bytesPerSecond)
            #expect(sent >= 2.8, "Position moved after only \(sent) s were sent")
            try f.waitUntil("Position follows", timeout: 20) { try f.position() > 500_000 }
            let heard = Double(try f.position()) / 1e6
            let ahead = Double(capture.byteCount) / Double(bytesPerSecond) - heard
            #expect(ahead > 2.0 && ahead < 4.0, "sent is \(ahead) s ahead of heard")
        }

        /// Outputs over the bus, the CLI and MPD: listed with their state; switched while playing; the last one
        /// cannot be switched off; unknown names are refused clearly.
        @Test func outputsSwitchOverEveryFrontEnd() throws {
            let f = try ServiceFixture()
            let media = try TemporaryDirectory(prefix: "linnet-snapcast-media")
            let tone = media.file("tone.wav")
            try TestMedia.sineWAV(tone, seconds: 30, rate: 48000)
            let capture = try SnapcastSourceCapture()
            let mpd = f.stateDir.file("mpd.socket")
            try f.launch(["--no-restore", "--mpd", mpd, "--output", "local", "--output", "snapcast", capture.uri, tone])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            try f.waitUntil("snapcast connected", timeout: 10) { capture.byteCount > 0 }
            let linnet = LinnetCLIRunner(f)
            try f.waitUntil("listed as connected", timeout: 10) {
                try linnet.run("output", "list").output.contains("connected")
            }
            let list = try linnet.run("output", "list", "--json")
            #expect(list.status == 0)
            #expect(list.output.contains("\"name\":\"local\"") && list.output.contains("\"name\":\"snapcast\""))
            // The local sink plays: our stream is on it.
            #expect(try f.servers.sound.sinkInputs().count == 1)

            // Off goes local: Snapcast leads, the local stream goes, playback goes on from where it was.
            let before = try f.position()
            #expect(try linnet.run("output", "disable", "local").status == 0)
            try f.waitUntil("local stream gone", timeout: 10) { try f.servers.sound.sinkInputs().isEmpty }
            #expect(try f.status() == "Playing")
            let after = try f.position()
            #expect(after >= before - 300_000, "position went back from \(before) to \(after)")
            // The last output stays on.
            let refused = try linnet.run("output", "disable", "snapcast")
            #expect(refused.status != 0 && refused.output.contains("only enabled output"), "\(refused.output)")
            let unknown = try linnet.run("output", "enable", "kitchen")
            #expect(unknown.status != 0 && unknown.output.contains("no output 'kitchen'"), "\(unknown.output)")

            // MPD sees both and switches them (mpc's output ids are MPD's, from 1).
            let env = ["MPD_HOST": mpd]
            let outputs = try Child.run("/usr/bin/mpc", ["outputs"], environment: env)
            #expect(outputs.output.contains("Output 1 (Linnet) is disabled"), "\(outputs.output)")
            #expect(outputs.output.contains("Output 2 (snapcast) is enabled"), "\(outputs.output)")
            #expect(try Child.run("/usr/bin/mpc", ["enable", "1"], environment: env).status == 0)
            try f.waitUntil("local stream back", timeout: 10) { try f.servers.sound.sinkInputs().count == 1 }
            #expect(try Child.run("/usr/bin/mpc", ["disable", "2"], environment: env).status == 0)
            let now = try Child.run("/usr/bin/mpc", ["outputs"], environment: env)
            #expect(now.output.contains("Output 2 (snapcast) is disabled"), "\(now.output)")
            #expect(try f.status() == "Playing")

            // Over the bus: a bad name is InvalidArgs, and the Outputs property follows.
            #expect(throws: (any Error).self) { try f.call(Self.route, "EnableOutput", [.string("nope")]) }
            _ = try f.call(Self.route, "EnableOutput", [.string("snapcast")])
            guard case .array(_, let entries) = try f.get(Self.route, "Outputs").unwrappingVariants else {
                Issue.record("Outputs is not an array")
                return
            }
            #expect(entries.count == 2)
        }

        /// Real rooms: both snapclients play what Linnet sends; Pause silences both; a killed snapserver comes back
        /// and the rooms play again, with linnetd never restarted.
        @Test(.enabled(if: SnapcastRooms.available)) func bothRoomsPlayPauseSilencesThemAndAKilledServerComesBack()
            throws
        {
            let f = try ServiceFixture()
            let rooms = try SnapcastRooms(sound: f.servers.sound)
            let media = try TemporaryDirectory(prefix: "linnet-snapcast-media")
            let tone = media.file("tone.wav")
            try TestMedia.sineWAV(tone, seconds: 120, rate: 48000)
            let daemon = try f.launch(["--no-restore", "--output", "snapcast", rooms.sourceURI, tone])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            func heard(_ room: String) throws -> Bool { try rooms.loudness(of: room) > 1000 }
            func silent(_ room: String) throws -> Bool { try rooms.loudness(of: room, seconds: 0.3) < 5 }
            for room in SnapcastRooms.rooms {
                do { try f.waitUntil("\(room) hears Linnet", timeout: 30) { try heard(room) } } catch {
                    Issue.record("\(error)\n\(rooms.logs())")
                    throw error
                }
            }
            _ = try f.call(ServiceFixture.player, "Pause")
            for room in SnapcastRooms.rooms {
                try f.waitUntil("\(room) silent after Pause", timeout: 15) { try silent(room) }
            }
            _ = try f.call(ServiceFixture.player, "Play")
            try f.waitUntil("room1 again", timeout: 30) { try heard("room1") }

            try rooms.killServer()
            let linnet = LinnetCLIRunner(f)
            try f.waitUntil("retrying", timeout: 15) { try linnet.run("output", "list").output.contains("retrying") }
            try rooms.startServer()
            try rooms.startClients()
            for room in SnapcastRooms.rooms {
                do {
                    try f.waitUntil("\(room) hears Linnet after the restart", timeout: 40) { try heard(room) }
                } catch {
                    Issue.record("\(error)\n\(rooms.logs())")
                    throw error
                }
            }
            #expect(daemon.isRunning)
            #expect(f.log().contains("retrying with back-off"))
        }
    }
}
