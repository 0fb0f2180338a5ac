import DBus
import Dispatch
import PlayerCore

/// Names of Linnet's route extension, next to the MPRIS interfaces on `/org/mpris/MediaPlayer2`.
public enum LinnetRouteNames {
    public static let interface = "org.mpris.MediaPlayer2.linnet.Route"
}

/// The route and interruption state published on the bus.
public struct RouteSnapshot: Sendable, Hashable {
    public var route: AudioRoute?
    public var interrupted: Bool
    public var outputAvailable: Bool

    public init(route: AudioRoute? = nil, interrupted: Bool = false, outputAvailable: Bool = true) {
        self.route = route
        self.interrupted = interrupted
        self.outputAvailable = outputAvailable
    }
}

/// Exports `org.mpris.MediaPlayer2.linnet.Route`: properties `Route` a{sv}, `Interrupted` b, `OutputAvailable` b;
/// signals `RouteChanged(a{sv} old, a{sv} new, s reason)` and `Interruption(s state, s source)`.
///
/// Concurrency: main actor; its connection runs on the main queue and D-Bus enters through `onMainActor`.
@MainActor
public final class LinnetRouteService {
    let connection: DBusConnection
    let log: @Sendable (String) -> Void
    var last: RouteSnapshot

    public init(connection: DBusConnection, initial: RouteSnapshot, log: @escaping @Sendable (String) -> Void)
        throws(DBusError)
    {
        guard connection.runsOnMainQueue else {
            throw .invalidArgs("LinnetRouteService needs a connection on the main queue")
        }
        self.connection = connection
        self.log = log
        self.last = initial
        let iface = DBusInterface(
            LinnetRouteNames.interface,
            properties: Self.properties.declarations(current: { [unowned self] in last }),
            signals: [
                DBusSignalDeclaration("RouteChanged", signature: "a{sv}a{sv}s", argNames: ["Old", "New", "Reason"]),
                DBusSignalDeclaration("Interruption", signature: "ss", argNames: ["State", "Source"])
            ])
        try connection.export(path: MPRISNames.objectPath, interfaces: [iface])
    }

    nonisolated static let properties = SnapshotProperties<RouteSnapshot>([
        .init("Route", "a{sv}") { value($0.route) },
        .init("Interrupted", .boolean) { .boolean($0.interrupted) },
        .init("OutputAvailable", .boolean) { .boolean($0.outputAvailable) }
    ])

    /// Publishes changed properties (one PropertiesChanged).
    public func update(_ snapshot: RouteSnapshot) {
        let changed = Self.properties.changes(from: last, to: snapshot)
        last = snapshot
        connection.announce(changed, interface: LinnetRouteNames.interface, what: "route", log: log)
    }

    /// Sends `RouteChanged(old, new, reason)`; reason as `RouteChangeReason.rawValue` (e.g. oldDeviceUnavailable).
    public func routeChanged(old: AudioRoute?, new: AudioRoute?, reason: RouteChangeReason) {
        report { () throws(DBusError) in
            try connection.emitSignal(
                path: MPRISNames.objectPath, interface: LinnetRouteNames.interface,
                name: "RouteChanged",
                arguments: [Self.value(old), Self.value(new), .string(reason.rawValue)])
        }
    }

    /// Sends `Interruption(state, source)`: state `began`/`ended`, source `cork-request` or `call`.
    public func interruption(state: String, source: String) {
        report { () throws(DBusError) in
            try connection.emitSignal(
                path: MPRISNames.objectPath, interface: LinnetRouteNames.interface,
                name: "Interruption", arguments: [.string(state), .string(source)])
        }
    }

    private func report(_ body: () throws(DBusError) -> Void) {
        do { try body() } catch { log("route: could not emit: \(error)") }
    }

    /// A route as a{sv}: Sink, Description, Port, PortDescription, PortType, PortAvailability, FormFactor, Bus,
    /// Icon, BluetoothProfile, Kind, Privacy (absent keys: unknown); empty when there is no route.
    public nonisolated static func value(_ route: AudioRoute?) -> DBusValue {
        var entries: [(String, DBusValue)] = []
        if let r = route {
            entries.append(("Sink", .string(r.sinkName)))
            entries.append(("Description", .string(r.sinkDescription)))
            if let p = r.port {
                entries.append(("Port", .string(p.name)))
                entries.append(("PortDescription", .string(p.description)))
                entries.append(("PortType", .string(String(describing: p.type))))
                entries.append(("PortAvailability", .string(String(describing: p.availability))))
            }
            if let v = r.formFactor { entries.append(("FormFactor", .string(v))) }
            if let v = r.bus { entries.append(("Bus", .string(v))) }
            if let v = r.iconName { entries.append(("Icon", .string(v))) }
            if let v = r.bluetoothProfile { entries.append(("BluetoothProfile", .string(v))) }
            entries.append(("Kind", .string(r.kind.rawValue)))
            entries.append(("Privacy", .string(r.kind.privacy.rawValue)))
        }
        return .dictionary(
            key: .string, value: .variant,
            entries.map { DBusDictEntry(.string($0.0), .variant($0.1)) })
    }
}
