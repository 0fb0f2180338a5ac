import DBus
import Dispatch

/// Tells when a bus client that holds something of ours (meters turned on, effects loaded) leaves the bus:
/// one `NameOwnerChanged` match per client (arg0 = its unique name), dropped when nothing of it is left.
///
/// Concurrency: main actor (the connection's signals arrive on the main queue).
@MainActor
final class BusClientWatch {
    private let connection: DBusConnection
    private var subscriptions: [String: DBusSubscription] = [:]
    /// Per client, per holder ("meters", "effects"): what to do when it leaves.
    private var holders: [String: [String: () -> Void]] = [:]

    init(connection: DBusConnection) { self.connection = connection }

    /// Calls `gone` once `client` leaves the bus (at once if it already left); `holder` names the watcher.
    func watch(_ client: String, holder: String, gone: @escaping () -> Void) {
        holders[client, default: [:]][holder] = gone
        guard subscriptions[client] == nil else { return }
        do {
            let rule = DBusMatchRule(
                sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus", member: "NameOwnerChanged", arg0: client)
            subscriptions[client] = try connection.subscribe(rule) { [weak self] signal in
                guard signal.arguments.count == 3, case .string(let newOwner) = signal.arguments[2], newOwner.isEmpty
                else {
                    return
                }
                DispatchQueue.main.async { self?.left(client) }
            }
        } catch {
            Log.error("cannot watch bus client \(client): \(error)")
        }
        // It may have left before the match was in place.
        if (try? connection.nameOwner(client)) == nil { left(client) }
    }

    /// Forgets `holder`'s interest in `client`.
    func unwatch(_ client: String, holder: String) {
        holders[client]?[holder] = nil
        if holders[client]?.isEmpty ?? true { drop(client) }
    }

    private func left(_ client: String) {
        let callbacks = holders[client] ?? [:]
        drop(client)
        for (_, gone) in callbacks.sorted(by: { $0.key < $1.key }) { gone() }
    }

    private func drop(_ client: String) {
        holders[client] = nil
        if let s = subscriptions.removeValue(forKey: client) { connection.unsubscribe(s) }
    }
}
