import DBus
import Glibc
import LinnetCLI

/// `linnet scrobble`: Linnet's Scrobbler interface (`Enabled`, `Services`, `Streams`, `SetEnabled`,
/// `LastfmLoginStart`, `LastfmLoginFinish`).
struct ScrobbleClient {
    let player: MPRISClient
    static let interface = "org.mpris.MediaPlayer2.linnet.Scrobbler"
    /// How long a login waits for the user to allow Linnet (Last.fm's tokens last an hour).
    static let loginPatienceSeconds = 600.0

    func run(_ request: ScrobbleRequest) throws(ClientError) {
        switch request {
        case .status(let json):
            let all = try player.getAll(Self.interface)
            let enabled = all["Enabled"]?.unwrappingVariants == .boolean(true)
            let streams = all["Streams"]?.unwrappingVariants == .boolean(true)
            let rows = services(all["Services"])
            Terminal.out(
                (json
                    ? ScrobbleRendering.json(enabled: enabled, streams: streams, services: rows).encoded
                    : ScrobbleRendering.text(enabled: enabled, streams: streams, services: rows)) + "\n")
        case .enable, .disable:
            try player.call("SetEnabled", [.boolean(request == .enable)], interface: Self.interface)
        case .loginLastFM:
            try login()
        }
    }

    private func login() throws(ClientError) {
        let started = try player.call("LastfmLoginStart", interface: Self.interface)
        guard started.count == 2, let url = started[0].stringValue, let token = started[1].stringValue else {
            throw .unexpected("LastfmLoginStart answered \(started)")
        }
        Terminal.out("Open this page and allow Linnet to scrobble to your Last.fm account:\n  \(url)\nWaiting…\n")
        let deadline = Self.now() + Self.loginPatienceSeconds
        let interval = Double(getenv("LINNET_LOGIN_POLL").map { String(cString: $0) } ?? "") ?? 3
        while Self.now() < deadline {
            let answer = try player.call("LastfmLoginFinish", [.string(token)], interface: Self.interface)
            if answer.first?.stringValue == "done" {
                let user = answer.count > 1 ? answer[1].stringValue ?? "" : ""
                Terminal.out("Logged in to Last.fm\(user.isEmpty ? "" : " as \(user)"); scrobbling to it now.\n")
                return
            }
            usleep(UInt32(clamping: Int((max(0.05, interval) * 1_000_000).rounded())))
        }
        throw .unexpected("Last.fm login: not allowed within \(Int(Self.loginPatienceSeconds / 60)) minutes; try again")
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    private func services(_ value: DBusValue?) -> [ScrobbleServiceRow] {
        guard case .array(_, let entries)? = value?.unwrappingVariants else { return [] }
        return entries.compactMap { entry in
            guard let d = entry.stringKeyedDictionary, let name = d["Name"]?.unwrappingVariants.stringValue else {
                return nil
            }
            var pending = 0
            if case .uint32(let n)? = d["Pending"]?.unwrappingVariants { pending = Int(n) }
            return ScrobbleServiceRow(
                name: name, configured: d["Configured"]?.unwrappingVariants == .boolean(true), pending: pending,
                lastError: d["LastError"]?.unwrappingVariants.stringValue ?? "",
                held: d["Held"]?.unwrappingVariants == .boolean(true))
        }
    }
}
