import Foundation
import PlayerCore
import Streaming
import Testing
import TestSupport

/// HTTP(S) files through `StreamOpener` against the fixture server: play while downloading, seek by Range,
/// length from the container, HTTPS with a test CA, reconnect by Range, remote playlists.
@Suite(.serialized) struct HTTPStreamTests {
    let server: StreamServer

    init() throws {
        server = try StreamServer(mediaDirectory: StreamMedia.directory.path)
    }

    @Test func mp3PlaysWhileDownloadingWithExactLength() throws {
        let d = try StreamOpener.open(url: server.url("/f/tone.mp3"), settings: StreamMedia.settings, observer: nil)
        #expect(d is any StreamingDecoder)
        #expect(d.isSeekable)
        #expect(d.format.sampleRate == 44100)
        #expect(d.totalFrames == Int64(20 * 44100))  // LAME header: exact
        #expect(try drain(d) == 20 * 44100)
    }

    @Test func seekUsesARangeRequest() throws {
        // A small window: the seek target (about 240 KB in) is far beyond what is held (at most 32 KB ahead of
        // the ~3 s decoded so far, 64 KB of history), however fast the download went, so it takes a Range request.
        var settings = StreamMedia.settings
        settings.bufferBytes = 32 * 1024
        let log = EventLog()
        let d = try StreamOpener.open(url: server.url("/f/tone.mp3"), settings: settings, observer: log.observer)
        #expect(try drain(d, maxFrames: 44100) == 44100)
        try d.seek(toFrame: 15 * 44100)
        let rest = try drain(d)
        // Fuzzy (by estimate) over the network: within a frame or two of 5 s.
        #expect(abs(rest - 5 * 44100) < 4 * 1152, "\(rest)")
        // Seen by the source itself: the audio after the seek came from a 206 answer starting far into the file
        // (the source reports a response before any byte of its body can be read, so it is recorded by now).
        let responses = log.all.compactMap { e -> (status: Int, start: Int64)? in
            if case .response(let status, let start) = e { return (status, start) } else { return nil }
        }
        #expect(responses.first.map { $0.status == 200 && $0.start == 0 } == true, "\(responses)")
        #expect(responses.contains { $0.status == 206 && $0.start > 200_000 }, "\(responses)")
    }

    @Test func serverWithoutRangesIsNotSeekable() throws {
        let d = try StreamOpener.open(
            url: server.url("/norange/tone.mp3"), settings: StreamMedia.settings, observer: nil)
        #expect(!d.isSeekable)
        #expect(throws: DecodeError.self) { try d.seek(toFrame: 44100) }
        #expect(try drain(d) == 20 * 44100)
    }

    @Test func flacStreamsWithLengthFromTheContainer() throws {
        let d = try StreamOpener.open(url: server.url("/f/tone.flac"), settings: StreamMedia.settings, observer: nil)
        #expect(d.totalFrames == Int64(20 * 44100))
        #expect(try drain(d) == 20 * 44100)
    }

