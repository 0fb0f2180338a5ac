import MPD
import PlayerCore
import MPDProtocol
import Sockets

/// Starts the MPD front end where the configuration says (`mpd = …`, `--mpd`), on the shared player; nil when it
/// is off or cannot listen (logged: the rest of the service runs without it).
@MainActor
enum MPDFrontEnd {
    static func start(configuration: DaemonConfiguration, player: Player) -> MPDServer? {
        guard let text = configuration.mpdAddress, text != "off" else { return nil }
        var access = MPDAccess()
        for line in configuration.mpdPasswords where !access.addPassword(line) {
            Log.error("mpd: a password line is not SECRET@read,add,control,admin; the MPD front end is off")
            return nil
        }
        if !access.passwords.isEmpty { access.defaultPermissions = [] }
        if let text = configuration.mpdDefaultPermissions {
            guard let permissions = MPDPermission.parseList(text) else {
                Log.error("mpd: mpd-default-permissions '\(text)' is not a list of read, add, control, admin")
                return nil
            }
            access.defaultPermissions = permissions
        }
        let addresses: [SocketAddress]
        do throws(SocketAddressError) {
            if text == "unix" {
                guard let unix = try SocketAddress.inRuntimeDirectory("linnet/mpd.socket") else {
                    Log.error("mpd: no XDG_RUNTIME_DIR for the unix socket; the MPD front end is off")
                    return nil
                }
                addresses = [unix]
            } else {
                addresses = try SocketAddress.addresses(parsing: text, defaultPort: 6600)
            }
        } catch {
            Log.error("mpd: \(error); the MPD front end is off")
            return nil
        }
        // Anyone who reaches a network address could do everything without a password: refuse to listen there.
        if let open = addresses.first(where: { !$0.isLocal }),
            access.defaultPermissions.contains(.control)
                || access.passwords.isEmpty
        {
            Log.error("mpd: \(open) is reachable from the network: set mpd-password (and no control by default)")
            return nil
        }
        var options = MPDServer.Configuration()
        options.access = access
        let server = MPDServer(backend: player, configuration: options, log: { Log.error($0) })
        for address in addresses {
            do {
                Log.info("mpd: listening on \(try server.listen(on: address))")
            } catch {
                Log.error("mpd: cannot listen on \(address): \(error)")
            }
        }
        player.addObserver(server)
        return server
    }
}

extension MPDServer: PlayerObserver {
    func playerChanged(_ player: Player) { playerChanged() }
    func playerSeeked(_ player: Player, toMicroseconds position: Int64) { note([.player]) }
}
