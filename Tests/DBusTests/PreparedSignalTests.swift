import DBus
import Dispatch
import Foundation
import Testing
import TestSupport

/// Prepared signals (the meters' hot path): what arrives is what the generic `emitSignal` would have sent, and bad
/// names or arguments are refused with an error, never an abort.
@Suite(.serialized) struct PreparedSignalTests {
    let bus: PrivateBus
    let service: TestService
    init() throws {
        bus = try PrivateBus()
        service = try TestService(bus: bus)
    }

    @Test func arrivesWithSignatureAndValues() throws {
        let monitor = try BusMonitor(bus: bus, rules: ["type='signal',member='Levels'"])
        let observer = try DBusConnection(bus: .address(bus.address), queue: DispatchQueue(label: "observer"))
        defer { observer.close() }
        let got = Collector<DBusSignal>()
        _ = try observer.subscribe(
            DBusMatchRule(
                path: TestService.path, interface: "org.example.Meters",
                member: "Levels")
        ) { got.add($0) }
        let signal = try service.connection.prepareSignal(
            path: TestService.path, interface: "org.example.Meters",
            name: "Levels")
        for round in 0..<2 {
            try service.connection.emit(signal) { (body) throws(DBusError) in
                try body.append(round == 0 ? "player" : "recorder")
                try body.append([-3.0103, -160.0, Double(round)])
                try body.append([])
            }
        }
        let signals = got.wait(count: 2)
        try #require(signals.count == 2)
        #expect(signals[0].sender == service.connection.uniqueName)
        #expect(
            signals[0].arguments == [
                .string("player"),
                .array(element: .double, [.double(-3.0103), .double(-160), .double(0)]),
                .array(element: .double, [])
            ])
        #expect(signals[1].arguments[0] == .string("recorder"))
        #expect(signals[1].arguments[1] == .array(element: .double, [.double(-3.0103), .double(-160), .double(1)]))
        // An independent client sees the declared signature.
        #expect(monitor.wait { $0.contains("member=Levels") && $0.contains("string \"recorder\"") })
        #expect(monitor.text.contains("double -3.0103"))
    }

    @Test func badNamesAndArgumentsAreErrors() throws {
        #expect(throws: DBusError.self) {
            try service.connection.prepareSignal(path: "no/slash", interface: "org.example.Meters", name: "Levels")
        }
        #expect(throws: DBusError.self) {
            try service.connection.prepareSignal(path: TestService.path, interface: "nodots", name: "Levels")
        }
        #expect(throws: DBusError.self) {
            try service.connection.prepareSignal(path: TestService.path, interface: "org.example.M", name: "Le.vels")
        }
        let signal = try service.connection.prepareSignal(
            path: TestService.path, interface: "org.example.Meters",
            name: "Levels")
        #expect(throws: DBusError.self) {
            try service.connection.emit(signal) { (body) throws(DBusError) in try body.append("a\u{0}b") }
        }
        // The connection still works afterwards.
        try service.connection.emit(signal) { (body) throws(DBusError) in try body.append("fine") }
    }
}
