import DBus
import Dispatch
import PlayerCore

/// The MPRIS adapter: exports `/org/mpris/MediaPlayer2` with the root, Player and TrackList interfaces on a
/// connection, forwards calls to a `PlayerControl`, and turns each new `PlayerSnapshot` into one
/// PropertiesChanged per interface (values, never Position) plus the TrackList signals.
///
/// Concurrency: main actor; its connection runs on the main queue and D-Bus enters through `onMainActor`.
@MainActor
public final class MPRISService {
    let connection: DBusConnection
    let control: any PlayerControl
    let log: @Sendable (String) -> Void
    /// The snapshot the bus last heard about; getters answer from it.
    var last: PlayerSnapshot

    /// Exports the three interfaces (nothing is announced until `update`). `connection` must run on a queue.
    public init(
        connection: DBusConnection, control: any PlayerControl, initial: PlayerSnapshot,
        log: @escaping @Sendable (String) -> Void
    ) throws(DBusError) {
        guard connection.runsOnMainQueue else {
            throw .invalidArgs("MPRISService needs a connection on the main queue")
        }
        self.connection = connection
        self.control = control
        self.log = log
        self.last = initial
        try connection.export(
            path: MPRISNames.objectPath,
            interfaces: [rootInterface(), playerInterface(), trackListInterface()])
    }

    /// Takes `org.mpris.MediaPlayer2.linnet`, or `….instance<PID>` when another instance has it.
    public func claimName() throws(DBusError) -> String {
        try connection.requestName(MPRISNames.busName, fallbackToInstance: true)
    }

    /// Announces what changed since the last snapshot: one PropertiesChanged per interface, then TrackList signals.
    public func update(_ snapshot: PlayerSnapshot) {
        let diff = SnapshotDiff(from: last, to: snapshot)
        last = snapshot
        guard !diff.isEmpty else { return }
        let path = MPRISNames.objectPath
        report { () throws(DBusError) in
            if !diff.player.isEmpty {
                try connection.emitPropertiesChanged(
                    path: path, interface: MPRISNames.playerInterface,
                    changed: diff.player)
            }
            if diff.tracksInvalidated {
                try connection.emitPropertiesChanged(
                    path: path, interface: MPRISNames.trackListInterface,
                    changed: [:], invalidated: ["Tracks"])
            }
            for change in diff.trackList { try emit(change, snapshot) }
            for id in diff.metadataChanged {
                let track = snapshot.tracks.first { $0.id == id }
                try signal(
                    MPRISNames.trackListInterface, "TrackMetadataChanged",
                    [.objectPath(TrackPath.path(id)), MetadataMapping.value(track)])
            }
        }
    }

    /// Sends `Seeked(position)` after a jump the listener did not play through.
    public func seeked(toMicroseconds position: Int64) {
        report { () throws(DBusError) in
            try signal(MPRISNames.playerInterface, "Seeked", [PropertyMapping.position(position)])
        }
    }

    // MARK: - Helpers

    private func emit(_ change: TrackListChange, _ s: PlayerSnapshot) throws(DBusError) {
        let iface = MPRISNames.trackListInterface
        switch change {
        case .added(let id, let after):
            let track = s.tracks.first { $0.id == id }
            try signal(
                iface, "TrackAdded",
                [
                    MetadataMapping.value(track),
                    .objectPath(after.map(TrackPath.path) ?? TrackPath.noTrack)
                ])
        case .removed(let id):
            try signal(iface, "TrackRemoved", [.objectPath(TrackPath.path(id))])
        case .replaced:
            try signal(
                iface, "TrackListReplaced",
                [
                    PropertyMapping.trackIDs(s.tracks.map(\.id)),
                    .objectPath(s.currentID.map(TrackPath.path) ?? TrackPath.noTrack)
                ])
        }
    }

    private func signal(_ interface: String, _ name: String, _ args: [DBusValue]) throws(DBusError) {
        try connection.emitSignal(path: MPRISNames.objectPath, interface: interface, name: name, arguments: args)
    }

    private func report(_ body: () throws(DBusError) -> Void) {
        do { try body() } catch { log("mpris: could not emit a signal: \(error)") }
    }

    /// Maps a refused command to its D-Bus error.
    nonisolated static func dbusError(_ e: PlayerCommandError) -> DBusError {
        switch e {
        case .malformedURI, .invalidValue: return DBusError(name: MPRISNames.Error.invalidArgs, message: e.description)
        case .unsupportedScheme: return DBusError(name: MPRISNames.Error.notSupported, message: e.description)
        case .cannotPlay: return DBusError(name: MPRISNames.Error.cannotPlay, message: e.description)
        case .unknownTrack: return DBusError(name: MPRISNames.Error.unknownTrack, message: e.description)
        }
    }

    /// Runs a command that may be refused, translating the refusal.
    nonisolated static func run(_ body: () throws(PlayerCommandError) -> Void) throws(DBusError) {
        do { try body() } catch { throw dbusError(error) }
    }

    /// An entry id from a track path argument, or the UnknownTrack error.
    nonisolated static func entry(_ value: DBusValue) throws(DBusError) -> QueueEntryID {
        guard case .objectPath(let p) = value, case .entry(let id)? = TrackPath.parse(p) else {
            throw dbusError(.unknownTrack(nil))
        }
        return id
    }
}
