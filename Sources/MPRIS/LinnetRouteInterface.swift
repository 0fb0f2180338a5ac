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

    /// The outputs (local sink, Snapcast streams) and which play.
    public var outputs: [OutputDescription] = []

    public init(route: AudioRoute? = nil, interrupted: Bool = false, outputAvailable: Bool = true) {
        self.route = route
        self.interrupted = interrupted
        self.outputAvailable = outputAvailable
    }
}

/// What the route interface asks of the service: switching outputs.
@MainActor
public protocol OutputControl: AnyObject {
    /// Enables or disables the output named or numbered `key`; the error's text says why not.
    func setOutput(_ key: String, enabled: Bool) throws(OutputListError)
}

/// Exports `org.mpris.MediaPlayer2.linnet.Route`: properties `Route` a{sv}, `Interrupted` b, `OutputAvailable` b,
/// `Outputs` aa{sv} (Id i, Name s, Plugin s, Enabled b, Address s, Status s); methods `EnableOutput(s name)` and
/// `DisableOutput(s name)` (a name or an id; InvalidArgs for an unknown one, Failed for the last enabled one);
/// signals `RouteChanged(a{sv} old, a{sv} new, s reason)` and `Interruption(s state, s source)`.
///
/// Concurrency: main actor; its connection runs on the main queue and D-Bus enters through `onMainActor`.
@MainActor
public final class LinnetRouteService {
    let connection: DBusConnection
    let log: @Sendable (String) -> Void
    var last: RouteSnapshot

    public init(
        connection: DBusConnection, initial: RouteSnapshot, outputs: (any OutputControl)? = nil,
        log: @escaping @Sendable (String) -> Void
    ) throws(DBusError) {
        guard connection.runsOnMainQueue else {
            throw .invalidArgs("LinnetRouteService needs a connection on the main queue")
        }
        self.connection = connection
        self.log = log
        self.last = initial
        func switchOutput(_ name: String, _ on: Bool) -> DBusMethod {
            DBusMethod.onMainActor(name, in: "s", inNames: ["Name"]) { call in
                guard case .string(let key) = call.arguments[0] else { return [] }
                guard let outputs else { throw DBusError.failed("\(name): this linnetd has one output") }
                do throws(OutputListError) { try outputs.setOutput(key, enabled: on) } catch {
                    switch error {
                    case .unknown: throw DBusError.invalidArgs("\(name): \(error)")
                    case .lastEnabled: throw DBusError.failed("\(name): \(error)")
                    }
                }
                return []
            }
        }
        let iface = DBusInterface(
            LinnetRouteNames.interface,
            methods: [switchOutput("EnableOutput", true), switchOutput("DisableOutput", false)],
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
        .init("OutputAvailable", .boolean) { .boolean($0.outputAvailable) },
        .init("Outputs", "aa{sv}") { outputsValue($0.outputs) }
    ])

    /// The outputs as aa{sv}.
    public nonisolated static func outputsValue(_ outputs: [OutputDescription]) -> DBusValue {
        .array(
            element: "a{sv}",
            outputs.map { o in
                let entries: [(String, DBusValue)] = [
                    ("Id", .int32(Int32(clamping: o.id))), ("Name", .string(o.name)), ("Plugin", .string(o.plugin)),
                    ("Enabled", .boolean(o.enabled)), ("Address", .string(o.address)), ("Status", .string(o.status))
                ]
                return .dictionary(
                    key: .string, value: .variant, entries.map { DBusDictEntry(.string($0.0), .variant($0.1)) })
            })
    }

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
