import DBus
import Dispatch
import PlayerCore

/// Exports MPRIS `org.mpris.MediaPlayer2.Playlists`: `ActivatePlaylist(o)`, `GetPlaylists(u, u, s, b) → a(oss)`,
/// `PlaylistCount` (u), `Orderings` (as, all five), `ActivePlaylist` ((b(oss))) and the `PlaylistChanged` signal.
/// Playlist ids are `/org/linnet/Playlist/<id>` (`recent` and `mostplayed` for the automatic ones, which are
/// listed only while they have songs: `PlaylistInfo.isListed`).
///
/// Concurrency: main actor; its connection runs on the main queue and D-Bus enters through `onMainActor`.
@MainActor
public final class PlaylistsInterface {
    public static let interface = "org.mpris.MediaPlayer2.Playlists"
    nonisolated static let pathPrefix = "/org/linnet/Playlist/"

    let connection: DBusConnection
    let control: any PlaylistControl
    let log: @Sendable (String) -> Void
    private var lastCount = 0
    private var lastActive: PlaylistInfo?
    /// What was last announced of each playlist (`PlaylistAnnouncements`).
    private var seen: [String: PlaylistAnnouncements.Seen] = [:]

    public init(connection: DBusConnection, control: any PlaylistControl, log: @escaping @Sendable (String) -> Void)
        throws(DBusError)
    {
        guard connection.runsOnMainQueue else {
            throw .invalidArgs("PlaylistsInterface needs a connection on the main queue")
        }
        self.connection = connection
        self.control = control
        self.log = log
        let list = (try? control.playlists()) ?? []
        lastCount = list.count
        seen = PlaylistAnnouncements.seen(list)
        try connection.export(path: MPRISNames.objectPath, interfaces: [declaration()])
    }

    /// After any playlist change (a bus call, or inotify in a library folder): PlaylistChanged and
    /// PropertiesChanged for count and active, as `PlaylistAnnouncements` decides.
    public func refresh() {
        let list: [PlaylistInfo]
        do throws(LibraryError) { list = try control.playlists() } catch {
            log("playlists: cannot list: \(error)")
            return
        }
        var changed: [String: DBusValue] = [:]
        let announce = PlaylistAnnouncements.compare(seen, list)
        for p in announce.changed { emit("PlaylistChanged", [Self.value(p)]) }
        seen = PlaylistAnnouncements.seen(list)
        if announce.setChanged || list.count != lastCount {
            changed["PlaylistCount"] = .uint32(UInt32(clamping: list.count))
            lastCount = list.count
        }
        let active = control.activePlaylist.map { a in list.first { $0.id == a.id } ?? a }
        if active != lastActive { changed["ActivePlaylist"] = Self.active(active); lastActive = active }
        guard !changed.isEmpty else { return }
        do {
            try connection.emitPropertiesChanged(
                path: MPRISNames.objectPath, interface: Self.interface, changed: changed)
        } catch {
            log("playlists: could not emit PropertiesChanged: \(error)")
        }
    }

    private func emit(_ name: String, _ args: [DBusValue]) {
        do {
            try connection.emitSignal(
                path: MPRISNames.objectPath, interface: Self.interface, name: name, arguments: args)
        } catch {
            log("playlists: could not emit \(name): \(error)")
        }
    }

    /// A playlist as `(oss)`: id, name, icon (none).
    nonisolated static func value(_ p: PlaylistInfo) -> DBusValue {
        .structure([.objectPath(DBusObjectPath(pathPrefix + p.id) ?? "/"), .string(p.name), .string("")])
    }

    nonisolated static func active(_ p: PlaylistInfo?) -> DBusValue {
        .structure([.boolean(p != nil), p.map(value) ?? .structure([.objectPath("/"), .string(""), .string("")])])
    }

    private func declaration() -> DBusInterface {
        let control = self.control
        return DBusInterface(
            Self.interface,
            methods: [
                DBusMethod.onMainActor("ActivatePlaylist", in: .objectPath, inNames: ["PlaylistId"]) {
                    [unowned self] call in
                    let path = call.arguments[0].stringValue ?? ""
                    guard path.hasPrefix(Self.pathPrefix) else {
                        throw DBusError.invalidArgs("unknown playlist \(path)")
                    }
                    do throws(LibraryError) {
                        try control.activatePlaylist(id: String(path.dropFirst(Self.pathPrefix.count)))
                    } catch { throw LibraryInterface.dbusError(error) }
                    refresh()
                    return []
                },
                DBusMethod.onMainActor(
                    "GetPlaylists", in: "uusb", out: "a(oss)", inNames: ["Index", "MaxCount", "Order", "ReverseOrder"],
                    outNames: ["Playlists"]
                ) { call in
                    let text = call.arguments[2].stringValue ?? ""
                    guard let order = PlaylistOrdering(rawValue: text) else {
                        throw DBusError.invalidArgs(
                            "unknown ordering '\(text)' (\(PlaylistOrdering.allCases.map(\.rawValue).joined(separator: ", ")))"
                        )
                    }
                    let index = Int(clamping: call.arguments[0].integerValue ?? 0)
                    let count = Int(clamping: call.arguments[1].integerValue ?? 0)
                    let reverse = call.arguments[3] == .boolean(true)
                    let list: [PlaylistInfo]
                    do throws(LibraryError) { list = try control.playlists() } catch {
                        throw LibraryInterface.dbusError(error)
                    }
                    let page = order.sorted(list, reverse: reverse).dropFirst(index).prefix(count)
                    return [.array(element: "(oss)", page.map(Self.value))]
                }
            ],
            properties: [
                DBusProperty.onMainActor(
                    "PlaylistCount", signature: .uint32, get: { [unowned self] in .uint32(UInt32(clamping: lastCount)) }
                ),
                DBusProperty.onMainActor(
                    "Orderings", signature: "as", emitsChange: .constant,
                    get: { DBusValue(PlaylistOrdering.allCases.map(\.rawValue)) }),
                DBusProperty.onMainActor(
                    "ActivePlaylist", signature: "(b(oss))", get: { [unowned self] in Self.active(lastActive) })
            ],
            signals: [
                DBusSignalDeclaration("PlaylistChanged", signature: "(oss)", argNames: ["Playlist"])
            ])
    }
}
