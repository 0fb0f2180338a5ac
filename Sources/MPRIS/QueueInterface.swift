import DBus
import Dispatch
import PlayerCore

/// Names of Linnet's whole-queue interface, next to the MPRIS interfaces on `/org/mpris/MediaPlayer2`.
public enum LinnetQueueNames {
    public static let interface = "org.mpris.MediaPlayer2.linnet.Queue"
    /// The most entries one `List` call returns (a longer request is cut here; clients page by offset): 1,000
    /// metadata maps took 24 ms to answer and decode at 100,000 entries, 250 keep a call within 10 ms.
    public static let listLimit = 250
}

/// The whole queue's shape as the Queue interface shows it.
public struct QueueSnapshot: Sendable, Hashable {
    /// Number of entries.
    public var length: Int
    /// Queue position (from 0) of the current entry; nil when nothing is current.
    public var position: Int?

    public init(length: Int = 0, position: Int? = nil) {
        self.length = length
        self.position = position
    }
}

/// The player as the Queue interface drives it: positions count from 0. Called on the connection's queue.
@MainActor
public protocol QueueControl: AnyObject, Sendable {
    var queueSnapshot: QueueSnapshot { get }
    /// The entries at `offset ..< offset + limit` (fewer at the end), in queue order, with what is known of each.
    func queueEntries(offset: Int, limit: Int) -> [TrackSnapshot]
    /// Adds what the URIs name (files, folders, playlists, streams), in their order, as `mode` says.
    func queueAdd(uris: [String], mode: QueueAddMode) throws(PlayerCommandError)
    /// Removes the entries; an unknown id removes nothing (`.unknownTrack`).
    func queueRemove(_ ids: [QueueEntryID]) throws(PlayerCommandError)
    /// Moves an entry so it stands at `position` afterwards.
    func queueMove(_ id: QueueEntryID, to position: Int) throws(PlayerCommandError)
    /// Plays the entry at `position`.
    func queueGoTo(position: Int) throws(PlayerCommandError)
    /// Stops and empties the queue.
    func queueClear()
}

/// Exports `org.mpris.MediaPlayer2.linnet.Queue`, the whole queue (the MPRIS TrackList is only a window of it):
/// properties `Length` u and `Position` i (−1: nothing current), both announced with PropertiesChanged; methods
/// `List(u offset, u limit) → a(oa{sv})`, `Add(as uris, s mode)` (replace, append, next, now), `Remove(ao ids)`,
/// `Move(o id, u position)`, `GoTo(u position)`, `Clear()`. Bad modes, unknown ids and positions past the end are
/// InvalidArgs.
///
/// Concurrency: main actor; its connection runs on the main queue and D-Bus enters through `onMainActor`.
@MainActor
public final class LinnetQueueService {
    let connection: DBusConnection
    let log: @Sendable (String) -> Void
    var last: QueueSnapshot

