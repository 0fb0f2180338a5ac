import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// Scrobbling through the real linnetd to local fakes of ListenBrainz and Last.fm (`ScrobbleFake`): the
    /// Last.fm login from the CLI, listens by the heard-time rule, faults (offline, a 429 storm, 500s, a slow
    /// service, linnetd killed with a batch in flight), and exactly which listens each service holds afterwards.
    @Suite(.serialized) struct ScrobbleServiceTests {
        static let scrobbler = "org.mpris.MediaPlayer2.linnet.Scrobbler"
        static var linnet: String { StreamServiceTests.linnet }
        static func mbid(_ n: Int) -> String { "0f1f0e5a-0000-4000-8000-00000000000\(n)" }

        /// 30 s FLAC songs "Song N" by "Artist" (listen at 15 s heard), with a MusicBrainz recording id.
        func makeSongs(_ dir: String, _ numbers: [Int], seconds: Double = 30) throws -> [String] {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let wav = dir + "/tone-\(Int(seconds)).wav"
            if !FileManager.default.fileExists(atPath: wav) {
                try TestMedia.sineWAV(wav, seconds: seconds, amplitude: 0.2)
            }
            return try numbers.map { n in
                let path = dir + "/song\(n)-\(Int(seconds)).flac"
                try TestMedia.flac(
                    wav, to: path,
                    options: [
                        "-T", "TITLE=Song \(n)", "-T", "ARTIST=Artist", "-T", "ALBUM=Album", "-T", "TRACKNUMBER=\(n)",
                        "-T", "MUSICBRAINZ_TRACKID=\(Self.mbid(n))"
                    ])
                return path
            }
        }

        func writeConfiguration(_ f: ServiceFixture, _ lines: [String]) throws {
            let dir = f.stateDir.file("config/linnet")
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try (lines.joined(separator: "\n") + "\n").write(
                toFile: dir + "/linnetd.conf", atomically: true, encoding: .utf8)
        }

        func pending(_ f: ServiceFixture) throws -> UInt32 {
            guard case .uint32(let n) = try f.get(Self.scrobbler, "Pending") else { return .max }
            return n
        }

        func cli(_ f: ServiceFixture, _ args: [String], _ extra: [String: String] = [:]) throws -> (Int32, String) {
            let r = try Child.run(Self.linnet, args, environment: f.environment.merging(extra) { $1 }, timeout: 60)
            return (r.status, r.output)
        }

        func open(_ f: ServiceFixture, _ paths: [String]) throws {
            let r = try cli(f, ["open", "--replace"] + paths)
            #expect(r.0 == 0, "\(r.1)")
        }

        @Test func listensArriveOnceEachThroughFaultsAndAKill() throws {
            let f = try ServiceFixture()
            let lb = try ScrobbleFake(.listenBrainz, directory: f.stateDir.path)
            let lfm = try ScrobbleFake(.lastFM, directory: f.stateDir.path)
            lb.stop()  // ListenBrainz is offline from the start
            try lfm.control(["mode": "ok", "authorise_after": 2])
            try writeConfiguration(
                f,
                [
                    "listenbrainz-token = lb-token", "listenbrainz-url = \(lb.url)", "lastfm-api-key = lfm-key",
                    "lastfm-api-secret = lfm-secret", "lastfm-url = \(lfm.url)"
                ])
            f.extraEnvironment = ["LINNET_SCROBBLE_RETRY": "0.2:1", "LINNET_SCROBBLE_TIMEOUT": "20"]
            let songs = try makeSongs(f.stateDir.file("media"), [1, 2, 3])
            let short = try makeSongs(f.stateDir.file("media"), [9], seconds: 3)[0]
            try f.launch(["--no-restore"])

            // The Last.fm login: the CLI prints the page, waits, and the session key lands in secrets.conf (0600).
            let login = try cli(f, ["scrobble", "login", "lastfm"], ["LINNET_LOGIN_POLL": "0.2"])
            #expect(login.0 == 0, "\(login.1)")
            #expect(
                login.1.contains("http://127.0.0.1:\(lfm.port)/api/auth/?api_key=lfm-key&token=tok-1"), "\(login.1)")
            #expect(login.1.contains("Logged in to Last.fm as tester"), "\(login.1)")
            let secrets = f.stateDir.file("config/linnet/secrets.conf")
            let mode = try FileManager.default.attributesOfItem(atPath: secrets)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            #expect(
                try String(contentsOfFile: secrets, encoding: .utf8).contains("lastfm-session = lfm-session-from-login")
            )

            // A 429 storm at Last.fm (Retry-After 1 s) while ListenBrainz is offline.
            try lfm.control(["mode": "429", "times": 6, "retry_after": 1])
            try open(f, [short, songs[0]])
            // The 3 s song plays through (a play for Most Played, never a scrobble: under 30 s), then Song 1 is
            // heard for 15 s: one listen, journaled for both.
            try f.waitUntil("listen 1 journaled", timeout: 40) { try pending(f) >= 1 }
            let status = try cli(f, ["scrobble", "status"])
            #expect(status.1.contains("ListenBrainz: 1 waiting; last error: ListenBrainz unreachable"), "\(status.1)")
            try f.waitUntil("Song 1 at Last.fm through the storm", timeout: 30) { lfm.listens.count == 1 }
            #expect(lfm.requestKinds.filter { $0 == "error 29" }.count >= 1)

            try open(f, [songs[1]])
            try f.waitUntil("Song 2 at Last.fm", timeout: 40) { lfm.listens.count == 2 }
            // Last.fm now takes listens and holds its answer (slow); Song 3's scrobble arrives, unanswered.
            try lfm.control(["mode": "slow", "delay": 60])
            try open(f, [songs[2]])
            try f.waitUntil("Song 3 stored at Last.fm", timeout: 40) { lfm.listens.count == 3 }
            // Three for ListenBrainz, one in flight for Last.fm (Pending reaches the bus a moment after the request).
            try f.waitUntil("four pending", timeout: 10) { try pending(f) == 4 }
            // ListenBrainz comes back, slow: it stores the batch of three and holds its answer; linnetd is killed.
            try lb.control(["mode": "slow", "delay": 60])
            try lb.start()
            try f.waitUntil("the batch stored at ListenBrainz", timeout: 20) { lb.listens.count == 3 }
            #expect(lb.requestKinds.contains("import"))
            _ = try f.stop(signal: SIGKILL)

            // Back: ListenBrainz answers 500 twice, then takes the batch again; Last.fm takes Song 3 again.
            try lb.control(["mode": "500", "times": 2])
            try lfm.control(["mode": "ok"])
            try f.launch()
            // Pending is 0 for a moment at start too (before the journal is read): wait for the resent batches.
            try f.waitUntil("the batches sent again and nothing pending", timeout: 30) {
                try lb.repeats == 3 && lfm.repeats == 1 && pending(f) == 0
            }
            let expected = (1...3).map { n in ("Song \(n)", Self.mbid(n)) }
            for fake in [lb, lfm] {
                let got = fake.listens
                #expect(got.map(\.track) == expected.map(\.0), "\(fake.kind): \(got)")
                #expect(got.map(\.recordingMBID) == expected.map(\.1), "\(fake.kind)")
                #expect(got.allSatisfy { $0.artist == "Artist" })
                #expect(Set(got.map(\.listenedAt)).count == 3)
            }
            #expect(lb.repeats == 3, "the batch in flight at the kill is sent again; ListenBrainz keeps one of each")
            #expect(lfm.repeats == 1)
            #expect(lb.requestKinds.filter { $0 == "500" }.count == 2)
            #expect(lfm.nowPlaying.contains("Song 3"))
            #expect(!lb.listens.contains { $0.track == "Song 9" } && !lfm.listens.contains { $0.track == "Song 9" })
            let status2 = try cli(f, ["scrobble", "status", "--json"])
            #expect(status2.1.contains("\"pending\":0"), "\(status2.1)")
            // Secrets never reach the log; a linnetd.conf holding them that others can read is pointed out.
            let log = f.log()
            #expect(log.contains("holds scrobbling secrets and others may read it (mode 644)"))
            for secret in ["lb-token", "lfm-secret", "lfm-session-from-login"] {
                #expect(!log.contains(secret), "\(secret) in the log")
            }
            print(
                "scrobble faults: ListenBrainz \(lb.listens.count) listens, \(lb.repeats) repeats dropped by it; "
                    + "Last.fm \(lfm.listens.count) listens, \(lfm.repeats) repeats; requests LB \(lb.requestKinds), "
                    + "Last.fm \(lfm.requestKinds)")
        }

        /// Only heard time counts: a seek near the end gives no listen; the next song heard for half is one.
        @Test func aSeekIsNoListenAndDisableStopsKeeping() throws {
            let f = try ServiceFixture()
            let lb = try ScrobbleFake(.listenBrainz, directory: f.stateDir.path)
            try writeConfiguration(f, ["listenbrainz-token = lb-token", "listenbrainz-url = \(lb.url)"])
            let songs = try makeSongs(f.stateDir.file("media"), [1, 2])
            // Answers slower than the request timeout, twice: linnetd gives up on them and sends again.
            f.extraEnvironment = ["LINNET_SCROBBLE_RETRY": "0.2:1", "LINNET_SCROBBLE_TIMEOUT": "2"]
            try lb.control(["mode": "slow", "delay": 5, "times": 2])
            try f.launch(["--no-restore"])
            try open(f, songs)
            try f.waitUntil("Song 1 playing", timeout: 10) { lb.nowPlaying.first == "Song 1" }
            try f.call(ServiceFixture.player, "Seek", [.int64(24_000_000)])
            // Song 1 ends after some 6 s more: 7 s heard of 30, no listen. Song 2 heard for 15 s: a listen.
            // Sent three times (two answers came after the 2 s timeout); ListenBrainz kept one. The fake stores a
            // listen when the request arrives and Pending reaches the bus through the main actor, so the wait is for
            // the third send and then Pending 0 (waiting for Pending 0 alone could end at the first request).
            try f.waitUntil("Song 2's listen sent three times and answered", timeout: 40) {
                try lb.requestKinds.filter { $0 == "single" }.count == 3 && pending(f) == 0
            }
            #expect(lb.listens.map(\.track) == ["Song 2"])
            #expect(lb.requestKinds.filter { $0 == "single" }.count == 3)
            #expect(lb.repeats == 2)
            // Disabled: nothing is kept or sent (the setting outlives a restart).
            #expect(try cli(f, ["scrobble", "disable"]).0 == 0)
            #expect(try f.get(Self.scrobbler, "Enabled") == .boolean(false))
            _ = try f.stop()
            try f.launch(["--no-restore"])
            #expect(try f.get(Self.scrobbler, "Enabled") == .boolean(false))
            #expect(try cli(f, ["scrobble", "status"]).1.hasPrefix("Scrobbling: off"))
            #expect(try cli(f, ["scrobble", "enable"]).0 == 0)
            #expect(try f.get(Self.scrobbler, "Enabled") == .boolean(true))
        }

        /// The scrobbler starts right after the bus name (a new journal's fsyncs are off the start-up path), when the
        /// first track of linnetd's command line may already be playing: it still goes out as "playing now", once.
        @Test func theCommandLinesFirstTrackIsPlayingNowOnce() throws {
            let f = try ServiceFixture()
            let lb = try ScrobbleFake(.listenBrainz, directory: f.stateDir.path)
            try writeConfiguration(f, ["listenbrainz-token = lb-token", "listenbrainz-url = \(lb.url)"])
            let songs = try makeSongs(f.stateDir.file("media"), [1, 2])
            try f.launch(songs)
            try f.waitUntil("Song 1 playing now", timeout: 10) { lb.nowPlaying.first == "Song 1" }
            try f.call(ServiceFixture.player, "Next")
            try f.waitUntil("Song 2 playing now", timeout: 10) { lb.nowPlaying.contains("Song 2") }
            #expect(lb.nowPlaying == ["Song 1", "Song 2"])
        }

        /// A radio's ICY artist and title go out as "playing now" when `scrobble-streams = yes`.
        @Test func radioTitlesGoOutWithScrobbleStreams() throws {
            let f = try ServiceFixture()
            let lb = try ScrobbleFake(.listenBrainz, directory: f.stateDir.path)
            try writeConfiguration(
                f, ["listenbrainz-token = lb-token", "listenbrainz-url = \(lb.url)", "scrobble-streams = yes"])
            let media = f.stateDir.file("media")
            try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
            try TestMedia.sineWAV(media + "/tone.wav", seconds: 10, amplitude: 0.2)
            try TestMedia.lame(media + "/tone.wav", to: media + "/tone.mp3", options: ["-b", "128"])
            let server = try StreamServer(mediaDirectory: media)
            f.extraEnvironment = ["no_proxy": "127.0.0.1", "NO_PROXY": "127.0.0.1"]
            try f.launch(["--no-restore"])
            try f.call(
                ServiceFixture.player, "OpenUri",
                [.string(server.url("/icy/tone.mp3?metaint=4000&title=Radio%20Artist%20-%20Radio%20Song"))])
            try f.waitUntil("the radio title told as playing now", timeout: 20) {
                lb.nowPlaying.contains("Radio Song")
            }
            #expect(lb.listens.isEmpty)  // a title joined part-way counts only after four minutes
        }
    }
}
