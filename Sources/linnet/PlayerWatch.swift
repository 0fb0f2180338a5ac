import DBus
import LinnetCLI

/// Follows one MPRIS player on the bus for the Snapcast plug-in: which bus name it has now (`--player NAME`
/// resolved as everywhere in the client: the exact name, else its first `.instanceN`), its PropertiesChanged and
/// Seeked signals, and its coming and going (NameOwnerChanged), told to `onEvent`. Nothing here ends the plug-in:
/// a player that leaves is waited for. Main actor: the connection runs on the main queue.
@MainActor
final class PlayerWatch {
    enum Event {
        case appeared(busName: String)
        case vanished(busName: String)
        /// Player properties that changed (as JSON values), and those invalidated without a value.
        case changed([String: JSONValue], invalidated: [String])
        /// The position jumped (microseconds).
        case seeked(Int64)
    }

    let connection: DBusConnection
    let requested: String
    /// The player's bus name while it is on the bus.
    private(set) var busName: String?
    var onEvent: (Event) -> Void = { _ in }
    private var watched: Set<String> = []

    init(connection: DBusConnection, requested: String) {
        self.connection = connection
        self.requested = requested
    }

    var exactName: String { PlayerNames.prefix + requested }

    /// Watches the player's name and looks whether it is there now.
    func start() throws(DBusError) {
        try watch(exactName)
        try resolve()
    }

    /// Asks the bus which name the player has now and announces a change (a name vanishing before another
    /// appears). `replaced`: a name whose owner was just replaced by another process (one NameOwnerChanged from
    /// the old owner straight to a new one): the same name, but a new player.
    func resolve(replaced: String? = nil) throws(DBusError) {
        let now = PlayerNames.resolve(requested, running: try connection.listNames())
        if let now { try watch(now) }
        guard now != busName || (replaced != nil && replaced == busName) else { return }
        if let old = busName {
            busName = nil
            onEvent(.vanished(busName: old))
        }
        if let now {
            busName = now
            onEvent(.appeared(busName: now))
        }
    }

    /// Subscribes once per name: its owner changes, and its player signals (delivered only while it is the
    /// player's current name). The connection follows the name's owner across restarts.
    private func watch(_ name: String) throws(DBusError) {
        guard !watched.contains(name) else { return }
        watched.insert(name)
        _ = try connection.subscribe(
            DBusMatchRule(
                sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus", member: "NameOwnerChanged",
                arg0: name)
        ) { [weak self] signal in
            let owners = signal.arguments.dropFirst().compactMap(\.stringValue)
            let replaced = owners.count == 2 && owners.allSatisfy { !$0.isEmpty }
            MainActor.assumeIsolated {
                guard let self else { return }
                do throws(DBusError) { try self.resolve(replaced: replaced ? name : nil) } catch { self.onError(error) }
            }
        }
        _ = try connection.subscribe(
            DBusMatchRule(
                sender: name, path: MPRISClient.objectPath, interface: "org.freedesktop.DBus.Properties",
                member: "PropertiesChanged", arg0: MPRISClient.playerInterface)
        ) { [weak self] signal in
            guard signal.arguments.count >= 2, let changed = signal.arguments[1].stringKeyedDictionary else { return }
            let invalidated = signal.arguments.count > 2 ? (signal.arguments[2].as([String].self) ?? []) : []
            let values = changed.mapValues { MPRISValues.json($0.unwrappingVariants) }
            MainActor.assumeIsolated {
                guard let self, self.busName == name else { return }
                self.onEvent(.changed(values, invalidated: invalidated))
            }
        }
        _ = try connection.subscribe(
            DBusMatchRule(
                sender: name, path: MPRISClient.objectPath, interface: MPRISClient.playerInterface, member: "Seeked")
        ) { [weak self] signal in
            guard let us = signal.arguments.first?.integerValue else { return }
            MainActor.assumeIsolated {
                guard let self, self.busName == name else { return }
                self.onEvent(.seeked(us))
            }
        }
    }

    /// Where a failed look-up is reported (the plug-in logs it).
    var onError: (DBusError) -> Void = { _ in }
}
