/// The scrobbling services as linnetd.conf (and the secrets file beside it) configure them. The token, secret
/// and session key are secrets: `description` and reflection never show them, so a log line or a debugger
/// printing the settings cannot leak them.
public struct ScrobbleSettings: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    public var listenBrainzToken: String?
    /// The API root of a ListenBrainz-compatible server.
    public var listenBrainzURL = ListenBrainzAPI.defaultRoot
    public var lastFMAPIKey: String?
    public var lastFMAPISecret: String?
    public var lastFMSession: String?
    public var lastFMURL = LastFMAPI.defaultRoot
    /// Submit radio titles (ICY artist and title) too.
    public var streams = false

    public init() {}

    /// ListenBrainz is configured (a token).
    public var hasListenBrainz: Bool { listenBrainzToken?.isEmpty == false }
    /// Last.fm can sign requests (key and secret); it can scrobble once a session is there too.
    public var hasLastFMApplication: Bool { lastFMAPIKey?.isEmpty == false && lastFMAPISecret?.isEmpty == false }
    public var hasLastFM: Bool { hasLastFMApplication && lastFMSession?.isEmpty == false }

    /// The services listens are journaled for.
    public var services: [ScrobbleService] {
        (hasListenBrainz ? [.listenBrainz] : []) + (hasLastFM ? [.lastFM] : [])
    }

    /// The keys that hold secrets (the only ones the secrets file may set).
    public static let secretKeys: Set<String> = ["listenbrainz-token", "lastfm-api-secret", "lastfm-session"]

    /// Sets one key; false when `key` is not a scrobbling key. Throws a message for a bad value.
    mutating func set(_ key: String, _ value: String) throws(ScrobbleSettingError) -> Bool {
        switch key {
        case "listenbrainz-token": listenBrainzToken = value
        case "listenbrainz-url": listenBrainzURL = try Self.url(key, value)
        case "lastfm-api-key": lastFMAPIKey = value
        case "lastfm-api-secret": lastFMAPISecret = value
        case "lastfm-session": lastFMSession = value
        case "lastfm-url": lastFMURL = try Self.url(key, value)
        case "scrobble-streams":
            switch value.lowercased() {
            case "yes", "true", "on", "1": streams = true
            case "no", "false", "off", "0": streams = false
            default: throw ScrobbleSettingError(message: "scrobble-streams needs yes or no, got '\(value)'")
            }
        default: return false
        }
        return true
    }

    private static func url(_ key: String, _ value: String) throws(ScrobbleSettingError) -> String {
        guard value.hasPrefix("http://") || value.hasPrefix("https://") else {
            throw ScrobbleSettingError(message: "\(key) needs an http:// or https:// URL, got '\(value)'")
        }
        return value
    }

    public var description: String {
        let lb = hasListenBrainz ? "ListenBrainz at \(listenBrainzURL)" : nil
        let lf = hasLastFMApplication ? "Last.fm at \(lastFMURL)\(hasLastFM ? "" : " (not logged in)")" : nil
        let list = [lb, lf].compactMap { $0 }
        return list.isEmpty ? "no scrobbling service" : list.joined(separator: ", ")
    }

    public var customMirror: Mirror { Mirror(self, children: ["services": description]) }
}

/// A scrobbling key with a value that cannot be used.
public struct ScrobbleSettingError: Error, Sendable, Hashable {
    public var message: String
}
