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

    public static func load(environment: (String) -> String?) -> DaemonConfiguration {
        guard let path = path(environment: environment) else { return DaemonConfiguration() }
        let bytes: [UInt8]
        do {
            bytes = try FilePath(path).read(upTo: 1 << 20)
        } catch {
            if error.errno != ENOENT { Log.error("\(path): \(error.message); using defaults") }
            return DaemonConfiguration()
        }
        do {
            return try DaemonConfiguration.parse(String(decoding: bytes, as: UTF8.self))
        } catch {
            Log.error("\(path): \(error); using defaults")
            return DaemonConfiguration()
        }
    }
}
