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
/// Concurrency: `@unchecked Sendable` because `last` is confined to the connection's serial queue (getters run
/// there; `update` must be called there, checked with `dispatchPrecondition`).
public final class LinnetStreamService: @unchecked Sendable {
    let connection: DBusConnection
    let queue: DispatchQueue
    let log: @Sendable (String) -> Void
    var last: StreamSnapshot

    public init(connection: DBusConnection, initial: StreamSnapshot, log: @escaping @Sendable (String) -> Void)
        throws(DBusError)
    {
        guard let queue = connection.queue else {
            throw .invalidArgs("LinnetStreamService needs a connection on a queue")
        }
        self.connection = connection
        self.queue = queue
        self.log = log
        self.last = initial
        let iface = DBusInterface(
            LinnetStreamNames.interface,
            properties: [
                DBusProperty("Buffering", signature: .boolean, get: { [unowned self] in .boolean(last.buffering) }),
                DBusProperty("BufferLevel", signature: .double, get: { [unowned self] in .double(last.level) }),
                DBusProperty("BufferedSeconds", signature: .double, get: { [unowned self] in .double(last.seconds) }),
                DBusProperty("StationName", signature: .string, get: { [unowned self] in .string(last.stationName) }),
                DBusProperty("StationGenre", signature: .string, get: { [unowned self] in .string(last.stationGenre) }),
                DBusProperty("StationUrl", signature: .string, get: { [unowned self] in .string(last.stationURL) })
            ],
            signals: [
                DBusSignalDeclaration("StreamError", signature: "ss", argNames: ["Uri", "Message"])
            ])
        try connection.export(path: MPRISNames.objectPath, interfaces: [iface])
    }

    /// Publishes changed properties (one PropertiesChanged).
    public func update(_ s: StreamSnapshot) {
        dispatchPrecondition(condition: .onQueue(queue))
        var changed: [String: DBusValue] = [:]
        if s.buffering != last.buffering { changed["Buffering"] = .boolean(s.buffering) }
        if s.level != last.level { changed["BufferLevel"] = .double(s.level) }
        if s.seconds != last.seconds { changed["BufferedSeconds"] = .double(s.seconds) }
        if s.stationName != last.stationName { changed["StationName"] = .string(s.stationName) }
        if s.stationGenre != last.stationGenre { changed["StationGenre"] = .string(s.stationGenre) }
        if s.stationURL != last.stationURL { changed["StationUrl"] = .string(s.stationURL) }
        last = s
        guard !changed.isEmpty else { return }
        do {
            try connection.emitPropertiesChanged(
                path: MPRISNames.objectPath, interface: LinnetStreamNames.interface,
                changed: changed)
        } catch {
            log("stream: could not emit: \(error)")
        }
    }

    /// Sends `StreamError(uri, message)`.
    public func streamError(uri: String, message: String) {
        dispatchPrecondition(condition: .onQueue(queue))
        do {
            try connection.emitSignal(
                path: MPRISNames.objectPath, interface: LinnetStreamNames.interface,
                name: "StreamError", arguments: [.string(uri), .string(message)])
        } catch {
            log("stream: could not emit: \(error)")
        }
    }
}
