import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// Network streams through the real linnetd: OpenUri of http URLs, Range seek, ICY titles as Metadata, the
    /// Stream interface (Buffering), pause while buffering, hostile servers ending in StreamError, the queue moving on.
    @Suite(.serialized) struct StreamServiceTests {
        static let stream = "org.mpris.MediaPlayer2.linnet.Stream"
        /// The `linnet` client built next to linnetd.
        static var linnet: String {
            URL(fileURLWithPath: ServiceFixture.binary).deletingLastPathComponent().appendingPathComponent("linnet")
                .path
        }

        /// A fixture with a stream server on the shared test media, and short network timeouts.
        func start(_ extra: [String: String] = [:]) throws -> (ServiceFixture, StreamServer) {
            let f = try ServiceFixture()
            let media = f.stateDir.file("media")
            try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
            try TestMedia.sineWAV(media + "/tone.wav", seconds: 20)
            try TestMedia.lame(media + "/tone.wav", to: media + "/tone.mp3", options: ["-b", "128"])
            let server = try StreamServer(mediaDirectory: media)
            f.extraEnvironment = [
                "LINNET_STREAM_READ_TIMEOUT": "3", "LINNET_STREAM_LOW_SPEED_TIME": "2",
                "LINNET_STREAM_RECONNECT_DELAY": "0.05", "LINNET_STREAM_RECONNECTS": "2",
                "no_proxy": "127.0.0.1", "NO_PROXY": "127.0.0.1"
            ].merging(extra) { $1 }
            try f.launch(["--no-restore"])
            return (f, server)
        }

        /// Timeouts far beyond any test, for servers that hold their answer until the test releases it (otherwise
        /// the 2 s low-speed limit above could end a held request first on a loaded machine).
        static let patient = ["LINNET_STREAM_LOW_SPEED_TIME": "60", "LINNET_STREAM_READ_TIMEOUT": "60"]

        /// Peak absolute sample of `samples`.
        func peak(_ samples: ArraySlice<Int16>) -> Int { samples.map { abs(Int($0)) }.max() ?? 0 }

        @Test func httpFilePlaysHeardAndSeeks() throws {
            let (f, server) = try start(["LINNET_STREAM_BUFFER_KB": "64"])
            let recorder = try f.servers.sound.recordMonitor(of: "linnet_test")
            try f.call(ServiceFixture.player, "OpenUri", [.string(server.url("/f/tone.mp3"))])
            try f.waitUntil("Playing", timeout: 10) { try f.status() == "Playing" }
            #expect(recorder.waitFor(frames: 44100))
            try f.waitUntil("the tone heard", timeout: 10) { peak(recorder.samples().suffix(8820)[...]) > 8000 }
            let m = try f.metadata()
            #expect(m["mpris:length"]?.integerValue == 20_000_000)
            #expect(m["xesam:url"]?.stringValue == server.url("/f/tone.mp3"))
            #expect(try f.get(ServiceFixture.player, "CanSeek") == .boolean(true))
            // Far past what the 64 KB window holds (a few seconds), so it takes a Range request.
            try f.call(ServiceFixture.player, "Seek", [.int64(16_000_000)])
            try f.waitUntil("position past 16 s", timeout: 10) { try f.position() > 16_000_000 }
            // (Whether mpg123 jumps by a Range request or reads ahead to the target depends on how far ahead the
            // bytes already are; HTTPStreamTests.seekUsesARangeRequest proves the Range path.)
            let frames = recorder.frameCount
            try f.waitUntil("the tone heard after the seek", timeout: 10) {
                recorder.frameCount > frames + 8820 && peak(recorder.samples().suffix(4410)[...]) > 8000
            }
            #expect(f.daemon?.isRunning == true)
        }

        /// The scheme is case-insensitive (RFC 3986): "HTTP://…" is a stream like "http://…", not a file.
        @Test func anUppercaseSchemeIsAStreamToo() throws {
            let (f, server) = try start()
            let recorder = try f.servers.sound.recordMonitor(of: "linnet_test")
            let url = "HTTP" + server.url("/f/tone.mp3").dropFirst("http".count)
            try f.call(ServiceFixture.player, "OpenUri", [.string(url)])
            try f.waitUntil("Playing", timeout: 10) { try f.status() == "Playing" }
            try f.waitUntil("the tone heard", timeout: 10) { peak(recorder.samples().suffix(8820)[...]) > 8000 }
            #expect(try f.metadata()["mpris:length"]?.integerValue == 20_000_000)
        }

        @Test func icyTitlesBecomeMetadataWithinASecond() throws {
            let (f, server) = try start()
            let signals = try SignalRecorder(address: f.servers.busAddress)
            try f.call(
                ServiceFixture.player, "OpenUri",
                [.string(server.url("/icy/tone.mp3?metaint=4000&every=1.5&title=Test%20Artist%20-%20Song"))])
            try f.waitUntil("Playing", timeout: 10) { try f.status() == "Playing" }
            // Wait for the third title (the first comes with the connection), then compare send and arrival times.
            try f.waitUntil("title #2", timeout: 15) { (try f.metadata()["xesam:title"]?.stringValue) == "Song #2" }
            let arrival = Date().timeIntervalSince1970
            let m = try f.metadata()
            #expect(try f.playerctl("metadata", "xesam:artist") == "Test Artist")
            #expect(m["xesam:album"]?.stringValue == "Linnet Test Radio")
            #expect(try f.playerctl("metadata", "xesam:genre") == "Testing")
            #expect(try f.get(Self.stream, "StationName") == .string("Linnet Test Radio"))
            #expect(try f.get(Self.stream, "StationUrl") == .string("http://127.0.0.1/radio"))
            #expect(try f.get(ServiceFixture.player, "CanSeek") == .boolean(false))
            // Seek on a live stream has no effect (MPRIS: CanSeek false), and is no stream error.
            try f.call(ServiceFixture.player, "Seek", [.int64(10_000_000)])
            let status = try Child.run(Self.linnet, ["status"], environment: f.environment)
            #expect(
                status.output.contains("Station: Linnet Test Radio") && status.output.contains("Buffer: "),
                "\(status.output)")
            let sent = ((try? String(contentsOfFile: server.logPath, encoding: .utf8)) ?? "").split(separator: "\n")
                .first { $0.hasPrefix("META StreamTitle='Test Artist - Song #2'") }
                .flatMap { $0.split(separator: " ").last }.flatMap { Double($0) }
            let lag = arrival - (sent ?? 0)
            #expect(sent != nil && lag < 1.0, "title arrived \(lag) s after the block was sent")
            #expect(signals.propertiesChanged(ServiceFixture.player, "Metadata") != nil)
            #expect(signals.all("StreamError").isEmpty && signals.all("Seeked").isEmpty)
            #expect(try f.status() == "Playing")
        }

        /// GoTo of the playing entry cannot seek a live stream: it restarts it, and Position drops back to near 0
        /// under the same trackid. Clients must hear of that jump as Seeked (a silent jump is what the chaos
        /// soak caught when a repeat met a LoopStatus change).
        @Test func restartingALiveStreamIsASeekedJump() throws {
            let (f, server) = try start()
            try f.call(ServiceFixture.player, "OpenUri", [.string(server.url("/icy/tone.mp3?metaint=4000"))])
            try f.waitUntil("a second heard", timeout: 10) { try f.status() == "Playing" && f.position() > 1_000_000 }
            let id = try #require(try f.trackID())
            let signals = try SignalRecorder(address: f.servers.busAddress)
            try f.call(ServiceFixture.trackList, "GoTo", [.objectPath(DBusObjectPath(id)!)])
            try f.waitUntil("Seeked after the restart", timeout: 10) { !signals.all("Seeked").isEmpty }
            let seeked = signals.all("Seeked").first?.arguments.first?.integerValue ?? -1
            #expect(seeked >= 0 && seeked < 1_000_000, "Seeked(\(seeked))")
            #expect(try f.trackID() == id)
            #expect(try f.position() < 1_500_000)
            #expect(try f.status() == "Playing")
        }

        @Test func pauseWhileBufferingIsHonoured() throws {
            let (f, server) = try start(Self.patient)
            let recorder = try f.servers.sound.recordMonitor(of: "linnet_test")
            // Headers at once, the body held until the test lets it go: Linnet is buffering when Pause arrives.
            try f.call(ServiceFixture.player, "OpenUri", [.string(server.url("/hold/tone.mp3?key=body&stage=body"))])
            try f.waitUntil("Buffering", timeout: 10) { try f.get(Self.stream, "Buffering") == .boolean(true) }
            let status = try Child.run(Self.linnet, ["status"], environment: f.environment)
            #expect(status.output.contains("Buffering…"), "\(status.output)")
            #expect(try f.status() == "Playing")
            try f.playerctl("pause")
            try f.waitUntil("Paused", timeout: 5) { try f.status() == "Paused" }
            try server.release("body")
            try f.waitUntil("buffered", timeout: 10) { try f.get(Self.stream, "Buffering") == .boolean(false) }
            // Half a second more of the monitor with the audio ready: had the pause not held, the tone is in it.
            #expect(recorder.waitFor(frames: recorder.frameCount + 22050), "the monitor stalled")
            let heardWhilePaused = recorder.samples()
            #expect(peak(heardWhilePaused[...]) < 100, "sound was heard while paused")
            #expect(try f.status() == "Paused")
            let before = recorder.frameCount
            try f.playerctl("play")
            try f.waitUntil("Playing", timeout: 5) { try f.status() == "Playing" }
            try f.waitUntil("the tone heard after Play", timeout: 10) {
                peak(recorder.samples().dropFirst(before)) > 8000
            }
        }

        @Test func pauseWhileConnectingIsHonoured() throws {
            let (f, server) = try start(Self.patient)
            let recorder = try f.servers.sound.recordMonitor(of: "linnet_test")
            // No answer at all until the test lets it go: Linnet is connecting when Pause arrives.
            try f.call(
                ServiceFixture.player, "OpenUri", [.string(server.url("/hold/tone.mp3?key=headers&stage=headers"))])
            try f.waitUntil("the connect reached the server", timeout: 5) {
                server.requests.contains { $0.contains("key=headers") }
            }
            try f.playerctl("pause")
            try f.waitUntil("Paused", timeout: 5) { try f.status() == "Paused" }
            try server.release("headers")
            do {
                try f.waitUntil("buffered", timeout: 10) {
                    try f.get(Self.stream, "Buffering") == .boolean(false) && recorder.frameCount > 44100
                }
            } catch {
                Issue.record("\(error)\nframes \(recorder.frameCount) buffering \(try f.get(Self.stream, "Buffering"))")
                return
            }
            #expect(peak(recorder.samples()[...]) < 100, "sound was heard while paused")
            #expect(try f.status() == "Paused")
            try f.playerctl("play")
            try f.waitUntil("the tone heard after Play", timeout: 10) {
                peak(recorder.samples().suffix(4410)[...]) > 8000
            }
        }

        @Test func hostileStreamsEndInStreamErrorAndTheQueueMovesOn() throws {
            let (f, server) = try start()
            let signals = try SignalRecorder(address: f.servers.busAddress)
            let t = ServiceFixture.trackList
            let noTrack = DBusValue.objectPath("/org/mpris/MediaPlayer2/TrackList/NoTrack")
            try f.call(t, "AddTrack", [.string(server.url("/f/tone.mp3")), noTrack, .boolean(false)])
            for path in [
                "/loop", "/tofile", "/bigheaders", "/garbage", "/html", "/icyraw?kind=absurd", "/slow",
                "/hlsself.m3u8", "/hlsmillion.m3u8", "/lying/tone.mp3"
            ] {
                try f.call(t, "AddTrack", [.string(server.url(path)), noTrack, .boolean(false)])
            }
            // The hostile entries come first (each was inserted at the start); play from the first of them.
            try f.call(t, "GoTo", [.objectPath(DBusObjectPath(try f.tracks()[0])!)])
            try f.waitUntil("the good file playing", timeout: 40) {
                try f.status() == "Playing" && (try f.metadata()["xesam:url"]?.stringValue) == server.url("/f/tone.mp3")
            }
            let errors = signals.all("StreamError")
            #expect(errors.count == 10, "\(errors.map(\.arguments))")
            let log = f.log()
            for needle in [
                "too many redirects", "unsupported scheme", "headers exceed 64 KB", "not audio",
                "icy-metaint", "too slow", "refers to itself", "playlist larger than",
                "after 2 reconnects"
            ] {
                #expect(log.lowercased().contains(needle.lowercased()), "log lacks \(needle)")
            }
            #expect(f.daemon?.isRunning == true)
        }

        @Test func radioStationsPlayAndStreamsPersistInTheState() throws {
            let (f, server) = try start()
            var env = f.environment
            env["XDG_DATA_HOME"] = f.stateDir.file("data")
            let station = server.url("/pls/tone.mp3")
            let add = try Child.run(Self.linnet, ["radio", "add", "Test FM", station], environment: env)
            #expect(add.status == 0, "\(add.output)")
            let list = try Child.run(Self.linnet, ["radio", "list"], environment: env)
            #expect(list.output == "Test FM  \(station)\n")
            let play = try Child.run(Self.linnet, ["radio", "play", "test fm"], environment: env)
            #expect(play.status == 0, "\(play.output)")
            try f.waitUntil("the station playing", timeout: 10) {
                try f.status() == "Playing" && (try f.metadata()["xesam:title"]?.stringValue) == "Song"
            }
            let missing = try Child.run(Self.linnet, ["radio", "play", "Nope"], environment: env)
            #expect(missing.status != 0 && missing.output.contains("no station named 'Nope'"), "\(missing.output)")

            // The queued stream is saved; after a restart it is still there, not connected until Play.
            _ = try f.stop()
            let requestsBefore = server.requests.count
            try f.launch()
            #expect(try f.metadata()["xesam:url"]?.stringValue == station)
            #expect(try f.status() == "Stopped")
            #expect(server.requests.count == requestsBefore)
            try f.call(ServiceFixture.player, "Play")
            // Playing from the call on; the connection is what the server sees.
            #expect(try f.status() == "Playing")
            try f.waitUntil("the station connected again", timeout: 10) { server.requests.count > requestsBefore }
        }

        @Test func httpsWithTheConfiguredCAPlaysAndABadCertificateIsAStreamError() throws {
            let certificates = try TemporaryDirectory(prefix: "linnet-tls")
            let good = try StreamServer.makeCertificates(in: certificates.path, name: "good")
            let other = try StreamServer.makeCertificates(in: certificates.path, name: "other")
            let (f, _) = try start(["LINNET_CA_FILE": good.ca])
            let media = f.stateDir.file("media")
            let trusted = try StreamServer(mediaDirectory: media, tls: (good.cert, good.key))
            let untrusted = try StreamServer(mediaDirectory: media, tls: (other.cert, other.key))
            let signals = try SignalRecorder(address: f.servers.busAddress)
            let recorder = try f.servers.sound.recordMonitor(of: "linnet_test")
            try f.call(ServiceFixture.player, "OpenUri", [.string(untrusted.url("/f/tone.mp3"))])
            let error = signals.wait(timeout: 10) { $0.member == "StreamError" }
            #expect(
                error?.arguments.last?.stringValue?.contains("TLS verification failed") == true,
                "\(String(describing: error?.arguments))")
            try f.call(ServiceFixture.player, "OpenUri", [.string(trusted.url("/f/tone.mp3"))])
            try f.waitUntil("the tone heard over https", timeout: 10) {
                try f.status() == "Playing" && peak(recorder.samples().suffix(4410)[...]) > 8000
            }
            #expect(f.daemon?.isRunning == true)
        }

        @Test func aFastEndlessServerFillsTheBufferToItsCapAndNoFurther() throws {
            let (f, server) = try start(["LINNET_STREAM_BUFFER_KB": "1024"])
            try f.call(ServiceFixture.player, "OpenUri", [.string(server.url("/endless"))])
            try f.waitUntil("Playing", timeout: 10) { try f.status() == "Playing" }
            // The server sends as fast as it can; the window fills to its cap, then the transfer waits.
            try f.waitUntil("a full buffer", timeout: 15) {
                (try f.get(Self.stream, "BufferLevel").doubleValue ?? 0) >= 0.9
            }
            let rss = try residentKB(f.daemon!.pid)
            #expect(rss < 40_000, "linnetd holds \(rss) kB while streaming a 1 MB-capped stream")
            #expect(try f.get(Self.stream, "BufferedSeconds").doubleValue ?? 0 > 30)  // ~1 MB of 128 kbit/s
        }

        /// VmRSS of a process in kB.
        func residentKB(_ pid: pid_t) throws -> Int {
            let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? .max
        }

        @Test func aLongPausedRadioComesBackLive() throws {
            let (f, server) = try start(["LINNET_STREAM_LIVE_RESTART": "1"])
            let url = server.url("/icy/tone.mp3?metaint=8000")
            try f.call(ServiceFixture.player, "OpenUri", [.string(url)])
            // Heard, not only connected: whether it is live (no length, no seeking) is known from its first sound,
            // and a pause before that is not a pause of a live stream (under load "now playing" comes first).
            try f.waitUntil("heard", timeout: 10) { try f.status() == "Playing" && f.position() > 100_000 }
            try f.playerctl("pause")
            // A short pause resumes the same connection.
            try f.playerctl("play")
            try f.waitUntil("Playing", timeout: 5) { try f.status() == "Playing" }
            #expect(server.requests.filter { $0.contains("/icy/") }.count == 1)
            try f.playerctl("pause")
            let pausedAt = Date()
            try f.waitUntil("the restart threshold passed", timeout: 5) { Date().timeIntervalSince(pausedAt) > 1.2 }
            try f.playerctl("play")
            try f.waitUntil("a new connection", timeout: 10) {
                try f.status() == "Playing" && server.requests.filter { $0.contains("/icy/") }.count == 2
            }
        }
    }
}
