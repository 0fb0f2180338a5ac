import DBus
import LinnetCLI
import PlayerCore

/// Errors of a run (as opposed to usage errors): printed as `linnet: …` with exit status 1.
enum ClientError: Error, CustomStringConvertible {
    case dbus(DBusError)
    case noPlayer(String)
    case noTrackList(String, DBusError)
    case unexpected(String)
    case noTrack
    case noSuchFile(String)
    /// The station list could not be read or written, or has no such station.
    case stations(String)
    /// The player refused what the command line asked for (InvalidArgs): a usage error found by the player,
    /// exit status 64 like one found by the parser; `command` names the subcommand whose help fits.
    case refused(String, command: String)

    var description: String {
        switch self {
        case .dbus(let e): return "\(e.name): \(e.message)"
        case .noPlayer(let name):
            return "no MPRIS player '\(name)' on the session bus (see 'linnet players')"
        case .noTrackList(let name, let e): return "player '\(name)' has no track list (\(e.name))"
        case .unexpected(let what): return what
        case .noTrack: return "the player has no current track"
        case .noSuchFile(let path): return "\(path): no such file or folder"
        case .stations(let why): return why
        case .refused(let why, _): return why
        }
    }

    /// `EX_USAGE` (64) for a refused request, 1 for everything else.
    var exitCode: Int32 {
        if case .refused = self { return ExitCode.usage }
        return ExitCode.failure
    }
}

/// One MPRIS player on the bus, called in blocking mode (no queue): the CLI does one thing and exits.
struct MPRISClient {
    static let objectPath = "/org/mpris/MediaPlayer2"
    static let rootInterface = "org.mpris.MediaPlayer2"
    static let playerInterface = "org.mpris.MediaPlayer2.Player"
    static let trackListInterface = "org.mpris.MediaPlayer2.TrackList"
    /// Replies come quickly from a live player; D-Bus activation of linnetd gets the same bound.
    static let timeout: Duration = .seconds(10)

    let connection: DBusConnection
    /// The full bus name (`org.mpris.MediaPlayer2.linnet`).
    let busName: String
    /// The short name shown to the user.
    var shortName: String { PlayerNames.shortName(of: busName) ?? busName }

    /// Finds the player `requested` names (see `PlayerNames.resolve`).
    static func connect(_ connection: DBusConnection, requested: String) throws(ClientError) -> MPRISClient {
        do {
            let running = try connection.listNames()
            if let name = PlayerNames.resolve(requested, running: running) {
                return MPRISClient(connection: connection, busName: name)
            }
            let activatable = try connection.listActivatableNames()
            if let name = PlayerNames.resolve(requested, running: running, activatable: activatable) {
                return MPRISClient(connection: connection, busName: name)
            }
        } catch {
            throw .dbus(error)
        }
        throw .noPlayer(requested)
    }

    @discardableResult
    func call(
        _ method: String, _ arguments: [DBusValue] = [],
        interface: String = playerInterface
    ) throws(ClientError) -> [DBusValue] {
        do {
            return try connection.call(
                destination: busName, path: MPRISClient.objectPath, interface: interface,
                method: method, arguments: arguments, timeout: MPRISClient.timeout)
        } catch { throw .dbus(error) }
    }

    func get(_ name: String, _ interface: String = playerInterface) throws(ClientError) -> DBusValue {
        do {
            return try connection.getProperty(
                destination: busName, path: MPRISClient.objectPath, interface: interface,
                name: name, timeout: MPRISClient.timeout)
        } catch { throw .dbus(error) }
    }

    func set(_ name: String, _ value: DBusValue, _ interface: String = playerInterface) throws(ClientError) {
        do {
            try connection.setProperty(
                destination: busName, path: MPRISClient.objectPath, interface: interface,
                name: name, value: value, timeout: MPRISClient.timeout)
        } catch { throw .dbus(error) }
    }

    func getAll(_ interface: String = playerInterface) throws(ClientError) -> [String: DBusValue] {
        do {
            return try connection.getAllProperties(
                destination: busName, path: MPRISClient.objectPath,
                interface: interface, timeout: MPRISClient.timeout)
        } catch { throw .dbus(error) }
    }

    /// Everything `status` shows, in one GetAll round trip.
    func snapshot() throws(ClientError) -> PlayerSnapshot {
        var s = PlayerSnapshot(player: shortName)
        MPRISValues.apply(try getAll(), to: &s)
        if let url = s.metadata.url, MediaLocation.isHTTP(url),
            let p = try? getAll("org.mpris.MediaPlayer2.linnet.Stream"),
            case .boolean(let buffering)? = p["Buffering"]?.unwrappingVariants
        {
            s.stream = StreamStatus(
                buffering: buffering, level: p["BufferLevel"]?.unwrappingVariants.doubleValue ?? 0,
                seconds: p["BufferedSeconds"]?.unwrappingVariants.doubleValue ?? 0,
                stationName: p["StationName"]?.unwrappingVariants.stringValue ?? "")
        }
        return s
    }

    /// The current track's metadata (`Metadata`).
    func metadata() throws(ClientError) -> TrackMetadata {
        MPRISValues.metadata(try get("Metadata"))
    }

    func double(_ name: String) throws(ClientError) -> Double {
        let value = try get(name)
        guard let d = value.doubleValue else {
            throw .unexpected("\(name) of \(busName) is '\(value.signature)', not a number")
        }
        return d
    }

    /// The track ids of the track list; a player without one gives `noTrackList`.
    func trackIDs() throws(ClientError) -> [String] {
        let value: DBusValue
        do {
            value = try connection.getProperty(
                destination: busName, path: MPRISClient.objectPath,
                interface: MPRISClient.trackListInterface, name: "Tracks",
                timeout: MPRISClient.timeout)
        } catch {
            if [
                DBusError.Name.unknownInterface, DBusError.Name.unknownProperty, DBusError.Name.unknownMethod,
                DBusError.Name.invalidArgs
            ].contains(error.name) {
                throw .noTrackList(shortName, error)
            }
            throw .dbus(error)
        }
        guard case .array(_, let items) = value else {
            throw .unexpected("Tracks of \(busName) is '\(value.signature)', not 'ao'")
        }
        return items.compactMap(\.stringValue)
    }
}
