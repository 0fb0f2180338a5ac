import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// Issue 21: a network sink of the sound server — here PulseAudio's module-tunnel-sink to a second pulseaudio
    /// over TCP on 127.0.0.1 — is a route of kind `network` with nothing special in Linnet: playing on it works,
    /// and its going away pauses like an unplug, unless a Snapcast output still plays.
    @Suite(.serialized) struct NetworkSinkTests {
        /// A second pulseaudio that accepts tunnels on a loopback TCP port, and a tunnel sink to it in `f`'s.
        static func tunnel(_ f: RouteFixture) throws -> PrivateSoundServer {
            let port = freeLoopbackPort()
            let remote = try PrivateSoundServer(
                sinks: [.init(name: "kitchen")],
                extraConfig: ["load-module module-native-protocol-tcp listen=127.0.0.1 port=\(port) auth-anonymous=1"])
            try f.pactl(
                "load-module", "module-tunnel-sink", "server=tcp:127.0.0.1:\(port)", "sink_name=kitchen_tunnel")
            try f.pactl("set-default-sink", "kitchen_tunnel")
            return remote
        }

        @Test(arguments: [false, true]) func losingATunnelSinkPausesUnlessSnapcastPlaysOn(withSnapcast: Bool) throws {
            let f = try RouteFixture()
            let remote = try Self.tunnel(f)
            let capture = try SnapcastSourceCapture()
            let outputs = withSnapcast ? ["--output", "local", "--output", "snapcast", capture.uri] : []
            try f.launch(outputs + [f.media])
            try f.waitUntil("playing on the tunnel", timeout: 20) {
                try f.status() == "Playing" && f.routeSink() == "kitchen_tunnel"
            }
            #expect(try f.route()["Kind"]?.stringValue == "network")
            // Heard in the other server's room, through the tunnel.
            let kitchen = try remote.recordMonitor(of: "kitchen")
            #expect(kitchen.waitFor(frames: 22050, timeout: 20))
            #expect((kitchen.stop().map { abs(Int($0)) }.max() ?? 0) > 4000, "the tunnel carries the sound")

            // The tunnel goes (its module unloaded, as when the remote machine leaves).
            let modules = try f.pactl("list", "short", "modules")
            let index = try #require(
                modules.split(separator: "\n").first { $0.contains("sink_name=kitchen_tunnel") }?
                    .split(separator: "\t").first)
            try f.pactl("unload-module", String(index))
            try f.waitUntil("moved off the tunnel", timeout: 10) { try f.routeSink() != "kitchen_tunnel" }
            if withSnapcast {
                // The rooms go on: no pause, and Snapcast keeps receiving.
                let sent = capture.byteCount
                try f.waitUntil("Snapcast still fed", timeout: 10) { capture.byteCount > sent + 48000 }
                #expect(try f.status() == "Playing")
            } else {
                try f.waitUntil("Paused", timeout: 5) { try f.status() == "Paused" }
            }
            _ = remote
        }
    }
}
