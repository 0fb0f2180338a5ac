import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// Switching away from a playing radio (issue 17) through the real linnetd: after OpenUri of a server that
    /// never answers, Next, GoTo or Stop, the radio's tone is gone from the sink's monitor within 100 ms of the
    /// call's reply and the fake server sees its connection closed within 1 s, however many switches come.
    @Suite(.serialized) struct StreamSwitchServiceTests {
        static let stream = StreamServiceTests.stream
        /// Rounds per kind of switch (the printed figures are their medians).
        static let rounds = 3

        /// How long the radio was still heard and still connected after a switch, in ms after the call's reply.
        struct Figures {
            var heardMs: Double
            var closedMs: Double
        }

        enum Switch: String, CaseIterable {
            case openSlowURI = "OpenUri(slow server)"
            case next = "Next"
            case goTo = "GoTo"
            case stop = "Stop"
        }

        /// Held servers stay held: no low-speed or read timeout of Linnet's ends them during a test.
        func start() throws -> (ServiceFixture, StreamServer) {
            try StreamServiceTests().start(StreamServiceTests.patient)
        }

        /// RMS of each 10 ms window (441 stereo frames) of `samples`.
        func windowRMS(_ samples: [Int16]) -> [Double] {
            stride(from: 0, to: samples.count - 881, by: 882).map { i in
                let w = samples[i..<(i + 882)]
                return (w.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(w.count)).squareRoot()
            }
        }

        /// Plays the radio `id` (a 440 Hz tone at half scale, its own connection), performs `kind`, and measures.
        func measure(
            _ kind: Switch, _ f: ServiceFixture, _ server: StreamServer, _ recorder: MonitorRecorder,
            id: String
        ) throws -> Figures {
            let radio = server.url("/icy/tone.mp3?metaint=4000&id=\(id)")
            let slow = server.url("/hold/tone.mp3?key=never&stage=headers&id=\(id)")
            try f.call(ServiceFixture.player, "OpenUri", [.string(radio)])
            try f.waitUntil("the radio \(id) heard", timeout: 10) {
                (try f.metadata()["xesam:url"]?.stringValue) == radio
                    && StreamServiceTests().peak(recorder.samples().suffix(4410)[...]) > 8000
            }
            if kind == .next || kind == .goTo {
                // The slow server right after the radio in the queue.
                let current = DBusValue.objectPath(DBusObjectPath(try #require(try f.trackID()))!)
                try f.call(ServiceFixture.trackList, "AddTrack", [.string(slow), current, .boolean(false)])
            }
            let slowID = try f.tracks().last.map { DBusValue.objectPath(DBusObjectPath($0)!) }
            _ = recorder.waitFor(frames: recorder.frameCount + 4410)
            switch kind {
            case .openSlowURI: try f.call(ServiceFixture.player, "OpenUri", [.string(slow)])
            case .next: try f.call(ServiceFixture.player, "Next")
            case .goTo: try f.call(ServiceFixture.trackList, "GoTo", [try #require(slowID)])
            case .stop: try f.call(ServiceFixture.player, "Stop")
            }
            let replied = DispatchTime.now().uptimeNanoseconds
            let repliedWall = Date().timeIntervalSince1970
            let closed = try #require(
                server.waitForCloses(of: "/icy/tone.mp3?metaint=4000&id=\(id)", timeout: 5),
                "the radio's connection was never closed (\(kind.rawValue))")
            // Half a second of monitor after the reply: the tone must have ended near its start.
            #expect(recorder.waitFor(frames: recorder.frameCount + 22050))
            let rms = windowRMS(recorder.samples())
            let lastLoud = try #require(rms.lastIndex { $0 > 500 })
            let heardUntil = try #require(recorder.time(ofFrame: (lastLoud + 1) * 441))
            return Figures(
                heardMs: (Double(heardUntil) - Double(replied)) / 1e6,
                closedMs: (closed[0] - repliedWall) * 1000)
        }

        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

        @Test func switchingAwayFromARadioEndsItAtOnce() throws {
            let (f, server) = try start()
            let recorder = try f.servers.sound.recordMonitor(of: "linnet_test")
            var report: [String] = []
            for kind in Switch.allCases {
                var figures: [Figures] = []
                for round in 0..<Self.rounds {
                    let fig = try measure(kind, f, server, recorder, id: "\(kind)-\(round)")
                    #expect(
                        fig.heardMs < 100, "\(kind.rawValue): the radio was heard \(fig.heardMs) ms after the reply")
                    #expect(fig.closedMs < 1000, "\(kind.rawValue): the radio was connected \(fig.closedMs) ms after")
                    figures.append(fig)
                }
                report.append(
                    "\(kind.rawValue): heard \(figures.map { Int($0.heardMs) }) ms (median "
                        + "\(Int(median(figures.map(\.heardMs))))), closed \(figures.map { Int($0.closedMs) }) ms "
                        + "(median \(Int(median(figures.map(\.closedMs)))))")
            }
            print("switch figures:\n" + report.joined(separator: "\n"))
            #expect(f.daemon?.isRunning == true)
        }

        @Test func switchesInARowToSlowServersLeaveNoConnectionAndTheLastOnePlays() throws {
            let (f, server) = try start()
            let recorder = try f.servers.sound.recordMonitor(of: "linnet_test")
            let radio = server.url("/icy/tone.mp3?metaint=4000&id=row")
            try f.call(ServiceFixture.player, "OpenUri", [.string(radio)])
            try f.waitUntil("the radio heard", timeout: 10) {
                StreamServiceTests().peak(recorder.samples().suffix(4410)[...]) > 8000
            }
            let slow = (0..<9).map { server.url("/hold/tone.mp3?key=never&stage=headers&n=\($0)") }
            var replies: [Double] = []
            for url in slow {
                try f.call(ServiceFixture.player, "OpenUri", [.string(url)])
                replies.append(Date().timeIntervalSince1970)
            }
            try f.call(ServiceFixture.player, "OpenUri", [.string(server.url("/f/tone.mp3"))])
            let lastReply = Date().timeIntervalSince1970
            let heardFrom = recorder.frameCount
            try f.waitUntil("the file heard after the slow servers", timeout: 5) {
                StreamServiceTests().peak(recorder.samples().dropFirst(heardFrom * 2).suffix(4410)[...]) > 8000
            }
            print("file heard \(Int((Date().timeIntervalSince1970 - lastReply) * 1000)) ms after its OpenUri")
            let radioClosed = try #require(server.waitForCloses(of: "id=row", timeout: 5))
            #expect(radioClosed[0] - replies[0] < 1, "the radio was connected \(radioClosed[0] - replies[0]) s after")
            // Every slow server that was reached at all was left within a second of the next OpenUri.
            for (n, url) in slow.enumerated() {
                let path = String(url.dropFirst("http://127.0.0.1:\(server.port)".count))
                guard server.requests.contains(where: { $0.hasPrefix("REQ \(path) ") }) else { continue }
                let closed = try #require(server.waitForCloses(of: "&n=\(n)", timeout: 5), "\(path) never closed")
                let by = n + 1 < replies.count ? replies[n + 1] : lastReply
                #expect(closed[0] - by < 1, "\(path) was connected \(closed[0] - by) s after it was replaced")
            }
            #expect(try f.status() == "Playing")
        }

        @Test func aStreamConnectingFromStoppedOrPausedIsPlaying() throws {
            let (f, server) = try start()
            let signals = try SignalRecorder(address: f.servers.busAddress)
            /// Whether a PropertiesChanged since the last `clear()` announced `status`.
            func announced(_ status: String) -> Bool {
                signals.wait(timeout: 5) { s in
                    s.member == "PropertiesChanged" && s.arguments.first == .string(ServiceFixture.player)
                        && s.arguments[1].stringKeyedDictionary?["PlaybackStatus"]?.unwrappingVariants
                            == .string(status)
                } != nil
            }
            // From Stopped: the server holds its answer, so all of this happens while Linnet connects.
            #expect(try f.status() == "Stopped")
            signals.clear()
            try f.call(ServiceFixture.player, "OpenUri", [.string(server.url("/hold/tone.mp3?key=a&stage=headers"))])
            #expect(try f.status() == "Playing")
            #expect(announced("Playing"))
            try f.waitUntil("the connect reached the server", timeout: 5) {
                server.requests.contains { $0.contains("key=a") }
            }
            #expect(try f.status() == "Playing")
            #expect(try f.get(Self.stream, "Buffering") == .boolean(true))
            signals.clear()
            try f.call(ServiceFixture.player, "Pause")
            #expect(try f.status() == "Paused")
            #expect(announced("Paused"))
            // From Paused (a pause during the connect): another slow stream is Playing as soon as it is asked for,
            // here one whose headers come at once and whose body is held.
            signals.clear()
            try f.call(ServiceFixture.player, "OpenUri", [.string(server.url("/hold/tone.mp3?key=b&stage=body"))])
            #expect(try f.status() == "Playing")
            #expect(announced("Playing"))
            #expect(server.waitForCloses(of: "key=a") != nil, "the first slow server was never left")
            #expect(try f.get(Self.stream, "Buffering") == .boolean(true))
            try server.release("b")
            try f.waitUntil("heard (position moving)", timeout: 10) { try f.position() > 200_000 }
            #expect(try f.status() == "Playing")
        }
    }
}
