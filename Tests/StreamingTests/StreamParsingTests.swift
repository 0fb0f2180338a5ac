import PlayerCore
@testable import Streaming
import Testing

/// The pure parts of streaming: ICY framing and titles, URLs, content kinds, playlists, responses, the window.
@Suite struct StreamParsingTests {
    @Test func icyDemuxerSplitsAudioAndMetadataAcrossChunks() {
        var d = IcyDemuxer(interval: 4)!
        let title = Array("StreamTitle='A - B';".utf8)
        let block = [UInt8(2)] + title + [UInt8](repeating: 0, count: 32 - title.count)
        let stream: [UInt8] = [1, 2, 3, 4] + block + [5, 6, 7, 8] + [0] + [9, 10]
        var audio: [UInt8] = []
        var blocks: [[UInt8]] = []
        // Feed one byte at a time: every cut point must work.
        for b in stream {
            [b].withUnsafeBytes { raw in
                for piece in d.feed(raw) {
                    switch piece {
                    case .audio(let r): audio += raw[r]
                    case .metadata(let m): blocks.append(m)
                    }
                }
            }
        }
        #expect(audio == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
        #expect(blocks.count == 1)
        #expect(IcyMetadata.parse(blocks[0])?.streamTitle == "A - B")
    }

    @Test func icyIntervalMustBeSane() {
        #expect(IcyDemuxer(interval: 0) == nil)
        #expect(IcyDemuxer(interval: -5) == nil)
        #expect(IcyDemuxer(interval: IcyDemuxer.maxInterval + 1) == nil)
        #expect(IcyDemuxer(interval: 16000) != nil)
    }

    @Test func icyTitlesParseAndSplit() {
        let m = IcyMetadata.parse(Array("StreamTitle='Rock'n'Roll; Band - It's Here';StreamUrl='http://x';".utf8))
        #expect(m?.streamTitle == "Rock'n'Roll; Band - It's Here")
        #expect(IcyMetadata.split("Rock'n'Roll; Band - It's Here") == ("It's Here", "Rock'n'Roll; Band"))
        #expect(IcyMetadata.split("Just a show") == ("Just a show", nil))
        #expect(IcyMetadata.split(" - ") == ("-", nil))
        #expect(IcyMetadata.split("") == (nil, nil))
        let latin1: [UInt8] = Array("StreamTitle='Caf".utf8) + [0xE9] + Array(" - X';".utf8) + [0, 0, 0]
        let l = IcyMetadata.parse(latin1)
        #expect(l?.streamTitle == "Café - X")
        #expect(l?.wasWindows1252 == true)
        #expect(IcyMetadata.parse([0xFF, 0x00, 0x13, 0x99]) == nil)
        #expect(IcyMetadata.parse([0, 0, 0]) == IcyMetadata())
    }

