import FileSystem
import Glibc
import PlayerCore

/// Reads `$XDG_CONFIG_HOME/linnet/linnetd.conf` (or `~/.config/…`) into `DaemonConfiguration`; a missing file means
/// defaults, a bad one is reported and ignored (the daemon still starts).
public enum DaemonConfigurationFile {
    static func path(environment: (String) -> String?) -> String? {
        if let x = environment("XDG_CONFIG_HOME"), x.hasPrefix("/") { return x + "/linnet/linnetd.conf" }
        if let home = environment("HOME"), !home.isEmpty { return home + "/.config/linnet/linnetd.conf" }
        return nil
    }

    /// `secrets.conf` beside linnetd.conf: the scrobbling secrets a login writes (0600).
    public static func secretsPath(environment: (String) -> String?) -> String? {
        path(environment: environment).map { String($0.dropLast("linnetd.conf".count)) + "secrets.conf" }
    }

    public static func load(environment: (String) -> String?) -> DaemonConfiguration {
        guard let path = path(environment: environment) else { return DaemonConfiguration() }
        var configuration = DaemonConfiguration()
        if let bytes = read(path) {
            do {
                configuration = try DaemonConfiguration.parse(String(decoding: bytes, as: UTF8.self))
            } catch {
                Log.error("\(path): \(error); using defaults")
            }
            let s = configuration.scrobbling
            let holdsSecret = s.listenBrainzToken != nil || s.lastFMAPISecret != nil || s.lastFMSession != nil
            if holdsSecret, let mode = (try? FilePath(path).status())?.permissions, mode & 0o077 != 0 {
                Log.error(
                    "\(path) holds scrobbling secrets and others may read it (mode \(String(mode, radix: 8))): "
                        + "chmod 600 it, or keep them in secrets.conf")
            }
        }
        if let secrets = secretsPath(environment: environment), let bytes = read(secrets) {
            do {
                try configuration.applySecrets(String(decoding: bytes, as: UTF8.self))
            } catch {
                Log.error("\(secrets): \(error); its secrets are not used")
            }
        }
        return configuration
    }

    private static func read(_ path: String) -> [UInt8]? {
        do {
            return try FilePath(path).read(upTo: 1 << 20)
        } catch {
            if error.errno != ENOENT { Log.error("\(path): \(error.message); using defaults") }
            return nil
        }
    }
}
