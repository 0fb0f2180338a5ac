import MPD
import MPDProtocol
import Sockets

/// Starts the MPD front end where the configuration says (`mpd = …`, `--mpd`), on the shared player; nil when it
/// is off or cannot listen (logged: the rest of the service runs without it).
@MainActor
enum MPDFrontEnd {
    static func start(address text: String?, player: Player) -> MPDServer? {
        guard let text, text != "off" else { return nil }
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
        // Without passwords (not implemented yet) every client may do everything: only this machine's.
        if let open = addresses.first(where: { !$0.isLocal }) {
            Log.error("mpd: \(open) is not a loopback address or Unix socket, and passwords are not supported yet")
            return nil
        }
        let server = MPDServer(backend: player, log: { Log.error($0) })
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
