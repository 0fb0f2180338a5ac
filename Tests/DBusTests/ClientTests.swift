import DBus
import Dispatch
import Foundation
import Testing
import TestSupport

/// Our client side against the exported test object and the bus itself.
@Suite(.serialized) struct ClientTests {
    let bus: PrivateBus
    let service: TestService
    var dest: String { service.connection.uniqueName }
    init() throws {
        bus = try PrivateBus()
        service = try TestService(bus: bus)
    }

    @Test func blockingCallsAndProperties() throws {
        let client = try DBusConnection(bus: .address(bus.address))
        defer { client.close() }
        let out = try client.call(
            destination: dest, path: TestService.path, interface: TestService.interface,
            method: "Concat", arguments: [.string("ab"), .string("cd")])
        #expect(out == [.string("abcd")])
        #expect(
            try client.getProperty(
                destination: dest, path: TestService.path, interface: TestService.interface,
                name: "Title") == .string("first"))
        try client.setProperty(
            destination: dest, path: TestService.path, interface: TestService.interface,
            name: "Volume", value: .double(0.125))
        #expect(service.volume.get() == 0.125)
        let all = try client.getAllProperties(
            destination: dest, path: TestService.path, interface: TestService.interface)
        #expect(all["Volume"] == .double(0.125))
        #expect(all["Tags"]?.stringKeyedDictionary?["genre"] == .variant(.string("jazz")))
        #expect(all["Secret"] == nil)
        #expect(
            try client.getProperty(
                Double.self, destination: dest, path: TestService.path,
                interface: TestService.interface, name: "Volume") == 0.125)
        #expect(throws: DBusError.self) {
            _ = try client.getProperty(
                Int32.self, destination: dest, path: TestService.path,
                interface: TestService.interface, name: "Volume")
        }
        #expect(
            try client.getProperty(
                [String: DBusValue].self, destination: dest, path: TestService.path,
                interface: TestService.interface, name: "Tags")["year"] == .int32(1959))
        // A typed property declared from Swift types.
        let level = LockedBox<UInt32>(3)
        try service.connection.export(
            path: "/typed",
            interfaces: [
                DBusInterface(
                    "org.linnet.Typed",
                    properties: [
                        .typed("Level", access: .readwrite, get: { level.get() }, set: { level.set($0) })
                    ])
            ])
        try client.setProperty(
            destination: dest, path: "/typed", interface: "org.linnet.Typed", name: "Level",
            value: .uint32(9))
        #expect(level.get() == 9)
        #expect(
            try client.getProperty(
                UInt32.self, destination: dest, path: "/typed", interface: "org.linnet.Typed",
                name: "Level") == 9)
    }

    @Test func deferredRepliesAndTimeouts() throws {
        let client = try DBusConnection(bus: .address(bus.address))
        defer { client.close() }
        #expect(
            try client.call(
                destination: dest, path: TestService.path, interface: TestService.interface,
                method: "Later", arguments: [.string("x")]) == [.string("later:x")])
        // A deferred reply dropped unanswered still answers the caller.
        #expect(throws: DBusError.self) {
            _ = try client.call(
                destination: dest, path: TestService.path, interface: TestService.interface, method: "Dropped")
        }
        // A reply held forever: the caller's own timeout ends the wait.
        let start = DispatchTime.now()
        do {
            _ = try client.call(
                destination: dest, path: TestService.path, interface: TestService.interface,
                method: "Never", timeout: .milliseconds(300))
            Issue.record("Never should time out")
        } catch {
            #expect(error.name == DBusError.Name.noReply)
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        #expect(elapsed >= 0.25 && elapsed < 10)
    }

    @Test func asyncCallsCompleteOnTheQueue() throws {
        let queue = DispatchQueue(label: "client-loop")
        let client = try DBusConnection(bus: .address(bus.address), queue: queue)
        defer { client.close() }
        let results = Collector<Result<[DBusValue], DBusError>>()
        for i in 0..<50 {
            client.callAsync(
                destination: dest, path: TestService.path, interface: TestService.interface,
                method: "Concat", arguments: [.string("n"), .string("\(i)")]
            ) { result in
                dispatchPrecondition(condition: .onQueue(queue))
                results.add(result)
            }
        }
        // An async call that times out goes through libdbus' timeout, mapped onto a Dispatch timer.
        client.callAsync(
            destination: dest, path: TestService.path, interface: TestService.interface,
            method: "Never", timeout: .milliseconds(200)
        ) { results.add($0) }
        client.callAsync(
            destination: dest, path: "/bad path", interface: TestService.interface,
            method: "Concat"
        ) { results.add($0) }
        let all = results.wait(count: 52)
        try #require(all.count == 52)
        let values = Set(all.compactMap { try? $0.get().first?.stringValue })
        #expect(values == Set((0..<50).map { "n\($0)" }))
        let errors = all.compactMap { r -> String? in if case .failure(let e) = r { return e.name } else { return nil }
        }
        #expect(errors.sorted() == [DBusError.Name.invalidArgs, DBusError.Name.noReply])
    }

    @Test func blockingCallFromAnotherThreadWhileTheLoopRuns() throws {
        // A loop-mode connection used both ways: its own objects answer on the queue while a worker thread makes
        // blocking calls through the same connection to another peer.
        let queue = DispatchQueue(label: "dual")
        let dual = try DBusConnection(bus: .address(bus.address), queue: queue)
        defer { dual.close() }
        try dual.export(
            path: "/dual",
            interfaces: [
                DBusInterface(
                    "org.linnet.Dual",
                    methods: [
                        DBusMethod("Hi", out: "s") { _ in [.string("hi")] }
                    ])
            ])
        let other = try DBusConnection(bus: .address(bus.address))
        defer { other.close() }
        let group = DispatchGroup()
        let failures = LockedBox(0)
        DispatchQueue.global().async(group: group) {
            for _ in 0..<200 {
                let r = try? dual.call(
                    destination: self.dest, path: TestService.path, interface: TestService.interface,
                    method: "Concat", arguments: [.string("a"), .string("b")])
                if r != [.string("ab")] { failures.update { $0 += 1 } }
            }
        }
        for _ in 0..<200 {
            let r = try other.call(
                destination: dual.uniqueName, path: "/dual", interface: "org.linnet.Dual", method: "Hi")
            #expect(r == [.string("hi")])
        }
        #expect(group.wait(timeout: .now() + 60) == .success)
        #expect(failures.get() == 0)
    }

    @Test func largeMessagesCrossTheLoopBothWays() throws {
        // 2 MiB each way: many socket buffers, so the service's loop reads in many chunks and needs its write watch
        // to send the reply. First from python3-dbus (an independent client), then from ours.
        let echo = TestService.echoName(TestService.echoSignatures.firstIndex(of: "ay")!)
        let py = """
            import dbus, sys
            c = dbus.connection.Connection(sys.argv[1])
            c.call_blocking('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus', 'Hello', '', ())
            data = bytes((i * 31) & 255 for i in range(2 << 20))
            r = c.call_blocking(sys.argv[2], '/org/linnet/Test', 'org.linnet.Test', sys.argv[3], 'ay',
                                (dbus.ByteArray(data),), timeout=120, byte_arrays=True)
            print('equal' if bytes(r) == data else 'different')
            """
        let pr = try Command.run("/usr/bin/python3", ["-c", py, bus.address, dest, echo], timeout: 180)
        #expect(pr.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "equal", "\(pr.stderr)")

        let client = try DBusConnection(bus: .address(bus.address))
        defer { client.close() }
        let big = DBusValue.array(
            element: .byte, (0..<(2 << 20)).map { DBusValue.byte(UInt8(truncatingIfNeeded: $0 &* 31)) })
        let out = try client.call(
            destination: dest, path: TestService.path, interface: TestService.interface,
            method: echo, arguments: [big], timeout: .seconds(120))
        #expect(out == [big])
    }

    @Test func busQueries() throws {
        let client = try DBusConnection(bus: .address(bus.address))
        defer { client.close() }
        let names = try client.listNames()
        #expect(names.contains("org.freedesktop.DBus"))
        #expect(names.contains(dest))
        #expect(names.contains(client.uniqueName))
        #expect(try client.busId().count == 32)
        #expect(throws: DBusError.self) { _ = try client.nameOwner("org.linnet.Nobody") }
        // Invalid names never reach libdbus (which would abort the process).
        for bad in [
            ("bad..name", "/p", "a.b", "M"), ("a.b", "no/slash", "a.b", "M"), ("a.b", "/p", "nodots", "M"),
            ("a.b", "/p", "a.b", "1bad")
        ] {
            #expect(throws: DBusError.self) {
                _ = try client.call(destination: bad.0, path: bad.1, interface: bad.2, method: bad.3)
            }
        }
        #expect(throws: DBusError.self) {
            _ = try client.call(
                destination: dest, path: "/p", interface: "a.b", method: "M",
                arguments: [.array(element: .string, [.int32(1)])])
        }
    }

    /// The bench server, built beside the test bundle, connects with `.session` when given no address.
    static let benchServer: String? = {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
        let path = dir + "/linnet-bench-dbus-server"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    // A child process, not setenv here: tests of other suites run concurrently in this process.
    @Test(.enabled(if: benchServer != nil, "linnet-bench-dbus-server is built beside the tests"))
    func sessionBusFromEnvironment() throws {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: Self.benchServer!)
        server.environment = ProcessInfo.processInfo.environment.merging(bus.environment) { $1 }
        let out = Pipe()
        server.standardOutput = out
        try server.run()
        defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }
        // "ready NAME" is written once the name is owned.
        let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
        #expect(line.hasPrefix("ready org.mpris.MediaPlayer2.linnetbench"), "\(line)")
        let client = try DBusConnection(bus: .address(bus.address))
        defer { client.close() }
        #expect(try client.listNames().contains("org.mpris.MediaPlayer2.linnetbench"))
        #expect(
            try client.getProperty(
                String.self, destination: "org.mpris.MediaPlayer2.linnetbench",
                path: "/org/mpris/MediaPlayer2", interface: "org.mpris.MediaPlayer2.Player",
                name: "PlaybackStatus") == "Playing")
    }
}
