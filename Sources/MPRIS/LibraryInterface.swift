import DBus
import Dispatch
import PlayerCore

/// Exports `org.mpris.MediaPlayer2.linnet.Library` on `/org/mpris/MediaPlayer2`: `Count`, `Query`, `Enqueue`,
/// `Rescan`, the playlist editing methods (LibraryInterface+Playlists), radio stations (LibraryInterface+Stations); properties `Scanning` (b), `Songs` (u) and `Scanned` (u, files examined by the running scan), each
/// announced with PropertiesChanged. Refused queries get `org.freedesktop.DBus.Error.InvalidArgs`.
///
/// Concurrency: main actor; its connection runs on the main queue and D-Bus enters through `onMainActor`.
@MainActor
public final class LibraryInterface {
    let connection: DBusConnection
    let control: any LibraryControl & PlaylistControl
    /// Called after a playlist edit (the Playlists interface announces it).
    let playlistsChanged: @MainActor @Sendable () -> Void
    let log: @Sendable (String) -> Void
    private(set) var last: LibraryStatus

    public init(
        connection: DBusConnection, control: any LibraryControl & PlaylistControl, initial: LibraryStatus,
        playlistsChanged: @escaping @MainActor @Sendable () -> Void, log: @escaping @Sendable (String) -> Void
    )
        throws(DBusError)
    {
        guard connection.runsOnMainQueue else {
            throw .invalidArgs("LibraryInterface needs a connection on the main queue")
        }
        self.connection = connection
        self.control = control
        self.playlistsChanged = playlistsChanged
        self.log = log
        last = initial
        try connection.export(path: MPRISNames.objectPath, interfaces: [declaration()])
    }

    /// Announces changed properties (one PropertiesChanged).
    public func update(_ status: LibraryStatus) {
        let changed = Self.properties.changes(from: last, to: status)
        last = status
        connection.announce(changed, interface: LibraryMapping.interface, what: "library", log: log)
    }

    nonisolated static let properties = SnapshotProperties<LibraryStatus>([
        .init("Scanning", .boolean) { .boolean($0.scanning) },
        .init("Songs", .uint32) { .uint32(UInt32(clamping: $0.songs)) },
        .init("Scanned", .uint32) { .uint32(UInt32(clamping: $0.scanned)) }
    ])

    /// A query from the call's `kind`, `filter` and `order` arguments, or InvalidArgs.
    nonisolated static func query(_ args: [DBusValue], order: DBusValue?) throws(DBusError) -> LibraryQuery {
        do {
            var q = try LibraryQuery(
                kind: args[0].stringValue ?? "", filter: LibraryMapping.filter(args[1]),
                order: order?.stringValue ?? "")
            q.filter = playlistIDs(q.filter)
            return q
        } catch {
            throw .invalidArgs(error.description)
        }
    }

    /// `filter` with a playlist given as its MPRIS object path turned into the id it carries (ids are what a
    /// playlist filter tries first: `PlaylistLookup`), so ListPlaylists' and GetPlaylists' ids work as filters.
    nonisolated static func playlistIDs(_ filter: LibraryQuery.Filter) -> LibraryQuery.Filter {
        guard case .id(let id) = reference(.string(filter.playlist ?? "")) else { return filter }
        var out = filter
        out.playlist = id
        return out
    }

    nonisolated static func dbusError(_ error: LibraryError) -> DBusError {
        switch error {
        case .invalidQuery(let e): return .invalidArgs(e.description)
        case .nothingToPlay: return DBusError(name: MPRISNames.Error.cannotPlay, message: error.description)
        case .noMatch: return DBusError(name: MPRISNames.Error.noMatch, message: error.description)
        case .storage: return .failed(error.description)
        case .playlist, .malformedURL: return .invalidArgs(error.description)
        }
    }

    private func declaration() -> DBusInterface {
        let control = self.control
        return DBusInterface(
            LibraryMapping.interface,
            methods: [
                DBusMethod.onMainActor(
                    "Count", in: "sa{sv}", out: .uint32, inNames: ["Kind", "Filter"], outNames: ["Count"]
                ) {
                    call in
                    let q = try Self.query(call.arguments, order: nil)
                    do throws(LibraryError) { return [.uint32(UInt32(clamping: try control.count(q)))] } catch {
                        throw Self.dbusError(error)
                    }
                },
                DBusMethod.onMainActor(
                    "Query", in: "sa{sv}suu", out: "aa{sv}",
                    inNames: ["Kind", "Filter", "Order", "Offset", "Limit"], outNames: ["Rows"]
                ) { call in
                    let q = try Self.query(call.arguments, order: call.arguments[2])
                    let offset = Int(clamping: call.arguments[3].integerValue ?? 0)
                    let limit = Int(clamping: call.arguments[4].integerValue ?? 0)
                    do throws(LibraryError) {
                        let rows = try control.rows(q, offset: offset, limit: limit)
                        return [.array(element: "a{sv}", rows.map(LibraryMapping.value))]
                    } catch { throw Self.dbusError(error) }
                },
                DBusMethod.onMainActor("Enqueue", in: "sa{sv}ss", inNames: ["Kind", "Filter", "Order", "Mode"]) {
                    call in
                    let q = try Self.query(call.arguments, order: call.arguments[2])
                    do {
                        let mode = try EnqueueMode.parse(call.arguments[3].stringValue ?? "")
                        try control.enqueue(q, mode: mode)
                    } catch let error as LibraryQueryError {
                        throw DBusError.invalidArgs(error.description)
                    } catch let error as LibraryError {
                        throw Self.dbusError(error)
                    }
                    return []
                },
                DBusMethod.onMainActor("Rescan") { _ in
                    control.rescan(); return []
                }
            ] + Self.playlistMethods(control, changed: playlistsChanged)
                + ((control as? any StationControl).map { Self.stationMethods($0, changed: playlistsChanged) } ?? []),
            properties: Self.properties.declarations(current: { [unowned self] in last }))
    }
}
