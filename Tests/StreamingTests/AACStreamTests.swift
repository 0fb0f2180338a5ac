import Foundation
import PlayerCore
import Streaming
import Testing
import TestSupport

/// AAC over the network: M4A files with moov first (faststart) or last, with and without byte ranges; ADTS files
/// and AAC ICY radio read frame by frame.
@Suite(.serialized) struct AACStreamTests {
    let server: StreamServer

    init() throws {
        server = try StreamServer(mediaDirectory: StreamMedia.directory.path)
    }

    /// Frames of the 20 s tone at the decoder's rate, give or take `slack` frames.
    func isWholeTone(_ frames: Int64, _ d: any Decoder, slack: Int64 = 0) -> Bool {
        abs(frames - 20 * Int64(d.format.sampleRate)) <= slack
    }

    @Test func m4aWithMoovAtTheEndSeeksByRangeToItsIndex() throws {
        // A window smaller than the file: the moov at the end is not simply downloaded along the way.
        var settings = StreamMedia.settings
        settings.bufferBytes = 32 * 1024
        let d = try StreamOpener.open(url: server.url("/f/tone.m4a"), settings: settings, observer: nil)
        #expect(d.isSeekable)
        #expect(d.totalFrames == Int64(20 * 44100))  // from the edit list: exact
        // The index at the end was fetched by a Range request before playing.
        #expect(
            server.requests.contains { $0.hasPrefix("REQ /f/tone.m4a bytes=") && !$0.hasSuffix("bytes=0-") },
            "\(server.requests)")
        #expect(try drain(d, maxFrames: 44100) == 44100)
        try d.seek(toFrame: 15 * 44100)
        #expect(try drain(d) == 5 * 44100)
    }

    @Test func faststartM4APlaysFromAServerWithoutRanges() throws {
        let d = try StreamOpener.open(
            url: server.url("/norange/tone-fast.m4a"), settings: StreamMedia.settings, observer: nil)
        #expect(!d.isSeekable)
        #expect(d.totalFrames == Int64(20 * 44100))
        #expect(try drain(d) == 20 * 44100)
        #expect(server.requests.filter { $0.contains("/norange/tone-fast.m4a") }.count == 1, "\(server.requests)")
    }

    @Test func moovAtTheEndWithoutRangesIsAClearError() {
        let e = #expect(throws: DecodeError.self) {
            _ = try StreamOpener.open(
                url: server.url("/norange/tone.m4a"), settings: StreamMedia.settings, observer: nil)
        }
        #expect(e?.kind == .notSeekable, "\(String(describing: e))")
        #expect(e?.message.contains("byte ranges") == true, "\(String(describing: e))")
    }

    @Test func adtsFilePlaysFrameByFrameAndSeeksByEstimate() throws {
        let d = try StreamOpener.open(url: server.url("/f/tone.aac"), settings: StreamMedia.settings, observer: nil)
        #expect(d.format.sampleRate == 44100)
        // Length and seek from the first frames' average size: fuzzy (measured 0.1–1.4 % off; 3 % allowed).
        #expect(d.isSeekable)
        let length = try #require(d.totalFrames)
        #expect(abs(length - 20 * 44100) < 26460, "\(length)")
        #expect(try drain(d, maxFrames: 44100) == 44100)
        try d.seek(toFrame: 15 * 44100)
        let rest = try drain(d)
        #expect(abs(rest - 5 * 44100) < 26460, "\(rest)")
    }

    @Test func adtsFromAServerWithoutRangesPlaysWhole() throws {
        let d = try StreamOpener.open(
            url: server.url("/norange/tone.aac"), settings: StreamMedia.settings, observer: nil)
        #expect(!d.isSeekable)
        #expect(d.totalFrames == nil)
        // ADTS carries no delay note: the priming frame gives no output, the padding is heard.
        let frames = try drain(d)
        #expect(isWholeTone(frames, d, slack: 2048), "\(frames)")
    }

    @Test func aacRadioPlaysWithTitles() throws {
        let log = EventLog()
        let d = try StreamOpener.open(
            url: server.url("/icy/tone.aac?metaint=4000&title=AAC%20Artist%20-%20Song"),
            settings: StreamMedia.settings, observer: log.observer)
        #expect(!d.isSeekable)
        #expect(d.totalFrames == nil)
        // Longer than the file: the loop's seam is crossed without a hitch.
        #expect(try drain(d, maxFrames: 25 * 44100, timeout: 30) == 25 * 44100)
        let title = log.wait(timeout: 2) { e -> String? in
            if case .nowPlaying(let t, let a) = e { return "\(a ?? "") / \(t ?? "")" } else { return nil }
        }
        #expect(title == "AAC Artist / Song", "\(log.all)")
    }
}

/// HLS with AAC: ADTS segments, MPEG-TS segments with AAC or MP3, live and VOD; hostile transport streams.
@Suite(.serialized) struct HLSAACTests {
    let server: StreamServer

    init() throws {
        server = try StreamServer(mediaDirectory: StreamMedia.directory.path)
    }

    @Test(arguments: ["tone.aac", "tone-aac.ts", "tone-mp3.ts"])
    func vodPlaylistPlaysAllSegments(name: String) throws {
        let d = try StreamOpener.open(
            url: server.url("/hls/\(name).m3u8?live=0"), settings: StreamMedia.settings, observer: nil)
        #expect(d.totalFrames == Int64(20 * d.format.sampleRate))  // 8 × EXTINF:2.5
        let frames = try drain(d)
        #expect(abs(frames - 20 * 44100) < 4 * 1152, "\(name): \(frames)")
        #expect(server.requests.filter { $0.contains("/hlsseg/") }.count == 8)
    }

    @Test func packedAudioSegmentsWithID3TagsPlay() throws {
        let d = try StreamOpener.open(
            url: server.url("/hls/tone.aac.m3u8?live=0&id3=1"), settings: StreamMedia.settings,
            observer: nil)
        let frames = try drain(d)
        #expect(abs(frames - 20 * 44100) < 4 * 1152, "\(frames)")
    }

    @Test(arguments: ["tone.aac", "tone-aac.ts"])
    func livePlaylistPlays(name: String) throws {
        let d = try StreamOpener.open(
            url: server.url("/hls/\(name).m3u8?live=1"), settings: StreamMedia.settings, observer: nil)
        #expect(try drain(d, maxFrames: 44100 * 10, timeout: 20) == 44100 * 10)
        #expect(server.requests.filter { $0.contains("/hls/\(name).m3u8") }.count >= 3, "\(server.requests)")
    }

    @Test(arguments: [
        ("absurdpes", "larger than 256 KB"), ("overlong", "longer than its length field"),
        ("garbage", "MPEG-TS")
    ])
    func hostileTransportStreamsEndInAClearError(kind: String, message: String) throws {
        var thrown: DecodeError?
        do {
            let d = try StreamOpener.open(
                url: server.url("/hlsbad/\(kind).m3u8"), settings: StreamMedia.settings,
                observer: nil)
            _ = try drain(d, timeout: 20)
        } catch let e as DecodeError {
            thrown = e
        }
        #expect(thrown?.message.contains(message) == true, "\(kind): \(String(describing: thrown))")
    }
}
