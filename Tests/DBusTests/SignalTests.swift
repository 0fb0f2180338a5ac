import DBus
import Dispatch
import Foundation
import Testing
import TestSupport

/// PropertiesChanged and other signals, seen by dbus-monitor and by a second connection of ours.
@Suite(.serialized) struct SignalTests {
    let bus: PrivateBus
    let service: TestService
    init() throws {
        bus = try PrivateBus()
        service = try TestService(bus: bus)
    }

    static let rule = DBusMatchRule(
        path: TestService.path, interface: "org.freedesktop.DBus.Properties",
        member: "PropertiesChanged", arg0: TestService.interface)

    @Test func propertiesChangedIsBatchedAndHonoursEmissionModes() throws {
        let monitor = try BusMonitor(bus: bus, rules: ["type='signal',member='PropertiesChanged'"])
        let queue = DispatchQueue(label: "observer")
        let observer = try DBusConnection(bus: .address(bus.address), queue: queue)
        defer { observer.close() }
        let got = Collector<DBusSignal>()
        _ = try observer.subscribe(Self.rule) { signal in
            dispatchPrecondition(condition: .onQueue(queue))
            got.add(signal)
        }
        let tags = DBusValue(["genre": DBusValue.string("bop")])
        try service.connection.emitPropertiesChanged(
            path: TestService.path, interface: TestService.interface,
            changed: ["Volume": .double(0.25), "Title": .string("second"), "Tags": tags, "Identity": .string("x")])
        let signals = got.wait(count: 1)
        try #require(signals.count == 1)
        let s = signals[0]
        #expect(s.sender == service.connection.uniqueName)
        #expect(s.arguments.count == 3)
        #expect(s.arguments[0] == .string(TestService.interface))
        #expect(
            s.arguments[1].stringKeyedDictionary == [
                "Title": .variant(.string("second")), "Volume": .variant(.double(0.25))
            ])
        #expect(s.arguments[2] == DBusValue(["Tags"]), "invalidates-mode property goes by name; const is left out")
        // The independent monitor saw the same single signal.
        #expect(monitor.wait(for: "array ["))
        #expect(
            monitor.wait { $0.contains("\"Tags\"") && $0.contains("double 0.25") && $0.contains("string \"second\"") })
        #expect(!monitor.text.contains("Identity"))
        #expect(monitor.text.components(separatedBy: "member=PropertiesChanged").count == 2)
    }

    @Test func propertiesChangedByNameReadsGetters() throws {
        let observer = try DBusConnection(bus: .address(bus.address), queue: DispatchQueue(label: "observer"))
        defer { observer.close() }
        let got = Collector<DBusSignal>()
        _ = try observer.subscribe(Self.rule) { got.add($0) }
        service.volume.set(0.9)
        try service.connection.emitPropertiesChanged(
            path: TestService.path, interface: TestService.interface,
            names: ["Volume", "Tags"])
        let s = try #require(got.wait(count: 1).first)
        #expect(s.arguments[1].stringKeyedDictionary == ["Volume": .variant(.double(0.9))])
        #expect(s.arguments[2] == DBusValue(["Tags"]))
    }

    @Test func changesMarkedInOneQueueTurnBecomeOneSignal() throws {
        let observer = try DBusConnection(bus: .address(bus.address), queue: DispatchQueue(label: "observer"))
        defer { observer.close() }
        let got = Collector<DBusSignal>()
        _ = try observer.subscribe(Self.rule) { got.add($0) }
        _ = try observer.subscribe(DBusMatchRule(interface: TestService.interface, member: "Ticked")) { got.add($0) }
        let service = self.service
        try service.queue.sync {
            service.volume.set(0.1)
            try service.connection.markPropertiesChanged(
                path: TestService.path, interface: TestService.interface,
                names: ["Volume"])
            service.volume.set(0.2)
            service.title.set("third")
            try service.connection.markPropertiesChanged(
                path: TestService.path, interface: TestService.interface,
                names: ["Volume", "Title", "Tags", "Identity"])
        }
        #expect(throws: DBusError.self) {
            try service.connection.markPropertiesChanged(
                path: TestService.path, interface: TestService.interface,
                names: ["Nope"])
        }
        // A sentinel signal sent after the batch: once it is here, any second PropertiesChanged would be too.
        service.queue.sync {
            try? service.connection.emitSignal(
                path: TestService.path, interface: TestService.interface,
                name: "Ticked", arguments: [.uint32(0), .int64(0)])
        }
        let all = got.wait(count: 2)
        try #require(all.count == 2)
        #expect(all[0].member == "PropertiesChanged")
        #expect(
            all[0].arguments[1].stringKeyedDictionary == [
                "Volume": .variant(.double(0.2)),
                "Title": .variant(.string("third"))
            ])
        #expect(all[0].arguments[2] == DBusValue(["Tags"]))
        #expect(all[1].member == "Ticked")
    }

    @Test func emittingUndeclaredOrMistypedPropertiesIsRefused() {
        let c = service.connection
        #expect(throws: DBusError.self) {
            try c.emitPropertiesChanged(
                path: TestService.path, interface: TestService.interface, changed: ["Nope": .int32(1)])
        }
        #expect(throws: DBusError.self) {
            try c.emitPropertiesChanged(
                path: TestService.path, interface: TestService.interface, changed: ["Volume": .int32(1)])
        }
        #expect(throws: DBusError.self) {
            try c.emitPropertiesChanged(path: "/nope", interface: TestService.interface, changed: [:])
        }
        #expect(throws: DBusError.self) {
            try c.emitSignal(path: "not a path", interface: TestService.interface, name: "Ticked")
        }
        #expect(throws: DBusError.self) {
            try c.emitSignal(
                path: "/a", interface: TestService.interface, name: "Ticked", arguments: [.string("nul\0")])
        }
    }

    @Test func subscriptionsRouteByRuleAndStopOnUnsubscribe() throws {
        let observer = try DBusConnection(bus: .address(bus.address), queue: DispatchQueue(label: "observer"))
        defer { observer.close() }
        let ticks = Collector<DBusSignal>(), others = Collector<DBusSignal>()
        let tickSub = try observer.subscribe(DBusMatchRule(interface: TestService.interface, member: "Ticked")) {
            ticks.add($0)
        }
        _ = try observer.subscribe(DBusMatchRule(interface: TestService.interface, member: "Other")) { others.add($0) }
        try service.connection.emitSignal(
            path: TestService.path, interface: TestService.interface, name: "Ticked",
            arguments: [.uint32(1), .int64(-5)])
        #expect(ticks.wait(count: 1).first?.arguments == [.uint32(1), .int64(-5)])
        observer.unsubscribe(tickSub)
        try service.connection.emitSignal(
            path: TestService.path, interface: TestService.interface, name: "Ticked",
            arguments: [.uint32(2), .int64(0)])
        try service.connection.emitSignal(path: TestService.path, interface: TestService.interface, name: "Other")
        // Signals from one sender arrive in order: once "Other" is here, a second tick would have been too.
        #expect(others.wait(count: 1).count == 1)
        #expect(ticks.all.count == 1)
        #expect(others.all.first?.member == "Other")
    }

    @Test func wellKnownSenderIsFollowedAcrossOwners() throws {
        let observer = try DBusConnection(bus: .address(bus.address), queue: DispatchQueue(label: "observer"))
        defer { observer.close() }
        let a = try DBusConnection(bus: .address(bus.address))
        defer { a.close() }
        let b = try DBusConnection(bus: .address(bus.address))
        defer { b.close() }
        let name = "org.mpris.MediaPlayer2.followed"
        try a.requestName(name)
        let named = Collector<DBusSignal>(), all = Collector<DBusSignal>()
        _ = try observer.subscribe(DBusMatchRule(sender: name, interface: "org.linnet.Test", member: "Ticked")) {
            named.add($0)
        }
        _ = try observer.subscribe(DBusMatchRule(interface: "org.linnet.Test", member: "Ticked")) { all.add($0) }
        func tick(_ c: DBusConnection, _ n: UInt32) throws {
            try c.emitSignal(
                path: "/t", interface: "org.linnet.Test", name: "Ticked", arguments: [.uint32(n), .int64(0)])
            c.flush()
        }
        try tick(b, 1)  // not the name's owner
        try tick(a, 2)  // the owner
        #expect(all.wait(count: 2).count == 2)
        // Handlers of one signal run one after the other: wait for the named one too.
        #expect(named.wait(count: 1).map { $0.arguments[0] } == [.uint32(2)])
        // The name moves to b: the subscription follows it.
        try a.releaseName(name)
        try b.requestName(name)
        try tick(a, 3)
        try tick(b, 4)
        #expect(all.wait(count: 4).count == 4)
        #expect(named.wait(count: 2).map { $0.arguments[0] } == [.uint32(2), .uint32(4)])
    }

    @Test func blockingModeFollowsSignals() throws {
        let follower = try DBusConnection(bus: .address(bus.address))  // no queue: the CLI's mode
        let got = Collector<DBusSignal>()
        _ = try follower.subscribe(DBusMatchRule(interface: TestService.interface, member: "Ticked")) { got.add($0) }
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let deadline = Date().addingTimeInterval(20)
            while got.all.count < 3, Date() < deadline, follower.process(timeout: .milliseconds(500)) {}
            done.signal()
        }
        thread.start()
        for i in 1...3 {
            try service.connection.emitSignal(
                path: TestService.path, interface: TestService.interface, name: "Ticked",
                arguments: [.uint32(UInt32(i)), .int64(0)])
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(got.all.map { $0.arguments.first } == [.uint32(1), .uint32(2), .uint32(3)])
        follower.close()
    }
}
