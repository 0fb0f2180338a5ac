import DBus
import PlayerCore

/// Names of Linnet's scrobbling interface, next to the MPRIS interfaces on `/org/mpris/MediaPlayer2`.
public enum ScrobblerNames {
    public static let interface = "org.mpris.MediaPlayer2.linnet.Scrobbler"
}

/// What the scrobbler interface asks of the service.
@MainActor
public protocol ScrobbleControl: AnyObject {
    func setScrobbling(enabled: Bool)
    /// Starts a Last.fm login: `done` gets the page where the user authorises the token, and the token.
    func startLastFMLogin(_ done: @escaping @MainActor (Result<(url: String, token: String), LastFMError>) -> Void)
    /// Asks whether `token` was authorised: the user name once logged in, nil while not yet.
    func finishLastFMLogin(token: String, _ done: @escaping @MainActor (Result<String?, LastFMError>) -> Void)
}

/// Exports `org.mpris.MediaPlayer2.linnet.Scrobbler`: properties `Enabled` b (read/write), `Pending` u (listens
/// waiting, over every service), `LastError` s ("" when none), `Streams` b, `Services` aa{sv} (Name s,
/// Configured b, Pending u, LastError s, Held b); methods `SetEnabled(b)`, `LastfmLoginStart() → (s url,
/// s token)` and `LastfmLoginFinish(s token) → (s state, s user)` with state `done` or `waiting`. No secret is
/// ever a property or an answer (the token of a login is Last.fm's one-time request token, not the session key).
///
/// Concurrency: main actor; its connection runs on the main queue and D-Bus enters through `onMainActor`.
@MainActor
public final class ScrobblerInterface {
    let connection: DBusConnection
    let log: @Sendable (String) -> Void
    var last: ScrobbleStatus

    public init(
        connection: DBusConnection, control: any ScrobbleControl, initial: ScrobbleStatus,
        log: @escaping @Sendable (String) -> Void
    ) throws(DBusError) {
        guard connection.runsOnMainQueue else {
            throw .invalidArgs("ScrobblerInterface needs a connection on the main queue")
        }
        self.connection = connection
        self.log = log
        last = initial
        let setEnabled: SnapshotProperties<ScrobbleStatus>.Setter = { [weak control] value in
            guard case .boolean(let on) = value else { throw DBusError.invalidArgs("Enabled takes a boolean") }
            control?.setScrobbling(enabled: on)
        }
        let iface = DBusInterface(
            ScrobblerNames.interface,
            methods: [
                DBusMethod.onMainActor("SetEnabled", in: "b", inNames: ["Enabled"]) { [weak control] call in
                    guard case .boolean(let on) = call.arguments[0] else { return [] }
                    control?.setScrobbling(enabled: on)
                    return []
                },
                DBusMethod.onMainActor("LastfmLoginStart", out: "ss", outNames: ["Url", "Token"]) {
                    [weak control] _, reply in
                    guard let control else { return reply.fail(.failed("the scrobbler is gone")) }
                    control.startLastFMLogin { result in
                        switch result {
                        case .success(let r): reply.succeed([.string(r.url), .string(r.token)])
                        case .failure(let e): reply.fail(.failed(e.description))
                        }
                    }
                },
                DBusMethod.onMainActor(
                    "LastfmLoginFinish", in: "s", out: "ss", inNames: ["Token"], outNames: ["State", "User"]
                ) { [weak control] call, reply in
                    guard let control, case .string(let token) = call.arguments[0] else {
                        return reply.fail(.failed("the scrobbler is gone"))
                    }
                    control.finishLastFMLogin(token: token) { result in
                        switch result {
                        case .success(let user?): reply.succeed([.string("done"), .string(user)])
                        case .success(nil): reply.succeed([.string("waiting"), .string("")])
                        case .failure(let e): reply.fail(.failed(e.description))
                        }
                    }
                }
            ],
            properties: Self.properties.declarations(
                current: { [unowned self] in last }, setters: ["Enabled": setEnabled]))
        try connection.export(path: MPRISNames.objectPath, interfaces: [iface])
    }

    nonisolated static let properties = SnapshotProperties<ScrobbleStatus>([
        .init("Enabled", .boolean) { .boolean($0.enabled) },
        .init("Pending", "u") { .uint32(UInt32(clamping: $0.pending)) },
        .init("LastError", .string) { .string($0.lastError) },
        .init("Streams", .boolean) { .boolean($0.streams) },
        .init("Services", "aa{sv}") { servicesValue($0.services) }
    ])

    nonisolated static func servicesValue(_ services: [ScrobbleStatus.Service]) -> DBusValue {
        .array(
            element: "a{sv}",
            services.map { s in
                let entries: [(String, DBusValue)] = [
                    ("Name", .string(s.service.rawValue)), ("Configured", .boolean(s.configured)),
                    ("Pending", .uint32(UInt32(clamping: s.pending))), ("LastError", .string(s.lastError)),
                    ("Held", .boolean(s.held))
                ]
                return .dictionary(
                    key: .string, value: .variant, entries.map { DBusDictEntry(.string($0.0), .variant($0.1)) })
            })
    }

    /// Publishes changed properties (one PropertiesChanged).
    public func update(_ status: ScrobbleStatus) {
        let changed = Self.properties.changes(from: last, to: status)
        last = status
        connection.announce(changed, interface: ScrobblerNames.interface, what: "scrobbler", log: log)
    }
}