    @Test func oggVorbisAndOpusStreamAndSeek() throws {
        for name in ["tone.ogg", "tone.opus"] {
            let d = try StreamOpener.open(url: server.url("/f/\(name)"), settings: StreamMedia.settings, observer: nil)
            let rate = Int64(d.format.sampleRate)
            #expect(d.isSeekable, "\(name)")
            #expect(
                d.totalFrames.map { abs($0 - 20 * rate) < rate / 10 } == true,
                "\(name): \(String(describing: d.totalFrames))")
            #expect(try drain(d, maxFrames: rate) == rate, "\(name)")
            try d.seek(toFrame: 15 * rate)
            let rest = try drain(d)
            #expect(abs(rest - 5 * rate) < rate / 10, "\(name): \(rest)")
        }
    }

    @Test func flacSeeksByRange() throws {
        var settings = StreamMedia.settings
        settings.bufferBytes = 32 * 1024
        let d = try StreamOpener.open(url: server.url("/f/tone.flac"), settings: settings, observer: nil)
        #expect(d.isSeekable)
        #expect(try drain(d, maxFrames: 44100) == 44100)
        try d.seek(toFrame: 15 * 44100)
        #expect(try drain(d) == 5 * 44100)  // libsndfile's FLAC seek is sample-accurate
        // Back to 2 s from the end: far behind the 32 KB window, so only a Range request can get there (a seek
        // forward may be read along instead, when decoding ahead has brought the bytes close: timing decides).
        try d.seek(toFrame: 2 * 44100)
        #expect(try drain(d) == 18 * 44100)
        #expect(server.requests.contains { $0.hasPrefix("REQ /f/tone.flac bytes=") }, "\(server.requests)")
    }

    @Test func droppedConnectionResumesByRange() throws {
        let log = EventLog()
        let d = try StreamOpener.open(
            url: server.url("/drop/tone.mp3?after=100000&times=2"),
            settings: StreamMedia.settings, observer: log.observer)
        #expect(try drain(d) == 20 * 44100)
        let reconnects = log.all.filter { if case .reconnecting = $0 { return true } else { return false } }
        #expect(reconnects.count == 2)
        #expect(server.requests.filter { $0.contains("bytes=100000-") }.count >= 1, "\(server.requests)")
    }

    @Test func radioDropReconnectsLive() throws {
        let log = EventLog()
        let d = try StreamOpener.open(
            url: server.url("/icy/tone.mp3?metaint=8000&drop=64000&times=2"),
            settings: StreamMedia.settings, observer: log.observer)
        #expect(d.totalFrames == nil && !d.isSeekable)
        // 64 KB is 4 s at 128 kbit/s: 12 s of audio crosses both drops.
        #expect(try drain(d, maxFrames: 44100 * 12) == 44100 * 12)
        let reconnects = log.all.filter { if case .reconnecting = $0 { return true } else { return false } }
        #expect(reconnects.count == 2)
        // A live stream resumes afresh (no Range: there is nothing to resume from).
        #expect(server.requests.filter { $0.contains("/icy/tone.mp3") }.allSatisfy { $0.hasSuffix(" -") })
        #expect(server.requests.filter { $0.contains("/icy/tone.mp3") }.count == 3)
    }

    @Test func remotePlaylistsResolveToTheStation() throws {
        for kind in ["pls", "m3u", "xspf"] {
            let log = EventLog()
            let d = try StreamOpener.open(
                url: server.url("/\(kind)/tone.mp3"), settings: StreamMedia.settings,
                observer: log.observer)
            #expect(try drain(d, maxFrames: 44100) == 44100, "\(kind)")
            #expect(
                log.wait(timeout: 5) { if case .station(let n, _, _) = $0 { return n } else { return nil } }
                    == "Linnet Test Radio", "\(kind)")
        }
    }
}

/// HTTPS: verification on; a private CA is trusted only when given (LINNET_CA_FILE in linnetd).
@Suite(.serialized) struct HTTPSStreamTests {
    @Test func httpsWithTrustedTestCAPlaysAndUntrustedFails() throws {
        let dir = try TemporaryDirectory(prefix: "linnet-tls")
        let good = try StreamServer.makeCertificates(in: dir.path, name: "good")
        let other = try StreamServer.makeCertificates(in: dir.path, name: "other")
        for f in ["tone.mp3"] {
            try? FileManager.default.copyItem(atPath: StreamMedia.directory.file(f), toPath: dir.file(f))
        }
        let server = try StreamServer(mediaDirectory: dir.path, tls: (good.cert, good.key))
        var trusted = StreamMedia.settings
        trusted.caFile = good.ca
        let d = try StreamOpener.open(url: server.url("/f/tone.mp3"), settings: trusted, observer: nil)
        #expect(try drain(d, maxFrames: 44100 * 2) == 44100 * 2)

        var wrongCA = StreamMedia.settings
        wrongCA.caFile = other.ca
        let error = #expect(throws: DecodeError.self) {
            _ = try StreamOpener.open(url: server.url("/f/tone.mp3"), settings: wrongCA, observer: nil)
        }
        #expect(error?.message.contains("TLS") == true, "\(String(describing: error))")
        // The system store does not know the test CA either.
        #expect(throws: DecodeError.self) {
            _ = try StreamOpener.open(url: server.url("/f/tone.mp3"), settings: StreamMedia.settings, observer: nil)
        }
    }
}

