import DBus
import Foundation
import Testing
import TestSupport

/// Thousands of random calls from a separate process; the service must answer every one and keep working.
@Suite(.serialized) struct RobustnessTests {
    @Test func randomCallsFromAnotherProcess() throws {
        let bus = try PrivateBus()
        let service = try TestService(bus: bus)
        let dir = try TemporaryDirectory(prefix: "linnet-fuzz")
        let script = dir.file("fuzz.py")
        try FuzzScript.source.write(toFile: script, atomically: true, encoding: .utf8)
        var echo: [String: String] = [:]
        for (i, sig) in TestService.echoSignatures.enumerated() { echo[TestService.echoName(i)] = sig.rawValue }
        let echoJSON = String(decoding: try JSONSerialization.data(withJSONObject: echo), as: UTF8.self)
        let count = 3000
        let r = try Command.run(
            "/usr/bin/python3",
            [
                script, bus.address, service.connection.uniqueName, "\(count)",
                "20261129", echoJSON
            ], timeout: 300)
        #expect(r.succeeded, "fuzzer failed: \(r.stderr)")
        let stats = try #require(
            try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any],
            "no summary: \(r.stdout) \(r.stderr)")
        let sent = stats["sent"] as? Int ?? 0
        let replies = stats["replies"] as? Int ?? 0
        let errors = stats["errors"] as? [String: Int] ?? [:]
        let noReplySent = stats["noreply_sent"] as? Int ?? 0
        #expect(sent == count)
        #expect(replies + errors.values.reduce(0, +) + noReplySent == count, "every call was answered")
        #expect(stats["timeouts"] as? Int == 0, "no call went unanswered: \(errors)")
        #expect(stats["echo_mismatch"] as? Int == 0, "echoes equal what was sent: \(r.stderr)")
        #expect((stats["echo_checked"] as? Int ?? 0) > count / 5)
        for name in [
            "org.freedesktop.DBus.Error.InvalidArgs", "org.freedesktop.DBus.Error.UnknownMethod",
            "org.freedesktop.DBus.Error.UnknownObject"
        ] {
            #expect((errors[name] ?? 0) > 0, "\(name) among \(errors)")
        }
        // Still alive and correct afterwards, for an independent client.
        let check = try Client.busctl(
            bus,
            [
                "call", service.connection.uniqueName, TestService.path,
                TestService.interface, "Concat", "ss", "still", "alive"
            ])
        #expect(check.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "s \"stillalive\"")
        let get = try Client.busctl(
            bus,
            [
                "get-property", service.connection.uniqueName, TestService.path,
                TestService.interface, "Title"
            ])
        #expect(get.succeeded)
        print("fuzz summary: \(r.stdout)")
    }
}
