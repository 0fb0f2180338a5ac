import Glibc
import PlayerCore

/// Reads `$XDG_CONFIG_HOME/linnet/linnetd.conf` (or `~/.config/…`) into `RouteSettings`; a missing file means
/// defaults, a bad one is reported and ignored (the daemon still starts).
enum RouteSettingsFile {
    static func path(environment: (String) -> String?) -> String? {
        if let x = environment("XDG_CONFIG_HOME"), x.hasPrefix("/") { return x + "/linnet/linnetd.conf" }
        if let home = environment("HOME"), !home.isEmpty { return home + "/.config/linnet/linnetd.conf" }
        return nil
    }

    static func load(environment: (String) -> String?) -> RouteSettings {
        guard let path = path(environment: environment) else { return RouteSettings() }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno != ENOENT { Log.error("\(path): \(String(cString: strerror(errno))); using defaults") }
            return RouteSettings()
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        do {
            return try RouteSettings.parse(String(decoding: bytes, as: UTF8.self))
        } catch {
            Log.error("\(path): \(error); using defaults")
            return RouteSettings()
        }
    }
}