    public init(connection: DBusConnection, control: any QueueControl, log: @escaping @Sendable (String) -> Void)
        throws(DBusError)
    {
        guard connection.runsOnMainQueue else {
            throw .invalidArgs("LinnetQueueService needs a connection on the main queue")
        }
        self.connection = connection
        self.log = log
        self.last = control.queueSnapshot
        let c = control
        let iface = DBusInterface(
            LinnetQueueNames.interface,
            methods: [
                DBusMethod.onMainActor(
                    "List", in: "uu", out: "a(oa{sv})", inNames: ["Offset", "Limit"], outNames: ["Entries"]
                ) {
                    call in
                    guard case .uint32(let offset) = call.arguments[0], case .uint32(let limit) = call.arguments[1]
                    else {
                        return [.array(element: "(oa{sv})", [])]
                    }
                    let entries = c.queueEntries(
                        offset: Int(offset), limit: min(Int(limit), LinnetQueueNames.listLimit))
                    return [
                        .array(
                            element: "(oa{sv})",
                            entries.map { track in
                                .structure([.objectPath(TrackPath.path(track.id)), MetadataMapping.value(track)])
                            })
                    ]
                },
                DBusMethod.onMainActor("Add", in: "ass", inNames: ["Uris", "Mode"]) { call in
                    let uris = call.arguments[0].as([String].self) ?? []
                    let text = call.arguments[1].stringValue ?? ""
                    guard let mode = QueueAddMode(rawValue: text) else {
                        throw DBusError.invalidArgs("mode must be replace, append, next or now, not '\(text)'")
                    }
                    guard !uris.isEmpty else { throw DBusError.invalidArgs("no URIs to add") }
                    try Self.run { () throws(PlayerCommandError) in try c.queueAdd(uris: uris, mode: mode) }
                    return []
                },
                DBusMethod.onMainActor("Remove", in: "ao", inNames: ["Ids"]) { call in
                    let ids = try Self.entries(call.arguments[0])
                    try Self.run { () throws(PlayerCommandError) in try c.queueRemove(ids) }
                    return []
                },
                DBusMethod.onMainActor("Move", in: "ou", inNames: ["Id", "Position"]) { call in
                    guard let id = try Self.entries(.array(element: .objectPath, [call.arguments[0]])).first,
                        case .uint32(let position) = call.arguments[1]
                    else { return [] }
                    let length = c.queueSnapshot.length
                    guard Int(position) < length else {
                        throw DBusError.invalidArgs(
                            "position \(position) is past the end of the queue (\(length) entries)")
                    }
                    try Self.run { () throws(PlayerCommandError) in try c.queueMove(id, to: Int(position)) }
                    return []
                },
                DBusMethod.onMainActor("GoTo", in: "u", inNames: ["Position"]) { call in
                    guard case .uint32(let position) = call.arguments[0] else { return [] }
                    let length = c.queueSnapshot.length
                    guard Int(position) < length else {
                        throw DBusError.invalidArgs(
                            "position \(position) is past the end of the queue (\(length) entries)")
                    }
                    try Self.run { () throws(PlayerCommandError) in try c.queueGoTo(position: Int(position)) }
                    return []
                },
                DBusMethod.onMainActor("Clear") { _ in
                    c.queueClear()
                    return []
                }
            ],
            properties: Self.properties.declarations(current: { [unowned self] in last }))
        try connection.export(path: MPRISNames.objectPath, interfaces: [iface])
    }

    nonisolated static let properties = SnapshotProperties<QueueSnapshot>([
        .init("Length", .uint32) { .uint32(UInt32(clamping: $0.length)) },
        .init("Position", .int32) { .int32($0.position.map { Int32(clamping: $0) } ?? -1) }
    ])

    /// Publishes a changed Length or Position (one PropertiesChanged).
    public func update(_ s: QueueSnapshot) {
        let changed = Self.properties.changes(from: last, to: s)
        last = s
        connection.announce(changed, interface: LinnetQueueNames.interface, what: "queue", log: log)
    }

    /// Runs a command; an unknown entry is InvalidArgs here (the caller named it), other refusals as in MPRIS.
    static func run(_ body: () throws(PlayerCommandError) -> Void) throws(DBusError) {
        do { try body() } catch {
            if case .unknownTrack = error { throw .invalidArgs(error.description) }
            throw MPRISService.dbusError(error)
        }
    }

    /// Entry ids from track paths; anything that is not one of ours is InvalidArgs (Remove, Move).
    static func entries(_ value: DBusValue) throws(DBusError) -> [QueueEntryID] {
        guard case .array(_, let items) = value else { throw .invalidArgs("expected an array of track ids") }
        var out: [QueueEntryID] = []
        for item in items {
            guard case .objectPath(let p) = item, case .entry(let id)? = TrackPath.parse(p) else {
                throw .invalidArgs("'\(item)' is not a queue entry id (/org/linnet/Track/N)")
            }
            out.append(id)
        }
        return out
    }
}
