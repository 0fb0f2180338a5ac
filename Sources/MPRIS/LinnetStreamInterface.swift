import DBus
import Dispatch
import PlayerCore

/// Names of Linnet's network-stream extension, next to the MPRIS interfaces on `/org/mpris/MediaPlayer2`.
public enum LinnetStreamNames {
    public static let interface = "org.mpris.MediaPlayer2.linnet.Stream"
}

/// The current track's stream state as published on the bus (all empty/false for a local file).
public struct StreamSnapshot: Sendable, Hashable {
    /// True while nothing is heard for lack of data (connecting, first buffer, after running dry).
    public var buffering: Bool
    /// Buffer fill 0…1 and seconds buffered ahead.
    public var level: Double
    public var seconds: Double
    /// The station's icy-name, icy-genre, icy-url ("" when unknown).
    public var stationName: String
    public var stationGenre: String
    public var stationURL: String

    public init(
        buffering: Bool = false, level: Double = 0, seconds: Double = 0, stationName: String = "",
        stationGenre: String = "", stationURL: String = ""
    ) {
        self.buffering = buffering
        self.level = level
        self.seconds = seconds
        self.stationName = stationName
        self.stationGenre = stationGenre
        self.stationURL = stationURL
    }
}

/// Exports `org.mpris.MediaPlayer2.linnet.Stream`: `Buffering` b, `BufferLevel` d (0…1), `BufferedSeconds` d,
/// `StationName` s, `StationGenre` s, `StationUrl` s (PropertiesChanged for every change `update` sees), and the
/// signal `StreamError(s uri, s message)` when a stream fails (hostile server, drop beyond the reconnects, …).
///
/// Concurrency: main actor; its connection runs on the main queue and D-Bus enters through `onMainActor`.
@MainActor
public final class LinnetStreamService {
    let connection: DBusConnection
    let log: @Sendable (String) -> Void
    var last: StreamSnapshot

    public init(connection: DBusConnection, initial: StreamSnapshot, log: @escaping @Sendable (String) -> Void)
        throws(DBusError)
    {
        guard connection.runsOnMainQueue else {
            throw .invalidArgs("LinnetStreamService needs a connection on the main queue")
        }
        self.connection = connection
        self.log = log
        self.last = initial
        let iface = DBusInterface(
            LinnetStreamNames.interface,
            properties: Self.properties.declarations(current: { [unowned self] in last }),
            signals: [
                DBusSignalDeclaration("StreamError", signature: "ss", argNames: ["Uri", "Message"])
            ])
        try connection.export(path: MPRISNames.objectPath, interfaces: [iface])
    }

    nonisolated static let properties = SnapshotProperties<StreamSnapshot>([
        .init("Buffering", .boolean) { .boolean($0.buffering) },
        .init("BufferLevel", .double) { .double($0.level) },
        .init("BufferedSeconds", .double) { .double($0.seconds) },
        .init("StationName", .string) { .string($0.stationName) },
        .init("StationGenre", .string) { .string($0.stationGenre) },
        .init("StationUrl", .string) { .string($0.stationURL) }
    ])

    /// Publishes changed properties (one PropertiesChanged).
    public func update(_ s: StreamSnapshot) {
        let changed = Self.properties.changes(from: last, to: s)
        last = s
        connection.announce(changed, interface: LinnetStreamNames.interface, what: "stream", log: log)
    }

    /// Sends `StreamError(uri, message)`.
    public func streamError(uri: String, message: String) {
        do {
            try connection.emitSignal(
                path: MPRISNames.objectPath, interface: LinnetStreamNames.interface,
                name: "StreamError", arguments: [.string(uri), .string(message)])
        } catch {
            log("stream: could not emit: \(error)")
        }
    }
}