    @Test func urlsResolveLikeBrowsersForPlaylists() {
        let base = "http://127.0.0.1:8000/radio/list.m3u8?x=1"
        #expect(RemoteURL.resolve("seg1.mp3", against: base) == "http://127.0.0.1:8000/radio/seg1.mp3")
        #expect(RemoteURL.resolve("/live.mp3", against: base) == "http://127.0.0.1:8000/live.mp3")
        #expect(RemoteURL.resolve("https://a.example/s", against: base) == "https://a.example/s")
        #expect(RemoteURL.resolve("//cdn.example/s", against: base) == "http://cdn.example/s")
        #expect(RemoteURL.resolve("file:///etc/passwd", against: base) == nil)
        #expect(RemoteURL.resolve("  ", against: base) == nil)
        // Dot segments (RFC 3986 §5.2.4), never above the root; the reference's own query is kept.
        #expect(RemoteURL.resolve("../live.mp3", against: base) == "http://127.0.0.1:8000/live.mp3")
        #expect(RemoteURL.resolve("../../../../live.mp3", against: base) == "http://127.0.0.1:8000/live.mp3")
        #expect(
            RemoteURL.resolve("./a/../b/./c.aac?t=../1", against: base) == "http://127.0.0.1:8000/radio/b/c.aac?t=../1")
        #expect(RemoteURL.resolve("/x/y/../z.mp3", against: base) == "http://127.0.0.1:8000/x/z.mp3")
        #expect(RemoteURL.resolve("..", against: "http://h/a/b/list.pls") == "http://h/a/")
        #expect(RemoteURL.resolve("sub/", against: "http://h/a/list.pls") == "http://h/a/sub/")
        #expect(RemoteURL.resolve("..%2Fx", against: "http://h/a/list.pls") == "http://h/a/..%2Fx")
        #expect(RemoteURL.resolve("/a/b/../../..", against: base) == "http://127.0.0.1:8000/")
        #expect(RemoteURL.pathExtension("http://h/a/b.MP3?q=1.x") == "mp3")
    }

    @Test func playlistEntriesAreTrimmedEncodedOrSkipped() {
        let base = "http://127.0.0.1:8000/radio/list.pls"
        #expect(RemoteURL.resolve("  a b.mp3\r\n", against: base) == "http://127.0.0.1:8000/radio/a%20b.mp3")
        #expect(RemoteURL.resolve("\thttp://h:8000", against: base) == "http://h:8000")
        for skipped in ["\tfile:///x", "a\u{0}b", "a\u{7}b", "http:/x", "//", "ftp://h/x", "\r\n"] {
            #expect(RemoteURL.resolve(skipped, against: base) == nil, "\(skipped.debugDescription)")
        }
        #expect(RemoteURL.resolve("x.mp3", against: "not a URL") == nil)
    }

    @Test func contentIsClassifiedByTypeExtensionAndBytes() {
        #expect(
            ContentKind.classify(contentType: "audio/mpeg", url: "http://h/s", prefix: [0xFF, 0xFB])
                == .audio(fileExtension: "mp3"))
        #expect(
            ContentKind.classify(contentType: nil, url: "http://h/s.flac", prefix: []) == .audio(fileExtension: "flac"))
        #expect(
            ContentKind.classify(contentType: "text/html", url: "http://h/", prefix: Array("<html>".utf8))
                == .notAudio("text/html"))
        #expect(
            ContentKind.classify(contentType: "audio/x-scpls", url: "http://h/x", prefix: Array("[playlist]".utf8))
                == .pls)
        #expect(
            ContentKind.classify(
                contentType: "audio/x-mpegurl", url: "http://h/x.m3u",
                prefix: Array("#EXTM3U\n#EXTINF:-1,x\nhttp://a\n".utf8)) == .m3u)
        #expect(
            ContentKind.classify(
                contentType: "application/vnd.apple.mpegurl", url: "http://h/x.m3u8",
                prefix: Array("#EXTM3U\n#EXT-X-TARGETDURATION:2\n".utf8)) == .hls)
        #expect(ContentKind.classify(contentType: "application/xspf+xml", url: "http://h/x", prefix: []) == .xspf)
        #expect(
            ContentKind.classify(
                contentType: "application/vnd.apple.mpegurl", url: "http://h/radio.m3u8",
                prefix: Array("#EXTM3U\n#EXTINF:-1,Radio\nhttp://h/live\n".utf8)) == .m3u)
    }

    @Test func radioPlaylistsGiveAbsoluteHTTPEntries() {
        let base = "http://127.0.0.1:1/p/list"
        #expect(
            RemotePlaylist.entries(
                Array("[playlist]\nFile1=http://a/1\nTitle1=x\nfile2=/two\n".utf8), kind: .pls, url: base)
                == ["http://a/1", "http://127.0.0.1:1/two"])
        #expect(
            RemotePlaylist.entries(
                Array("#EXTM3U\n#EXTINF:-1,x\nrel.mp3\nfile:///etc/passwd\n".utf8), kind: .m3u, url: base)
                == ["http://127.0.0.1:1/p/rel.mp3"])
        #expect(
            RemotePlaylist.entries(
                Array(
                    "<playlist><trackList><track><location>http://a/x?a=1&amp;b=2</location></track></trackList></playlist>"
                        .utf8),
                kind: .xspf, url: base) == ["http://a/x?a=1&b=2"])
    }

    /// Remote playlists go through the local playlists' parsers: a BOM and CRLF, PLS entries in N order whatever
    /// their order in the file, numeric XML entities; a `file:` entry resolves to no stream and is dropped.
    @Test func radioPlaylistsAreReadByThePlaylistParsers() {
        let base = "http://h/p/list"
        #expect(
            RemotePlaylist.entries(
                [0xEF, 0xBB, 0xBF] + Array("#EXTM3U\r\n a.mp3 \r\nfile:///x\r\n".utf8), kind: .m3u, url: base)
                == ["http://h/p/a.mp3"])
        #expect(
            RemotePlaylist.entries(
                Array("[playlist]\nFile2=http://b/2\nFile1=http://a/1\nNumberOfEntries=2\n".utf8), kind: .pls, url: base
            )
                == ["http://a/1", "http://b/2"])
        #expect(
            RemotePlaylist.entries(
                Array("<location>http://a/&#x41;</location><location>file:///etc</location>".utf8), kind: .xspf,
                url: base)
                == ["http://a/A"])
        #expect(RemotePlaylist.entries(Array("not a playlist".utf8), kind: .pls, url: base).isEmpty)
    }

    @Test func responsesAreChecked() {
        func r(_ status: Int, _ h: [String: String] = [:]) -> HTTPResponseLike {
            HTTPResponseLike(status: status, headers: h)
        }
        #expect(ResponseCheck.problem(r(200).value, rangeStart: 0) == nil)
        #expect(ResponseCheck.problem(r(404).value, rangeStart: 0)?.contains("404") == true)
        #expect(
            ResponseCheck.problem(r(200, ["content-encoding": "gzip"]).value, rangeStart: 0)?.contains("gzip") == true)
        #expect(ResponseCheck.problem(r(200).value, rangeStart: 100)?.contains("ignored the Range") == true)
        #expect(ResponseCheck.problem(r(206, ["content-range": "bytes 100-199/200"]).value, rangeStart: 100) == nil)
        #expect(ResponseCheck.problem(r(206, ["content-range": "bytes 0-199/200"]).value, rangeStart: 100) != nil)
    }

    @Test func byteWindowCapsUnreadBytesAndKeepsHistory() {
        var w = ByteWindow(capacity: 16 * 1024, history: 1024)
        let chunk = [UInt8](repeating: 7, count: 8 * 1024)
        #expect(chunk.withUnsafeBytes { w.append($0) })
        #expect(chunk.withUnsafeBytes { w.append($0) })
        #expect(!chunk.withUnsafeBytes { w.append($0) })  // full: the transfer must pause
        var out = [UInt8](repeating: 0, count: 12 * 1024)
        #expect(out.withUnsafeMutableBytes { w.read(into: $0) } == 12 * 1024)
        #expect(chunk.withUnsafeBytes { w.append($0) })
        #expect(w.canReach(12 * 1024 - 1000, ahead: 0))  // inside the kept history
        #expect(!w.canReach(0, ahead: 0))  // dropped
        #expect(w.unread == 12 * 1024)
    }

    @Test func reconnectBackOffDoubles() {
        var s = StreamSettings()
        s.reconnectDelaySeconds = 0.5
        s.maxReconnectDelaySeconds = 3
        #expect([1, 2, 3, 4, 5].map { s.reconnectDelay(attempt: $0) } == [0.5, 1, 2, 3, 3])
    }
}

