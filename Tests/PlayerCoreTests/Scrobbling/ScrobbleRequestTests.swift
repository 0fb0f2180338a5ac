import PlayerCore
import Testing

/// The request builders and answer classes of both services.
@Suite struct ScrobbleRequestTests {
    func listen(_ at: Int64 = 1_700_000_000) -> Listen {
        var l = Listen(listenedAt: at, artist: "Björk", title: "Jóga \"live\"")
        l.album = "Homogenic"
        l.trackNumber = 3
        l.durationMicroseconds = 305_000_000
        l.recordingID = "0f1f0e5a-0000-4000-8000-000000000001"
        l.releaseID = "0f1f0e5a-0000-4000-8000-000000000002"
        l.artistIDs = ["0f1f0e5a-0000-4000-8000-000000000003"]
        return l
    }

    @Test func listenBrainzPayloads() throws {
        let one = ListenBrainzAPI.submit([listen()], root: "http://127.0.0.1:9/lb/", token: "TOKEN")
        #expect(one.url == "http://127.0.0.1:9/lb/1/submit-listens")
        #expect(one.headers.contains("Authorization: Token TOKEN"))
        let json = try JSONParser.parse(one.body)
        #expect(json["listen_type"]?.string == "single")
        let item = json["payload"]?.array?.first
        #expect(item?["listened_at"]?.integer == 1_700_000_000)
        #expect(item?["track_metadata"]?["artist_name"]?.string == "Björk")
        #expect(item?["track_metadata"]?["track_name"]?.string == "Jóga \"live\"")
        let info = item?["track_metadata"]?["additional_info"]
        #expect(info?["recording_mbid"]?.string == "0f1f0e5a-0000-4000-8000-000000000001")
        #expect(info?["artist_mbids"]?.array?.count == 1)
        #expect(info?["duration_ms"]?.integer == 305_000)
        let many = try JSONParser.parse(ListenBrainzAPI.submit([listen(1), listen(2)], root: "x", token: "t").body)
        #expect(many["listen_type"]?.string == "import")
        let now = try JSONParser.parse(
            ListenBrainzAPI.submit([listen()], type: .playingNow, root: "x", token: "t").body)
        #expect(now["listen_type"]?.string == "playing_now")
        #expect(now["payload"]?.array?.first?["listened_at"] == nil)
    }

