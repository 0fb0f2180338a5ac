/// ListenBrainz's submission API (`POST /1/submit-listens`, `Authorization: Token …`, a JSON body with
/// `listen_type` single, import or playing_now) and how its answers are classed. Any ListenBrainz-compatible
/// server works: `root` is its API root.
public enum ListenBrainzAPI {
    public static let defaultRoot = "https://api.listenbrainz.org"

    /// The kinds of submission.
    public enum ListenType: String, Sendable {
        case single, playingNow = "playing_now", `import`
    }

    /// Listens (one: `single`; several: `import`) or the track playing now (`listenedAt` is left out).
    public static func submit(
        _ listens: [Listen], type: ListenType? = nil, root: String, token: String, client: String = "Linnet",
        version: String = "1.0"
    ) -> ScrobbleRequest {
        let kind = type ?? (listens.count == 1 ? .single : .import)
        let payload = listens.map { listen -> JSONWriter.Value in
            var members: [JSONWriter.Member] = []
            if kind != .playingNow { members.append(.init("listened_at", .integer(listen.listenedAt))) }
            members.append(.init("track_metadata", metadata(listen, client: client, version: version)))
            return .object(members)
        }
        let body = JSONWriter.text(
            .object([.init("listen_type", .string(kind.rawValue)), .init("payload", .array(payload))]))
        return ScrobbleRequest(
            url: endpoint(root: root, "1/submit-listens"),
            headers: ["Authorization: Token \(token)", "Content-Type: application/json"], body: Array(body.utf8))
    }

    static func metadata(_ l: Listen, client: String, version: String) -> JSONWriter.Value {
        var info: [JSONWriter.Member] = [
            .init("media_player", .string(client)), .init("submission_client", .string(client)),
            .init("submission_client_version", .string(version))
        ]
        if let id = l.recordingID { info.append(.init("recording_mbid", .string(id))) }
        if let id = l.releaseID { info.append(.init("release_mbid", .string(id))) }
        if !l.artistIDs.isEmpty { info.append(.init("artist_mbids", .array(l.artistIDs.map { .string($0) }))) }
        if let n = l.trackNumber { info.append(.init("tracknumber", .integer(Int64(n)))) }
        if let d = l.durationMicroseconds { info.append(.init("duration_ms", .integer(d / 1000))) }
        if let a = l.albumArtist { info.append(.init("release_artist_name", .string(a))) }
        var members: [JSONWriter.Member] = [
            .init("artist_name", .string(l.artist)), .init("track_name", .string(l.title))
        ]
        if let album = l.album { members.append(.init("release_name", .string(album))) }
        members.append(.init("additional_info", .object(info)))
        return .object(members)
    }

    /// `root` + "/" + `path`, with one slash between.
    static func endpoint(root: String, _ path: String) -> String {
        var r = root
        while r.hasSuffix("/") { r.removeLast() }
        return r + "/" + path
    }

    /// 200: taken. 429 and 5xx (and no answer): later, after Retry-After or `X-RateLimit-Reset-In` when given.
    /// 401/403: the token is refused. Any other 4xx: these listens are refused for good.
    public static func classify(_ r: ScrobbleResponse) -> SubmissionOutcome {
        let message = r.json?["error"]?.string ?? "HTTP \(r.status)"
        switch r.status {
        case 200..<300: return .accepted()
        case 429:
            let resetIn = r.headers["x-ratelimit-reset-in"].flatMap { Int64($0) }.map {
                $0.multipliedSaturating(by: 1_000_000)
            }
            return .transient("ListenBrainz: too many requests", retryAfter: r.retryAfter ?? resetIn)
        case 401, 403: return .unauthorized("ListenBrainz refused the token: \(message)")
        case 400..<500: return .rejected("ListenBrainz refused the listens: \(message)")
        default: return .transient("ListenBrainz: \(message)", retryAfter: r.retryAfter)
        }
    }
}