import Curl

/// Builds an `HTTPResponse` for the checks.
struct HTTPResponseLike {
    var value: HTTPResponse
    init(status: Int, headers: [String: String]) {
        value = HTTPResponse(status: status, effectiveURL: "http://h/x", headers: headers)
    }
}

@Suite struct AudioSnifferTests {
    @Test func mpegNeedsAChainOfFramesNotOneLuckySync() {
        // 128 kbit/s, 44.1 kHz, MPEG-1 Layer III: 417 bytes per frame without padding.
        let header: [UInt8] = [0xFF, 0xFB, 0x90, 0x00]
        #expect(AudioSniffer.mpegFrameLength(header, 0) == 417)
        var frames: [UInt8] = [1, 2, 3]
        for _ in 0..<3 { frames += header + [UInt8](repeating: 0, count: 413) }
        #expect(AudioSniffer.chainStart(frames, frameLength: AudioSniffer.mpegFrameLength) == 3)
        #expect(AudioSniffer.looksLikeAudio(frames))
        let lonely = header + [UInt8](repeating: 0x55, count: 2000)
        #expect(!AudioSniffer.looksLikeAudio(lonely))
        var rng = SeededRandomBytes(seed: 7)
        #expect(!AudioSniffer.looksLikeAudio((0..<16384).map { _ in rng.next() }))
        #expect(AudioSniffer.looksLikeAudio(Array("fLaC".utf8) + [0, 0, 0, 34]))
    }
}

/// Deterministic noise for the sniffer test.
struct SeededRandomBytes {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt8 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return UInt8(truncatingIfNeeded: state >> 33)
    }
}

@Suite struct HLSPlaylistTests {
    let base = "http://127.0.0.1:1/live/index.m3u8"

    @Test func mediaPlaylistSegmentsResolveWithSequenceNumbers() throws {
        let text =
            "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-MEDIA-SEQUENCE:7\n#EXTINF:3.9,\na.mp3\n#EXTINF:4,\n/b.mp3\n"
        guard case .media(let m) = try HLSPlaylist.parse(text, url: base, maxSegments: 10) else {
            Issue.record("not media"); return
        }
        #expect(m.targetDuration == 4)
        #expect(!m.ended)
        #expect(
            m.segments == [
                .init(duration: 3.9, url: "http://127.0.0.1:1/live/a.mp3", sequence: 7),
                .init(duration: 4, url: "http://127.0.0.1:1/b.mp3", sequence: 8)
            ])
    }

    @Test func masterPlaylistListsVariants() throws {
        let text =
            "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=64000,CODECS=\"mp4a.40.2\"\nlow.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=128000\nhi.m3u8\n"
        #expect(
            try HLSPlaylist.parse(text, url: base, maxSegments: 10)
                == .master([
                    .init(bandwidth: 64000, url: "http://127.0.0.1:1/live/low.m3u8"),
                    .init(bandwidth: 128000, url: "http://127.0.0.1:1/live/hi.m3u8")
                ]))
    }

    @Test func limitsAndUnsupportedFeaturesAreErrors() {
        let many = "#EXTM3U\n" + String(repeating: "#EXTINF:1,\ns.mp3\n", count: 11)
        #expect(throws: HLSPlaylist.ParseError.self) { try HLSPlaylist.parse(many, url: base, maxSegments: 10) }
        #expect(throws: HLSPlaylist.ParseError.self) {
            try HLSPlaylist.parse(
                "#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI=\"k\"\n#EXTINF:1,\ns.ts\n", url: base, maxSegments: 10)
        }
        #expect(throws: HLSPlaylist.ParseError.self) { try HLSPlaylist.parse("#EXTM3U\n", url: base, maxSegments: 10) }
        #expect(throws: HLSPlaylist.ParseError.self) { try HLSPlaylist.parse("hello", url: base, maxSegments: 10) }
    }
}