    @Test func listenBrainzAnswers() {
        #expect(ListenBrainzAPI.classify(.init(status: 200, body: Array(#"{"status":"ok"}"#.utf8))) == .accepted())
        #expect(
            ListenBrainzAPI.classify(.init(status: 429, headers: ["retry-after": "3"]))
                == .transient("ListenBrainz: too many requests", retryAfter: 3_000_000))
        #expect(
            ListenBrainzAPI.classify(.init(status: 429, headers: ["x-ratelimit-reset-in": "5"]))
                == .transient("ListenBrainz: too many requests", retryAfter: 5_000_000))
        guard case .transient = ListenBrainzAPI.classify(.init(status: 503)) else { Issue.record("503"); return }
        guard case .unauthorized = ListenBrainzAPI.classify(.init(status: 401)) else { Issue.record("401"); return }
        guard
            case .rejected(let why) = ListenBrainzAPI.classify(
                .init(status: 400, body: Array(#"{"code":400,"error":"bad listen"}"#.utf8)))
        else { Issue.record("400"); return }
        #expect(why.contains("bad listen"))
    }

    /// api_sig is the MD5 of the sorted name+value pairs and the secret, without `format`: checked with a fake
    /// digest that shows its input.
    @Test func lastFMSignsSortedParameters() {
        let api = LastFMAPI(
            root: LastFMAPI.defaultRoot, apiKey: "KEY", secret: "SECRET",
            md5: { String(decoding: $0, as: UTF8.self) })
        #expect(
            api.signature([("method", "auth.getToken"), ("api_key", "KEY"), ("format", "json")])
                == "api_keyKEYmethodauth.getTokenSECRET")
        let request = api.scrobble([listen(10), listen(20)], session: "SK")
        let body = String(decoding: request.body, as: UTF8.self)
        #expect(body.contains("artist%5B0%5D=Bj%C3%B6rk"))
        #expect(body.contains("timestamp%5B1%5D=20"))
        #expect(body.contains("mbid%5B0%5D=0f1f0e5a-0000-4000-8000-000000000001"))
        #expect(body.hasSuffix("&format=json"))
        // Sorted by name as bytes: album[0] < album[1] < api_key < artist[0] < … < timestamp[1] < track[0].
        let sig = body.split(separator: "&").first { $0.hasPrefix("api_sig=") }.map { String($0.dropFirst(8)) }
        #expect(sig?.hasPrefix("album%5B0%5DHomogenicalbum%5B1%5DHomogenicapi_keyKEY") == true)
        #expect(
            api.authorisationURL(token: "T") == "https://www.last.fm/api/auth/?api_key=KEY&token=T")
        let libre = LastFMAPI(root: "https://libre.fm/2.0/", apiKey: "K", secret: "S", md5: { _ in "" })
        #expect(libre.authorisationURL(token: "T") == "https://libre.fm/api/auth/?api_key=K&token=T")
    }

    @Test func lastFMAnswers() throws {
        func r(_ json: String, _ status: Int = 200) -> ScrobbleResponse {
            .init(status: status, body: Array(json.utf8))
        }
        #expect(
            LastFMAPI.classifyScrobble(
                r(#"{"scrobbles":{"@attr":{"accepted":1,"ignored":0},"scrobble":{}}}"#), count: 1)
                == .accepted())
        let ignored = LastFMAPI.classifyScrobble(
            r(
                ##"{"scrobbles":{"@attr":{"accepted":1,"ignored":1},"scrobble":[{"ignoredMessage":{"code":"0","#text":""}},{"ignoredMessage":{"code":"3","#text":"Timestamp too old"}}]}}"##
            ), count: 2)
        #expect(ignored == .accepted(ignored: [1: "Timestamp too old"]))
        for code in [8, 11, 16, 29] {
            guard case .transient = LastFMAPI.classifyScrobble(r(#"{"error":\#(code),"message":"m"}"#, 503), count: 1)
            else { Issue.record("\(code) should be transient"); continue }
        }
        for code in [4, 9, 10, 26] {
            guard
                case .unauthorized = LastFMAPI.classifyScrobble(r(#"{"error":\#(code),"message":"m"}"#, 403), count: 1)
            else { Issue.record("\(code) should hold"); continue }
        }
        guard
            case .rejected = LastFMAPI.classifyScrobble(
                r(#"{"error":6,"message":"Invalid parameters"}"#, 400), count: 1)
        else { Issue.record("6 should reject"); return }
        guard case .transient = LastFMAPI.classifyScrobble(r(#"{"error":999,"message":"new"}"#, 400), count: 1)
        else { Issue.record("an unknown code drops nothing"); return }
        guard case .transient = LastFMAPI.classifyScrobble(r("<html>", 502), count: 1) else {
            Issue.record("502 html"); return
        }
        #expect(try LastFMAPI.token(r(#"{"token":"abc"}"#)).get() == "abc")
        #expect(try LastFMAPI.session(r(#"{"session":{"name":"me","key":"SK","subscriber":0}}"#)).get().key == "SK")
        guard case .failure(let e) = LastFMAPI.session(r(#"{"error":14,"message":"not authorised"}"#, 403)) else {
            Issue.record("14"); return
        }
        #expect(e.isNotYetAuthorised)
    }

    @Test func settingsNeverPrintSecrets() throws {
        let c = try DaemonConfiguration.parse(
            """
            listenbrainz-token = LBSECRET
            lastfm-api-key = KEY
            lastfm-api-secret = LFSECRET
            lastfm-session = SESSIONSECRET
            scrobble-streams = yes
            """)
        #expect(c.scrobbling.services == [.listenBrainz, .lastFM])
        #expect(c.scrobbling.streams)
        let printed = "\(c) \(String(reflecting: c)) \(c.scrobbling)"
        for secret in ["LBSECRET", "LFSECRET", "SESSIONSECRET"] { #expect(!printed.contains(secret)) }
        var d = DaemonConfiguration()
        try d.applySecrets("lastfm-session = S2")
        #expect(d.scrobbling.lastFMSession == "S2")
        #expect(throws: DaemonConfiguration.ParseError.self) { try d.applySecrets("mpd = unix") }
        #expect(throws: DaemonConfiguration.ParseError.self) {
            try DaemonConfiguration.parse("listenbrainz-url = ftp://x")
        }
        do {
            _ = try DaemonConfiguration.parse("lastfm-session SESSIONSECRET")
        } catch { #expect(!error.description.contains("SESSIONSECRET")) }
    }
}
