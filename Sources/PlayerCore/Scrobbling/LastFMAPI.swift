/// Last.fm's Scrobbling 2.0 API (also Libre.fm's and other compatible servers'): form-encoded POSTs signed with
/// `api_sig` = MD5 of the parameters sorted by name, each name followed by its value, then the shared secret
/// (`format` left out of the signature), answers as JSON (`format=json`). The MD5 function is passed in (the
/// digest comes from libcrypto, outside the domain).
public struct LastFMAPI: Sendable {
    public static let defaultRoot = "https://ws.audioscrobbler.com/2.0/"

    public var root: String
    public var apiKey: String
    public var secret: String
    /// The lowercase hex MD5 of some bytes.
    public var md5: @Sendable ([UInt8]) -> String

    public init(root: String, apiKey: String, secret: String, md5: @escaping @Sendable ([UInt8]) -> String) {
        self.root = root
        self.apiKey = apiKey
        self.secret = secret
        self.md5 = md5
    }

    /// `track.scrobble` of up to 50 listens (`artist[i]`, `track[i]`, `timestamp[i]`, …).
    public func scrobble(_ listens: [Listen], session: String) -> ScrobbleRequest {
        var params: [(String, String)] = [("method", "track.scrobble"), ("sk", session)]
        for (i, l) in listens.enumerated() {
            params += fields(l).map { ("\($0.0)[\(i)]", $0.1) }
            params.append(("timestamp[\(i)]", String(l.listenedAt)))
        }
        return request(params)
    }

    /// `track.updateNowPlaying`.
    public func nowPlaying(_ listen: Listen, session: String) -> ScrobbleRequest {
        request([("method", "track.updateNowPlaying"), ("sk", session)] + fields(listen))
    }

    /// `auth.getToken`: the first step of a desktop login.
    public func getToken() -> ScrobbleRequest { request([("method", "auth.getToken")]) }

    /// `auth.getSession` for a token the user has authorised.
    public func getSession(token: String) -> ScrobbleRequest {
        request([("method", "auth.getSession"), ("token", token)])
    }

    /// The page where the user authorises `token`: Last.fm's own for its API, else `api/auth/` on the API's host
    /// (Libre.fm's layout).
    public func authorisationURL(token: String) -> String {
        let query = "?api_key=\(FormEncoding.escape(apiKey))&token=\(FormEncoding.escape(token))"
        if root.contains("ws.audioscrobbler.com") { return "https://www.last.fm/api/auth/" + query }
        // scheme://host[:port]/…: keep up to the first slash after "://".
        let schemeEnd = root.hasPrefix("https://") ? 8 : root.hasPrefix("http://") ? 7 : 0
        let rest = root.dropFirst(schemeEnd)
        let host = rest.prefix { $0 != "/" }
        return String(root.prefix(schemeEnd)) + host + "/api/auth/" + query
    }

    /// The signature of `params` (every parameter but `format` and `callback`).
    public func signature(_ params: [(String, String)]) -> String {
        let signed = params.filter { $0.0 != "format" && $0.0 != "callback" }
            .sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
        var text: [UInt8] = []
        for (k, v) in signed { text += Array(k.utf8) + Array(v.utf8) }
        return md5(text + Array(secret.utf8))
    }

    private func fields(_ l: Listen) -> [(String, String)] {
        var f: [(String, String)] = [("artist", l.artist), ("track", l.title)]
        if let a = l.album { f.append(("album", a)) }
        if let a = l.albumArtist { f.append(("albumArtist", a)) }
        if let n = l.trackNumber { f.append(("trackNumber", String(n))) }
        if let d = l.durationSeconds { f.append(("duration", String(d))) }
        if let id = l.recordingID { f.append(("mbid", id)) }
        return f
    }

    private func request(_ params: [(String, String)]) -> ScrobbleRequest {
        var all = params + [("api_key", apiKey)]
        all.append(("api_sig", signature(all)))
        all.append(("format", "json"))
        return ScrobbleRequest(
            url: root, headers: ["Content-Type: application/x-www-form-urlencoded"],
            body: Array(FormEncoding.encode(all).utf8))
    }

