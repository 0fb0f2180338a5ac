/// linnetd's configuration, read from `$XDG_CONFIG_HOME/linnet/linnetd.conf` (route, session, library, ReplayGain):
/// `key = value` lines, `#` comments, blank lines ignored. Keys: `auto-resume-window` (seconds, 0 = off) and
/// `exclusive` (true/false, yes/no, on/off, 1/0), `library` (a folder for the media library; repeatable);
/// `replaygain` (off, track, album, auto) and `replaygain-preamp` (dB, −15 … 15); `mpd` (where the MPD-protocol
/// front end listens: `127.0.0.1:6600`, `[::1]:6600`, `localhost`, `unix` for `$XDG_RUNTIME_DIR/linnet/mpd.socket`,
/// a socket path, or `off`; off by default), `mpd-password` (`SECRET@read,add,control,admin`, repeatable; needed
/// for an address that is not loopback) and `mpd-default-permissions` (what a client has before a password; none
/// when passwords are set, as MPD); `output` (`local`, or `snapcast tcp://HOST:PORT` / `snapcast pipe:///PATH`
/// for a Snapcast stream; repeatable; without any, the local sink only); the scrobbling keys (`listenbrainz-token`,
/// `listenbrainz-url`, `lastfm-api-key`, `lastfm-api-secret`, `lastfm-session`, `lastfm-url`, `scrobble-streams`:
/// `ScrobbleSettings`). Command-line options override the file.
public struct DaemonConfiguration: Sendable, Hashable {
    public var autoResumeWindowSeconds: Double?
    public var exclusive: Bool?
    /// Extra library folders (`library = DIR`, repeatable).
    public var libraryFolders: [String] = []
    public var replayGainMode: ReplayGainMode?
    public var replayGainPreampDB: Double?
    /// Where the MPD front end listens (`mpd = ADDRESS`); nil or "off": it is not started.
    public var mpdAddress: String?
    /// `output` lines in order (none: the local sink only).
    public var outputs: [OutputSetting] = []
    /// `mpd-password` lines as written (`SECRET@PERMISSIONS`), checked by the MPD front end.
    public var mpdPasswords: [String] = []
    /// `mpd-default-permissions` as written (`read,add,…`).
    public var mpdDefaultPermissions: String?
    /// ListenBrainz and Last.fm (their secrets are never printed: see `ScrobbleSettings`).
    public var scrobbling = ScrobbleSettings()

    public init(autoResumeWindowSeconds: Double? = nil, exclusive: Bool? = nil) {
        self.autoResumeWindowSeconds = autoResumeWindowSeconds
        self.exclusive = exclusive
    }

    /// A line that could not be understood, with its number (1-based) for the error message.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// Parses the file's text; unknown keys are errors (a typo should not be silently ignored).
    public static func parse(_ text: String) throws(ParseError) -> DaemonConfiguration {
        var settings = DaemonConfiguration()
        try settings.apply(text)
        return settings
    }

    /// Parses the secrets file (`secrets.conf` beside linnetd.conf, written 0600 by `linnet scrobble login`) over
    /// these settings: only the secret keys (`ScrobbleSettings.secretKeys`) may be set there.
    public mutating func applySecrets(_ text: String) throws(ParseError) {
        try apply(text, onlyKeys: ScrobbleSettings.secretKeys)
    }

    private mutating func apply(_ text: String, onlyKeys: Set<String>? = nil) throws(ParseError) {
        var settings = self
        for (n, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let eq = line.firstIndex(of: "=") else {
                // A secret's line is not echoed into the log.
                let secret = ScrobbleSettings.secretKeys.contains { line.lowercased().hasPrefix($0) }
                throw ParseError(line: n + 1, message: "expected key = value" + (secret ? "" : ", got '\(line)'"))
            }
            let key = line[..<eq].trimmingSpaces.lowercased()
            let value = line[line.index(after: eq)...].trimmingSpaces
            if let onlyKeys, !onlyKeys.contains(key) {
                throw ParseError(line: n + 1, message: "only secrets belong here, not '\(key)'")
            }
            do throws(ScrobbleSettingError) {
                if try settings.scrobbling.set(key, value) { continue }
            } catch { throw ParseError(line: n + 1, message: error.message) }
            switch key {
            case "auto-resume-window":
                guard let v = Double(value), v >= 0, v.isFinite else {
                    throw ParseError(line: n + 1, message: "auto-resume-window needs seconds (0 = off), got '\(value)'")
                }
                settings.autoResumeWindowSeconds = v
            case "exclusive":
                switch value.lowercased() {
                case "true", "yes", "on", "1": settings.exclusive = true
                case "false", "no", "off", "0": settings.exclusive = false
                default: throw ParseError(line: n + 1, message: "exclusive needs true or false, got '\(value)'")
                }
            case "mpd":
                guard !value.isEmpty else {
                    throw ParseError(line: n + 1, message: "mpd needs an address, unix or off")
                }
                settings.mpdAddress = String(value)
            case "output":
                do throws(OutputSettingError) {
                    settings.outputs.append(try OutputSetting(parsing: value))
                } catch { throw ParseError(line: n + 1, message: error.description) }
            case "mpd-password":
                guard !value.isEmpty else { throw ParseError(line: n + 1, message: "mpd-password needs SECRET@PERMS") }
                settings.mpdPasswords.append(String(value))
            case "mpd-default-permissions":
                settings.mpdDefaultPermissions = String(value)
            case "library":
                guard !value.isEmpty else { throw ParseError(line: n + 1, message: "library needs a folder") }
                settings.libraryFolders.append(String(value))
            case "replaygain":
                guard let mode = ReplayGainMode(rawValue: value.lowercased()) else {
                    throw ParseError(line: n + 1, message: "replaygain needs off, track, album or auto, got '\(value)'")
                }
                settings.replayGainMode = mode
            case "replaygain-preamp":
                let number = value.lowercased().hasSuffix("db") ? String(value.dropLast(2)).trimmingSpaces : value
                guard let v = Double(number), v.isFinite, abs(v) <= 15 else {
                    throw ParseError(line: n + 1, message: "replaygain-preamp needs dB from -15 to 15, got '\(value)'")
                }
                settings.replayGainPreampDB = v
            default:
                throw ParseError(line: n + 1, message: "unknown key '\(key)'")
            }
        }
        self = settings
    }

    /// The policy options for an auto-resume window (0 or nil: off; a window too long for Int64 µs is "forever").
    public var policyOptions: RoutePolicyOptions {
        let w = autoResumeWindowSeconds ?? 0
        return RoutePolicyOptions(
            autoResume: w > 0,
            autoResumeWindowMicroseconds: Int64(saturating: w * 1_000_000) ?? 0)
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = lastIndex(where: { !isSpace($0) })!
        return String(self[first...last])
    }
}
