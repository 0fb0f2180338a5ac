/// `linnet scrobble status [--json] | enable | disable | login lastfm` (Linnet's Scrobbler interface).
public enum ScrobbleRequest: Sendable, Equatable {
    case status(json: Bool)
    case enable
    case disable
    /// The Last.fm desktop login: print the page to authorise Linnet at, wait until it is done.
    case loginLastFM
}

/// One service as `linnet scrobble status` shows it (the Scrobbler interface's `Services` entries).
public struct ScrobbleServiceRow: Sendable, Equatable {
    public var name: String
    public var configured: Bool
    public var pending: Int
    public var lastError: String
    public var held: Bool

    public init(name: String, configured: Bool, pending: Int, lastError: String, held: Bool) {
        (self.name, self.configured, self.pending, self.lastError, self.held) =
            (name, configured, pending, lastError, held)
    }
}

/// How `linnet scrobble status` prints.
public enum ScrobbleRendering {
    static let displayNames = ["listenbrainz": "ListenBrainz", "lastfm": "Last.fm"]

    /// "Scrobbling: on (radio titles too)", then one line per service: set up or not, listens waiting, last error.
    public static func text(enabled: Bool, streams: Bool, services: [ScrobbleServiceRow]) -> String {
        var lines = ["Scrobbling: \(enabled ? "on" : "off")\(streams ? " (radio titles too)" : "")"]
        for s in services {
            let name = displayNames[s.name] ?? s.name
            var line = "  \(name): "
            if !s.configured {
                line += s.pending > 0 ? "not set up, \(s.pending) waiting" : "not set up"
            } else {
                line += "\(s.pending) waiting"
                if s.held { line += ", held until new credentials" }
            }
            if !s.lastError.isEmpty { line += "; last error: \(s.lastError)" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    public static func json(enabled: Bool, streams: Bool, services: [ScrobbleServiceRow]) -> JSONValue {
        .object([
            ("enabled", .bool(enabled)), ("streams", .bool(streams)),
            ("pending", .integer(Int64(services.reduce(0) { $0 + $1.pending }))),
            (
                "services",
                .array(
                    services.map { s in
                        .object([
                            ("name", .string(s.name)), ("configured", .bool(s.configured)),
                            ("pending", .integer(Int64(s.pending))), ("lastError", .string(s.lastError)),
                            ("held", .bool(s.held))
                        ])
                    })
            )
        ])
    }
}

extension CommandTable {
    static let scrobble = CommandSpec(
        "scrobble", "status [--json] | enable | disable | login lastfm", "Scrobbling to ListenBrainz and Last.fm",
        """
        status: whether scrobbling is on, and per service whether it is set up, how many listens wait
          to be submitted and the last error.  --json  as a JSON object
        enable | disable: start or stop keeping listens (kept across restarts; waiting listens stay and
          are submitted once enabled again).
        login lastfm: print the Last.fm page to allow Linnet at and wait until that is done; the session
          key is then kept in secrets.conf beside linnetd.conf (mode 0600) and used at once. Needs
          lastfm-api-key and lastfm-api-secret in linnetd.conf.
        The services are set up in linnetd.conf: listenbrainz-token, listenbrainz-url, lastfm-api-key,
        lastfm-api-secret, lastfm-session, lastfm-url, scrobble-streams = yes|no (see man linnetd).
        """
    ) { (r, _) throws(UsageError) in
        guard let sub = r.args.first else { return .scrobble(.status(json: false)) }
        let rest = Array(r.args.dropFirst())
        let reader = ArgumentReader(command: "scrobble \(sub)", args: rest)
        switch sub {
        case "status":
            guard rest.allSatisfy({ $0 == "--json" }) else { throw reader.fail("unknown argument (only --json)") }
            return .scrobble(.status(json: rest.contains("--json")))
        case "enable", "disable":
            _ = try reader.operands(0...0)
            return .scrobble(sub == "enable" ? .enable : .disable)
        case "login":
            guard try reader.operands(1...1)[0].lowercased() == "lastfm" else {
                throw reader.fail("only Last.fm has a login (ListenBrainz takes listenbrainz-token in linnetd.conf)")
            }
            return .scrobble(.loginLastFM)
        default:
            throw r.fail("unknown scrobble command '\(sub)' (status, enable, disable, login lastfm)")
        }
    }
}