    // MARK: - Answers

    /// Error codes that mean later (8 operation failed, 11 service offline, 16 temporary error, 29 rate limit).
    static let transientCodes: Set<Int64> = [8, 11, 16, 29]
    /// Codes that mean the credentials are wrong (4 authentication failed, 9 invalid session, 10 invalid API key,
    /// 13 invalid signature, 14 token not authorised, 15 token expired, 26 suspended API key).
    static let credentialCodes: Set<Int64> = [4, 9, 10, 13, 14, 15, 26]
    /// Codes that refuse the request itself (2 invalid service, 3 invalid method, 5 invalid format, 6 invalid
    /// parameters, 7 invalid resource, 27 deprecated). Unknown codes are treated as transient: nothing is dropped
    /// for a code Linnet does not know.
    static let rejectingCodes: Set<Int64> = [2, 3, 5, 6, 7, 27]

    /// The error code and message of an answer, when it is one.
    public static func error(_ r: ScrobbleResponse) -> (code: Int64, message: String)? {
        guard let json = r.json, let code = json["error"]?.integer else { return nil }
        return (code, json["message"]?.string ?? "error \(code)")
    }

    /// How a `track.scrobble` answer is classed; ignored scrobbles (`ignoredMessage` code ≠ 0) are listed by
    /// their index in the batch.
    public static func classifyScrobble(_ r: ScrobbleResponse, count: Int) -> SubmissionOutcome {
        if let e = error(r) {
            let text = "Last.fm: \(e.message) (error \(e.code))"
            if transientCodes.contains(e.code) { return .transient(text, retryAfter: r.retryAfter) }
            if credentialCodes.contains(e.code) { return .unauthorized(text) }
            if rejectingCodes.contains(e.code) { return .rejected(text) }
            return .transient(text, retryAfter: r.retryAfter)
        }
        guard (200..<300).contains(r.status), let scrobbles = r.json?["scrobbles"] else {
            if r.status == 429 { return .transient("Last.fm: too many requests", retryAfter: r.retryAfter) }
            return .transient("Last.fm: HTTP \(r.status) without an answer", retryAfter: r.retryAfter)
        }
        var ignored: [Int: String] = [:]
        let items = scrobbles["scrobble"].map { $0.array ?? [$0] } ?? []
        for (i, item) in items.enumerated() where i < count {
            guard let code = item["ignoredMessage"]?["code"]?.integer, code != 0 else { continue }
            ignored[i] = item["ignoredMessage"]?["#text"]?.string ?? "ignored (code \(code))"
        }
        return .accepted(ignored: ignored)
    }

    /// The token of an `auth.getToken` answer, or why there is none.
    public static func token(_ r: ScrobbleResponse) -> Result<String, LastFMError> {
        if let e = error(r) { return .failure(LastFMError(code: e.code, message: e.message)) }
        guard let token = r.json?["token"]?.string, !token.isEmpty else {
            return .failure(LastFMError(code: nil, message: "HTTP \(r.status) without a token"))
        }
        return .success(token)
    }

    /// The session key (and user name) of an `auth.getSession` answer; error 14 means "not authorised yet".
    public static func session(_ r: ScrobbleResponse) -> Result<(key: String, name: String), LastFMError> {
        if let e = error(r) { return .failure(LastFMError(code: e.code, message: e.message)) }
        guard let s = r.json?["session"], let key = s["key"]?.string, !key.isEmpty else {
            return .failure(LastFMError(code: nil, message: "HTTP \(r.status) without a session"))
        }
        return .success((key, s["name"]?.string ?? ""))
    }
}

/// A Last.fm error answer (code nil: the answer could not be read).
public struct LastFMError: Error, Sendable, Hashable, CustomStringConvertible {
    public var code: Int64?
    public var message: String
    public init(code: Int64?, message: String) { (self.code, self.message) = (code, message) }
    public var description: String { code.map { "Last.fm: \(message) (error \($0))" } ?? "Last.fm: \(message)" }
    /// auth.getSession before the user has authorised the token.
    public var isNotYetAuthorised: Bool { code == 14 }
}
