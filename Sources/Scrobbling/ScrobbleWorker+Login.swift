import FileSystem
import PlayerCore

/// What one step of the Last.fm login came to.
public enum LastFMLoginResult: Sendable, Hashable {
    /// The session key is stored (the secrets file) and in use.
    case loggedIn(user: String)
    /// The user has not authorised the token yet: ask again in a few seconds.
    case waiting
    case failed(String)
}

/// Last.fm's desktop login: `auth.getToken`, the user authorises the token in a browser, `auth.getSession` gives
/// the session key, which is written to the secrets file (0600) and used at once. The key is never logged.
extension ScrobbleWorker {
    /// Asks for a token; `done` (on the worker's queue) gets it with the page to authorise it at.
    public func startLastFMLogin(
        _ done: @escaping @Sendable (Result<(token: String, url: String), LastFMError>) -> Void
    ) {
        queue.async { [self] in
            guard let api = lastFM() else {
                return done(
                    .failure(
                        LastFMError(
                            code: nil,
                            message: "set lastfm-api-key and lastfm-api-secret in linnetd.conf first"
                                + (Self.md5Problem.map { " (\($0))" } ?? ""))))
            }
            send(api.getToken(), service: .lastFM) { result in
                switch result {
                case .failure(let f): done(.failure(LastFMError(code: nil, message: f.reason)))
                case .success(let response):
                    done(LastFMAPI.token(response).map { ($0, api.authorisationURL(token: $0)) })
                }
            }
        }
    }

    /// Asks for the session of `token`; on success stores it and sends what waited for it.
    public func finishLastFMLogin(token: String, _ done: @escaping @Sendable (LastFMLoginResult) -> Void) {
        queue.async { [self] in
            guard let api = lastFM() else { return done(.failed("Last.fm is not set up")) }
            send(api.getSession(token: token), service: .lastFM) { [self] result in
                switch result {
                case .failure(let f): done(.failed(f.reason))
                case .success(let response):
                    switch LastFMAPI.session(response) {
                    case .failure(let e) where e.isNotYetAuthorised: done(.waiting)
                    case .failure(let e): done(.failed(e.description))
                    case .success(let session):
                        if let problem = storeSession(session.key) { return done(.failed(problem)) }
                        settings.lastFMSession = session.key
                        queues[.lastFM]?.credentialsChanged()
                        log("scrobble: logged in to Last.fm as \(session.name)")
                        pump()
                        done(.loggedIn(user: session.name))
                    }
                }
            }
        }
    }

    /// Writes `lastfm-session = KEY` into the secrets file (other lines kept), mode 0600; the problem, or nil.
    private func storeSession(_ key: String) -> String? {
        guard let secretsPath else { return "no configuration folder to keep the session in (HOME unset)" }
        let file = FilePath(secretsPath)
        let old = (try? file.read(upTo: 64 * 1024)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        var lines = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter {
            !$0.drop(while: { $0 == " " || $0 == "\t" }).lowercased().hasPrefix("lastfm-session")
        }
        while lines.last == "" { lines.removeLast() }
        if lines.isEmpty {
            lines.append("# Linnet's scrobbling secrets (written by linnet scrobble login; keep private)")
        }
        lines.append("lastfm-session = \(key)")
        do {
            let dir = String(secretsPath[..<(secretsPath.lastIndex(of: "/") ?? secretsPath.endIndex)])
            if !dir.isEmpty { try FilePath(dir).createDirectories() }
            try file.writeAtomically(
                Array((lines.joined(separator: "\n") + "\n").utf8), durable: true, permissions: 0o600)
        } catch {
            return "cannot write \(secretsPath): \(error.message)"
        }
        return nil
    }
}
