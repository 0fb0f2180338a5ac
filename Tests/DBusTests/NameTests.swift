import DBus
import Dispatch
import Foundation
import Testing
import TestSupport

/// Well-known names: request, conflicts, the MPRIS instance fallback, NameLost.
@Suite(.serialized) struct NameTests {
    let bus: PrivateBus
    init() throws { bus = try PrivateBus() }

    @Test func requestConflictFallbackAndLoss() throws {
        let queue = DispatchQueue(label: "names")
        let first = try DBusConnection(bus: .address(bus.address), queue: queue)
        defer { first.close() }
        let second = try DBusConnection(bus: .address(bus.address))
        defer { second.close() }
        let name = "org.mpris.MediaPlayer2.linnettest"
        #expect(try first.requestName(name) == name)
        #expect(try first.requestName(name) == name, "asking again for an owned name succeeds")
        #expect(first.ownedNames == [name])
        #expect(try second.nameOwner(name) == first.uniqueName)
        let busctlList = try Client.busctl(bus, ["list", "--no-pager"])
        #expect(busctlList.stdout.contains(name))

        do {
            _ = try second.requestName(name)
            Issue.record("the name is taken")
        } catch {
            #expect(error.name == DBusError.Name.nameTaken)
            #expect(error.message.contains(first.uniqueName))
        }
        let instance = try second.requestName(name, fallbackToInstance: true)
        #expect(instance == "\(name).instance\(getpid())")
        #expect(try second.listNames().contains(instance))

        let lost = Collector<String>()
        first.onNameLost = { lost.add($0) }
        // Release behind the layer's back: the bus then sends NameLost, as when a name is taken away.
        _ = try first.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus", method: "ReleaseName", arguments: [.string(name)])
        #expect(lost.wait(count: 1) == [name])
        #expect(first.ownedNames.isEmpty)
    }

    @Test func invalidNamesAreRefused() throws {
        let c = try DBusConnection(bus: .address(bus.address))
        defer { c.close() }
        #expect(throws: DBusError.self) { try c.requestName("no-dots") }
        #expect(throws: DBusError.self) { try c.requestName(":1.5") }
    }

    @Test func disconnectIsReported() throws {
        var bus: PrivateBus? = try PrivateBus()
        let c = try DBusConnection(bus: .address(bus!.address), queue: DispatchQueue(label: "dc"))
        defer { c.close() }
        let gone = Collector<Bool>()
        c.onDisconnect = { gone.add(true) }
        bus = nil  // kills the daemon
        #expect(gone.wait(count: 1) == [true])
        #expect(!c.isConnected)
        #expect(throws: DBusError.self) { _ = try c.listNames() }
    }
}
