import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// Issue 5 against the real linnetd: pause on unplug, keep playing on moves that are not private → public,
    /// interruptions by calls (with and without module-role-cork), and the sound server going and coming back.
    @Suite(.serialized) struct RouteTests {
        /// Starts playing the fixture's tone and waits until linnetd reports its route on `sink`.
        func play(_ f: RouteFixture, on sink: String) throws {
            try f.launch([f.media])
            try f.waitUntil("playing on \(sink)", timeout: 15) { try f.status() == "Playing" && f.routeSink() == sink }
        }

        func reason(_ s: DBusSignal) -> String? { s.arguments.count == 3 ? s.arguments[2].stringValue : nil }
        func sink(_ v: DBusValue) -> String? { v.stringKeyedDictionary?["Sink"]?.unwrappingVariants.stringValue }

        @Test(arguments: ["headphones", "bt"])
        func losingAPrivateOutputPauses(_ privateSink: String) throws {
            let f = try RouteFixture(defaultSink: privateSink)
            // Only the speakers are left to move to (headphones → headphones would rightly keep playing).
            if privateSink != "headphones" { try f.unloadSink("headphones") }
            try play(f, on: privateSink)
            let route = try f.route()
            #expect(route["Privacy"]?.stringValue == "private")
            let signals = try SignalRecorder(address: f.busAddress)
            let start = Date()
            try f.unloadSink(privateSink)
            try f.waitUntil("Paused", timeout: 5) { try f.status() == "Paused" }
            let latency = Date().timeIntervalSince(start)
            print("unplug \(privateSink) → Paused: \(Int(latency * 1000)) ms (including pactl)")
            #expect(latency < 0.5)
            let changed = signals.wait { $0.member == "RouteChanged" }
            #expect(changed.flatMap(reason) == "oldDeviceUnavailable")
            #expect(changed.flatMap { sink($0.arguments[1]) } == "speakers")
            #expect(try f.routeSink() == "speakers")
            // What desktop tools see.
            let r = try Child.run("playerctl", ["-p", "linnet", "status"], environment: f.environment)
            #expect(r.output.trimmingCharacters(in: .whitespacesAndNewlines) == "Paused")
            let b = try Child.run(
                "busctl",
                [
                    "--address=\(f.busAddress)", "get-property", ServiceFixture.bus,
                    ServiceFixture.path, RouteFixture.route, "Route"
                ], environment: f.environment)
            #expect(b.status == 0 && b.output.hasPrefix("a{sv}") && b.output.contains("\"speakers\""), "\(b.output)")
            #expect(b.output.contains("\"Privacy\" s \"public\""), "\(b.output)")
        }

        @Test(arguments: [0, 30])
        func headphonesComingBackResumeOnlyWithTheWindow(window: Int) throws {
            let f = try RouteFixture(defaultSink: "headphones")
            try f.launch(["--auto-resume-window", String(window), f.media])
            try f.waitUntil("playing on headphones", timeout: 15) {
                try f.status() == "Playing" && f.routeSink() == "headphones"
            }
            let stream = try f.ourSinkInput()
            try f.pactl("move-sink-input", stream, "speakers")
            try f.waitUntil("paused on speakers", timeout: 5) {
                try f.status() == "Paused" && f.routeSink() == "speakers"
            }
            let signals = try SignalRecorder(address: f.busAddress)
            try f.pactl("move-sink-input", stream, "headphones")
            #expect(signals.wait { $0.member == "RouteChanged" } != nil)
            #expect(try f.status() == (window > 0 ? "Playing" : "Paused"))
        }

        @Test func losingEveryOutputStopsPlayingAndPlayWorksWhenOneIsBack() throws {
            let f = try RouteFixture(defaultSink: "headphones")
            try play(f, on: "headphones")
            try f.waitUntil("2 s heard", timeout: 15) { try f.position() > 2_000_000 }
            let signals = try SignalRecorder(address: f.busAddress)
            for sink in ["speakers", "bt", "headphones"] { try f.unloadSink(sink) }
            try f.waitUntil("not playing", timeout: 5) { try f.status() != "Playing" }
            let changed = signals.wait { $0.member == "RouteChanged" }
            // (pipewire-pulse keeps the stream alive on its placeholder `auto_null`, PulseAudio kills it: no route
            // either way.)
            #expect(changed.flatMap(reason) == "noSuitableRoute")
            #expect(try f.route().isEmpty)
            try f.pactl(
                "load-module", "module-null-sink", "sink_name=speakers", "sink_properties=device.form_factor=speaker")
            try f.callPlayer("Play")
            // (pipewire-pulse may leave the paused stream on its placeholder; WirePlumber moves it when it likes.)
            try f.waitUntil("playing on the new speakers", timeout: 10) {
                try f.status() == "Playing" && (RouteFixture.onPipeWire || f.routeSink() == "speakers")
            }
            // From where it was, not from the start.
            #expect(try f.position() > 1_500_000, "\(f.log())")
        }

        @Test func movingToHeadphonesKeepsPlaying() throws {
            let f = try RouteFixture(defaultSink: "speakers")
            try play(f, on: "speakers")
            try f.pactl(
                "load-module", "module-null-sink", "sink_name=phones2", "sink_properties=device.form_factor=headphone")
            let signals = try SignalRecorder(address: f.busAddress)
            try f.pactl("move-sink-input", try f.ourSinkInput(), "phones2")
            let changed = signals.wait { $0.member == "RouteChanged" }
            #expect(changed.flatMap { sink($0.arguments[1]) } == "phones2")
            #expect(changed.flatMap(reason) == "newDeviceAvailable")
            #expect(try f.status() == "Playing")
        }

        @Test func movingBetweenPublicOutputsKeepsPlaying() throws {
            let f = try RouteFixture(defaultSink: "speakers")
            try play(f, on: "speakers")
            try f.pactl("load-module", "module-null-sink", "sink_name=tv", "sink_properties=device.form_factor=tv")
            let signals = try SignalRecorder(address: f.busAddress)
            try f.pactl("move-sink-input", try f.ourSinkInput(), "tv")
            let changed = signals.wait { $0.member == "RouteChanged" }
            #expect(changed.flatMap { sink($0.arguments[1]) } == "tv")
            #expect(try f.status() == "Playing")
            #expect(try f.route()["Kind"]?.stringValue == "hdmi")
        }

        /// module-role-cork exists only on PulseAudio; PipeWire runs the self-watching path alone.
        static let corkModes = RouteFixture.onPipeWire ? [false] : [true, false]

        @Test(arguments: corkModes)
        func aCallInterruptsAndResumes(roleCork: Bool) throws {
            let f = try RouteFixture(roleCork: roleCork)
            try play(f, on: "speakers")
            let signals = try SignalRecorder(address: f.busAddress)
            let call = try Child(
                "paplay", ["--property=media.role=phone", f.call], environment: ["PULSE_SERVER": f.pulseAddress])
            try f.waitUntil("interrupted", timeout: 5) { try f.status() == "Paused" && f.interrupted() }
            #expect(signals.wait { $0.member == "Interruption" }?.arguments.first == .string("began"))
            try call.wait(timeout: 20)
            try f.waitUntil("playing again", timeout: 5) { try f.status() == "Playing" }
            #expect(try !f.interrupted())
            #expect(signals.wait { $0.member == "Interruption" && $0.arguments.first == .string("ended") } != nil)
        }

        @Test(arguments: corkModes)
        func pausingDuringACallStaysPaused(roleCork: Bool) throws {
            let f = try RouteFixture(roleCork: roleCork)
            try play(f, on: "speakers")
            let signals = try SignalRecorder(address: f.busAddress)
            let call = try Child(
                "paplay", ["--property=media.role=phone", f.call], environment: ["PULSE_SERVER": f.pulseAddress])
            try f.waitUntil("interrupted", timeout: 5) { try f.status() == "Paused" && f.interrupted() }
            try f.callPlayer("Pause")
            try call.wait(timeout: 20)
            #expect(signals.wait { $0.member == "Interruption" && $0.arguments.first == .string("ended") } != nil)
            #expect(try f.status() == "Paused")
        }

        @Test func serverRestartResumesWhereItWas() throws {
            let f = try RouteFixture()
            try play(f, on: "speakers")
            try f.waitUntil("3 s heard", timeout: 15) { try f.position() > 3_000_000 }
            let before = try f.position()
            try f.killPulse()
            try f.waitUntil("output gone", timeout: 5) {
                try f.get(RouteFixture.route, "OutputAvailable") == .boolean(false)
            }
            // Meanwhile: Paused where it was (nothing is heard), not Stopped.
            #expect(try f.status() == "Paused")
            #expect(abs(try f.position() - before) < 1_500_000)
            try f.startPulse()
            let back = Date()
            try f.waitUntil("playing again", timeout: 5) { try f.status() == "Playing" && f.position() > 0 }
            let resumeTime = Date().timeIntervalSince(back)
            let after = try f.position()
            print(
                "server back → Playing: \(Int(resumeTime * 1000)) ms; position \(before / 1000) ms → \(after / 1000) ms"
            )
            #expect(resumeTime < 2)
            #expect(abs(after - before) < 1_500_000)
            #expect(try f.callPlayer("Pause").isEmpty)
        }

        @Test func pausedDuringAnOutageStaysPausedWhenTheServerIsBack() throws {
            let f = try RouteFixture()
            try play(f, on: "speakers")
            try f.waitUntil("2 s heard", timeout: 15) { try f.position() > 2_000_000 }
            try f.killPulse()
            try f.waitUntil("output gone", timeout: 5) {
                try f.get(RouteFixture.route, "OutputAvailable") == .boolean(false)
            }
            let before = try f.position()
            try f.callPlayer("Pause")
            try f.startPulse()
            try f.waitUntil("output back", timeout: 5) {
                try f.get(RouteFixture.route, "OutputAvailable") == .boolean(true)
            }
            // The paused load answers at once; the position is where it was.
            try f.waitUntil("loaded", timeout: 5) { abs(try f.position() - before) < 200_000 }
            #expect(try f.status() == "Paused")
            try f.callPlayer("Play")
            try f.waitUntil("playing", timeout: 5) { try f.status() == "Playing" }
        }

        @Test func startsWithoutAServerAndPlaysOnceOneAppears() throws {
            let f = try RouteFixture(withPulse: false)
            try f.launch([f.media])
            #expect(try f.get(RouteFixture.route, "OutputAvailable") == .boolean(false))
            #expect(try f.status() == "Stopped")
            try f.callPlayer("Play")
            try f.startPulse()
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            #expect(try f.get(RouteFixture.route, "OutputAvailable") == .boolean(true))
        }
    }
}
