import DBus
import Foundation
import Testing
import TestSupport

/// `linnet snapcast-plugin` run by the test as snapserver runs it: stdin a pipe the test writes (close-on-exec, so
/// no other child holds it open), stdout a file whose lines the test reads as JSON, stderr beside it.
final class PluginProcess: @unchecked Sendable {
    // Safe: used by one test at a time (the suites are serialized).
    let pid: pid_t
    let outputPath: String
    let errorPath: String
    private var input: Int32
    private var exitStatus: Int32?

    init(arguments: [String], environment: [String: String], directory: TemporaryDirectory) throws {
        outputPath = directory.file("plugin.out")
        errorPath = directory.file("plugin.err")
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw ServiceFixture.Failure(description: "pipe: errno \(errno)") }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let linnet = URL(fileURLWithPath: ServiceFixture.binary).deletingLastPathComponent().appendingPathComponent(
            "linnet"
        )
        .path
        do {
            pid = try Spawned.launch(
                linnet, arguments + ["snapcast-plugin", "--stream=Test", "--snapcast-port=1780", "--snapcast-future=x"],
                environment: environment, stdin: .descriptor(fds[0]), stdout: .file(outputPath),
                stderr: .file(errorPath))
        } catch {
            close(fds[0]); close(fds[1])
            throw error
        }
        close(fds[0])
        input = fds[1]
    }

    deinit {
        closeInput()
        if isRunning {
            kill(pid, SIGKILL)
            _ = waitForExit(seconds: 10)
        }
    }

    /// Writes bytes to the plug-in's stdin (all of them; the plug-in reads as they come).
    func write(_ bytes: [UInt8]) {
        var rest = bytes[...]
        while !rest.isEmpty, input >= 0 {
            let n = rest.withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return }
            rest = rest.dropFirst(n)
        }
    }

    func send(_ line: String) { write(Array((line + "\n").utf8)) }

    /// A request line as snapserver writes it.
    func request(_ id: Int, _ method: String, _ params: String? = nil) {
        send(
            #"{"id":\#(id),"jsonrpc":"2.0","method":"Plugin.Stream.Player.\#(method)""#
                + (params.map { #","params":\#($0)"# } ?? "") + "}")
    }

    func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// Every line written so far, parsed (a line that is not a JSON object fails the test's expectations).
    var messages: [[String: Any]] {
        let data = (try? Data(contentsOf: URL(fileURLWithPath: outputPath))) ?? Data()
        return data.split(separator: 0x0A).map {
            (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any] ?? [
                "unparsed": String(decoding: $0, as: UTF8.self)
            ]
        }
    }

    var stderr: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// The first message satisfying `condition`, waiting (polling the output file with a deadline) for it.
    func wait(
        _ what: String, timeout: Double = 20, _ condition: ([String: Any]) -> Bool
    ) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let m = messages.first(where: condition) { return m }
            if Date() > deadline || !isRunning {
                throw ServiceFixture.Failure(
                    description:
                        "no \(what) within \(timeout) s; running: \(isRunning)\nout: \(messages)\nerr: \(stderr)")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// The reply to request `id`.
    func reply(_ id: Int, timeout: Double = 20) throws -> [String: Any] {
        try wait("the reply to request \(id)", timeout: timeout) { $0["id"] as? Int == id }
    }

    func count(_ method: String) -> Int { messages.filter { $0["method"] as? String == method }.count }

    var isRunning: Bool {
        guard exitStatus == nil else { return false }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return true }
        exitStatus = status
        return false
    }

    /// The exit code (128 + signal when killed) once it exited within `seconds`, else nil.
    func waitForExit(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning {
            if Date() > deadline { return nil }
            Thread.sleep(forTimeInterval: 0.01)
        }
        let s = exitStatus ?? 0
        return s & 0x7f == 0 ? (s >> 8) & 0xff : 128 + (s & 0x7f)
    }
}

extension ServiceSuites {
    /// The plug-in alone, fed what snapserver never sends: hostile lines get JSON-RPC errors and it keeps working;
    /// the player coming and going; mute, which MPRIS lacks; the end of stdin.
    @Suite(.serialized) struct SnapcastPluginProcessTests {
        static let files = SnapcastPluginTests.files
        static let ready = "Plugin.Stream.Ready"
        static let properties = "Plugin.Stream.Player.Properties"

        static func errorCode(_ m: [String: Any]) -> Int? { (m["error"] as? [String: Any])?["code"] as? Int }
        static func result(_ m: [String: Any]) -> [String: Any] { m["result"] as? [String: Any] ?? [:] }

        @Test func hostileLinesGetErrorsAndThePluginKeepsWorking() throws {
            let f = try ServiceFixture()
            try f.launch(["--no-restore"] + Self.files)
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            try f.call(ServiceFixture.player, "Pause")
            try f.waitUntil("paused", timeout: 5) { try f.status() == "Paused" }
            try f.waitUntil("track one's tags", timeout: 10) {
                try f.metadata()["xesam:title"]?.stringValue == "Linnet demo, track one"
            }
            let plugin = try PluginProcess(arguments: [], environment: f.environment, directory: f.stateDir)
            _ = try plugin.wait("Ready") { $0["method"] as? String == Self.ready }

            plugin.send("not json at all")
            plugin.send("{")
            plugin.write(Array(String(repeating: "a", count: 2 << 20).utf8) + [0x0A])  // 2 MB, over the 1 MB line bound
            plugin.send(String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000))
            plugin.write([0x7B, 0x00, 0xFF, 0xFE, 0x22, 0x0A])  // NUL and bytes that are not UTF-8
            plugin.send(#"{"id":{"x":1},"jsonrpc":"2.0","method":"Plugin.Stream.Player.GetProperties"}"#)
            // A notification: no reply, no action.
            plugin.send(#"{"jsonrpc":"2.0","method":"Plugin.Stream.Player.Control","params":{"command":"next"}}"#)
            plugin.request(2, "Dance")
            plugin.request(3, "Control", #"{"command":"dance"}"#)
            plugin.request(4, "SetProperty", #"{"volume":"loud"}"#)
            plugin.request(5, "Control", #"{"command":"seek","params":{"offset":1e400}}"#)
            plugin.request(6, "SetProperty", #"{"volume":40,"colour":"red"}"#)
            plugin.send(#"{"id":7,"jsonrpc":"1.0","method":"Plugin.Stream.Player.GetProperties"}"#)

            #expect(Self.errorCode(try plugin.reply(2)) == -32601)
            #expect(Self.errorCode(try plugin.reply(3)) == -32602)
            #expect(Self.errorCode(try plugin.reply(4)) == -32602)
            #expect(Self.errorCode(try plugin.reply(5)) == -32602)
            #expect(Self.errorCode(try plugin.reply(6)) == -32602)
            #expect(Self.errorCode(try plugin.reply(7)) == -32600)
            // The ones without a readable id: answered with id null, one each, in order.
            let anonymous = plugin.messages.filter { $0["error"] != nil && $0["id"] is NSNull }
            #expect(
                anonymous.map { Self.errorCode($0) } == [-32700, -32700, -32600, -32700, -32700, -32600], "\(anonymous)"
            )
            #expect(plugin.messages.allSatisfy { $0["unparsed"] == nil }, "\(plugin.messages)")
            #expect(plugin.isRunning)
            // Nothing reached the player: still paused on track one at full volume.
            #expect(try f.metadata()["xesam:url"]?.stringValue?.hasSuffix("/01-intro.mp3") == true)
            #expect(try f.get(ServiceFixture.player, "Volume").doubleValue == 1)

            // And it still works.
            plugin.request(10, "GetProperties")
            let properties = Self.result(try plugin.reply(10))
            #expect((properties["metadata"] as? [String: Any])?["title"] as? String == "Linnet demo, track one")
            #expect(properties["playbackStatus"] as? String == "paused")
            plugin.request(11, "Control", #"{"command":"next"}"#)
            #expect(try plugin.reply(11)["result"] as? String == "ok")
            try f.waitUntil("track two", timeout: 10) {
                try f.metadata()["xesam:url"]?.stringValue?.hasSuffix("/02-chords.flac") == true
            }
            _ = try plugin.wait("the new track announced") {
                $0["method"] as? String == Self.properties
                    && (($0["params"] as? [String: Any])?["metadata"] as? [String: Any])?["url"] as? String
                        == "file://" + Self.files[1]
            }
            plugin.closeInput()
            #expect(plugin.waitForExit(seconds: 10) == 0, "\(plugin.stderr)")
        }

        @Test func muteIsVolumeZeroAndBack() throws {
            let f = try ServiceFixture()
            try f.launch(["--no-restore"] + Self.files)
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            try f.set(ServiceFixture.player, "Volume", .double(0.6))
            try f.waitUntil("volume 0.6", timeout: 10) {
                abs((try f.get(ServiceFixture.player, "Volume").doubleValue ?? 0) - 0.6) < 0.001
            }
            let plugin = try PluginProcess(arguments: [], environment: f.environment, directory: f.stateDir)
            _ = try plugin.wait("Ready") { $0["method"] as? String == Self.ready }

            plugin.request(1, "SetProperty", #"{"mute":true}"#)
            #expect(try plugin.reply(1)["result"] as? String == "ok")
            try f.waitUntil("volume 0", timeout: 10) { try f.get(ServiceFixture.player, "Volume").doubleValue == 0 }
            plugin.request(2, "GetProperties")
            let muted = Self.result(try plugin.reply(2))
            #expect(muted["mute"] as? Bool == true)
            #expect(muted["volume"] as? Int == 60)  // what unmuting brings back
            // A volume while muted changes what comes back, not the player.
            plugin.request(3, "SetProperty", #"{"volume":30}"#)
            #expect(try plugin.reply(3)["result"] as? String == "ok")
            #expect(try f.get(ServiceFixture.player, "Volume").doubleValue == 0)
            plugin.request(4, "SetProperty", #"{"mute":false}"#)
            #expect(try plugin.reply(4)["result"] as? String == "ok")
            try f.waitUntil("volume 0.3", timeout: 10) {
                abs((try f.get(ServiceFixture.player, "Volume").doubleValue ?? 0) - 0.3) < 0.001
            }
            _ = try plugin.wait("unmuted announced") {
                let p = $0["params"] as? [String: Any]
                return $0["method"] as? String == Self.properties && p?["mute"] as? Bool == false
                    && p?["volume"] as? Int == 30
            }
            // Muted again, then the desktop turns it up: no longer muted.
            plugin.request(5, "SetProperty", #"{"mute":true}"#)
            #expect(try plugin.reply(5)["result"] as? String == "ok")
            try f.waitUntil("volume 0 again", timeout: 10) {
                try f.get(ServiceFixture.player, "Volume").doubleValue == 0
            }
            try f.playerctl("volume", "0.8")
            _ = try plugin.wait("the mute ended by the desktop") {
                let p = $0["params"] as? [String: Any]
                return $0["method"] as? String == Self.properties && p?["mute"] as? Bool == false
                    && p?["volume"] as? Int == 80
            }
        }

        @Test func thePlayerLeavingAndComingBackKeepsThePluginRunning() throws {
            let f = try ServiceFixture()
            // Started before the player: it waits, refuses control, shows a stopped stream.
            let plugin = try PluginProcess(arguments: [], environment: f.environment, directory: f.stateDir)
            plugin.request(1, "Control", #"{"command":"play"}"#)
            let refused = try plugin.reply(1)
            #expect(Self.errorCode(refused) == -32000)
            #expect(
                ((refused["error"] as? [String: Any])?["message"] as? String)?.contains("not on the session bus")
                    == true)
            plugin.request(2, "GetProperties")
            let nobody = Self.result(try plugin.reply(2))
            #expect(nobody["playbackStatus"] as? String == "stopped" && nobody["canControl"] as? Bool == false)
            #expect(plugin.count(Self.ready) == 0)

            try f.launch(["--no-restore"] + Self.files)
            _ = try plugin.wait("Ready once linnetd is there") { $0["method"] as? String == Self.ready }
            plugin.request(3, "GetProperties")
            let there = Self.result(try plugin.reply(3))
            #expect(there["canControl"] as? Bool == true)
            // The title: in the reply, or announced once linnetd has read the tags (it may take its name first).
            _ = try plugin.wait("track one's title") { m in
                let p = (m["id"] as? Int == 3 ? m["result"] : m["params"]) as? [String: Any]
                return (p?["metadata"] as? [String: Any])?["title"] as? String == "Linnet demo, track one"
            }

            let before = plugin.messages.count
            _ = try f.stop()
            _ = try plugin.wait("a stopped stream once linnetd left") { m in
                let p = m["params"] as? [String: Any]
                return m["method"] as? String == Self.properties && p?["canControl"] as? Bool == false
                    && (p?["metadata"] as? [String: Any])?.isEmpty == true
            }
            #expect(plugin.messages.count > before)
            #expect(plugin.isRunning)

            try f.launch(["--no-restore"] + Self.files)
            try f.waitUntil("two Readies", timeout: 20) { plugin.count(Self.ready) == 2 }
            plugin.request(4, "Control", #"{"command":"pause"}"#)
            #expect(try plugin.reply(4)["result"] as? String == "ok")
            try f.waitUntil("paused through the plug-in", timeout: 10) { try f.status() == "Paused" }
            #expect(plugin.stderr.contains("left the bus"), "\(plugin.stderr)")
        }

        @Test func closingStdinEndsThePlugin() throws {
            let f = try ServiceFixture()
            // All input at once with its end (as `printf … | linnet snapcast-plugin`), before the plug-in even
            // started reading: every line answered, the last one without its newline too, then a clean exit.
            let burst = try PluginProcess(
                arguments: ["--player", "nobody"], environment: f.environment, directory: f.stateDir)
            for id in 1...3 { burst.request(id, "GetProperties") }
            burst.write(Array(#"{"id":4,"jsonrpc":"2.0","method":"Plugin.Stream.Player.GetProperties"}"#.utf8))
            burst.closeInput()
            #expect(burst.waitForExit(seconds: 10) == 0, "\(burst.stderr)")
            #expect(burst.messages.compactMap { $0["id"] as? Int } == [1, 2, 3, 4], "\(burst.messages)")

            // Closed while idle, waiting for input.
            let scratch = try TemporaryDirectory(prefix: "linnet-plugin")
            let idle = try PluginProcess(
                arguments: ["--player", "nobody"], environment: f.environment, directory: scratch)
            idle.request(1, "GetProperties")
            _ = try idle.reply(1)
            idle.closeInput()
            #expect(idle.waitForExit(seconds: 10) == 0, "\(idle.stderr)")
        }
    }
}