/// HLS: VOD and live playlists of MP3 segments; self-referencing and huge playlists end in clear errors.
@Suite(.serialized) struct HLSStreamTests {
    let server: StreamServer

    init() throws {
        server = try StreamServer(mediaDirectory: StreamMedia.directory.path)
    }

    @Test func vodPlaylistPlaysAllSegments() throws {
        let d = try StreamOpener.open(
            url: server.url("/hls/tone.mp3.m3u8?live=0"), settings: StreamMedia.settings, observer: nil)
        #expect(!d.isSeekable)
        #expect(d.totalFrames == Int64(20 * 44100))  // 8 × EXTINF:2.5
        let frames = try drain(d)
        // Eight segments cut on frame boundaries: the whole tone, give or take the LAME header frame and padding.
        #expect(abs(frames - 20 * 44100) < 4 * 1152, "\(frames)")
        #expect(server.requests.filter { $0.contains("/hlsseg/") }.count == 8)
    }

    @Test func livePlaylistFollowsTheSlidingWindow() throws {
        let d = try StreamOpener.open(
            url: server.url("/hls/tone.mp3.m3u8?live=1"), settings: StreamMedia.settings, observer: nil)
        // The fixture's window moves every 0.5 s: 10 s of audio needs several reloads and no segment twice.
        #expect(try drain(d, maxFrames: 44100 * 10, timeout: 20) == 44100 * 10)
        #expect(server.requests.filter { $0.contains("/hls/tone.mp3.m3u8") }.count >= 3, "\(server.requests)")
        let sequences = server.requests.compactMap { r -> Int? in
            guard let i = r.firstRange(of: "seq=") else { return nil }
            return Int(r[i.upperBound...].prefix { $0.isNumber })
        }
        #expect(Set(sequences).count == sequences.count, "a segment was fetched twice: \(sequences)")
        #expect(sequences == sequences.sorted())
    }

    @Test func selfReferencingPlaylistIsAnError() {
        let e = #expect(throws: DecodeError.self) {
            _ = try StreamOpener.open(url: server.url("/hlsself.m3u8"), settings: StreamMedia.settings, observer: nil)
        }
        #expect(
            e?.message == "the playlist refers to itself (\(server.url("/hlsself.m3u8")))", "\(String(describing: e))")
    }

    /// A media playlist whose segment is itself, a master loop A → B → A and an M3U radio loop: each named as a loop,
    /// not reported as "not audio" or "nested too deep".
    @Test(arguments: [
        ("/hlsselfmedia.m3u8", ["/hlsselfmedia.m3u8"]),
        ("/hlsloop/a.m3u8", ["/hlsloop/a.m3u8", "/hlsloop/b.m3u8", "/hlsloop/a.m3u8"]),
        ("/m3uloop/a", ["/m3uloop/a", "/m3uloop/b", "/m3uloop/a"])
    ])
    func playlistLoopsAreNamed(_ path: String, _ loop: [String]) {
        let e = #expect(throws: DecodeError.self) {
            _ = try StreamOpener.open(url: server.url(path), settings: StreamMedia.settings, observer: nil)
        }
        let expected = "the playlist refers to itself (\(loop.map { server.url($0) }.joined(separator: " → ")))"
        #expect(e?.message == expected, "\(String(describing: e))")
    }

    @Test func millionSegmentPlaylistIsRefused() {
        let e = #expect(throws: DecodeError.self) {
            _ = try StreamOpener.open(
                url: server.url("/hlsmillion.m3u8"), settings: StreamMedia.settings, observer: nil)
        }
        #expect(
            e?.message.contains("larger than") == true || e?.message.contains("more than") == true,
            "\(String(describing: e))")
    }
}
