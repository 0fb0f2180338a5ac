import Foundation
import PlayerCore
import Streaming
import Testing
import TestSupport

/// Servers that misbehave: each case ends in a typed `DecodeError` with a clear message, memory stays bounded.
@Suite(.serialized) struct HostileServerTests {
    let server: StreamServer

    init() throws {
        server = try StreamServer(mediaDirectory: StreamMedia.directory.path)
    }

    /// Opens and plays `path` to its end; returns the error it ended with.
    func failure(_ path: String, settings: StreamSettings = StreamMedia.settings) -> DecodeError? {
        do {
            let d = try StreamOpener.open(url: server.url(path), settings: settings, observer: nil)
            _ = try drain(d, timeout: 20)
            return nil
        } catch let e as DecodeError {
            return e
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    func expectFailure(
        _ path: String, mentions words: [String], settings: StreamSettings = StreamMedia.settings,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let e = failure(path, settings: settings) else {
            Issue.record("\(path) played without an error", sourceLocation: sourceLocation)
            return
        }
        let text = e.description.lowercased()
        #expect(words.contains { text.contains($0.lowercased()) }, "\(path): \(e)", sourceLocation: sourceLocation)
        #expect(e.path.hasPrefix("http://127.0.0.1"), "\(e)", sourceLocation: sourceLocation)
    }

    @Test func headersOver64KB() { expectFailure("/bigheaders", mentions: ["headers exceed 64 KB"]) }
    @Test func endlessRedirects() { expectFailure("/loop", mentions: ["too many redirects"]) }
    @Test func redirectToFile() { expectFailure("/tofile", mentions: ["unsupported scheme"]) }
    @Test func redirectToFTP() { expectFailure("/toftp", mentions: ["unsupported scheme"]) }
    @Test func oneByteASecond() { expectFailure("/slow", mentions: ["timed out", "too slow", "Operation too slow"]) }
    @Test func lyingContentLength() {
        expectFailure("/lying/tone.mp3", mentions: ["ended at byte", "reconnect"])
    }
    @Test func garbageWithAudioType() {
        expectFailure("/garbage", mentions: ["not", "no MPEG", "unsupported", "mpg123", "format"])
    }
    @Test func gzipBodyRefused() { expectFailure("/gzip/tone.mp3", mentions: ["gzip"]) }
    @Test func htmlIsNotAudio() { expectFailure("/html", mentions: ["not audio"]) }
    @Test func notFound() { expectFailure("/nothing-here", mentions: ["404", "not found", "HTTP 50"]) }
    @Test func absurdIcyInterval() { expectFailure("/icyraw?kind=absurd", mentions: ["icy-metaint"]) }
    @Test func garbageIcyBlocks() {
        expectFailure("/icyraw?kind=garbage&metaint=4096", mentions: ["ICY metadata is garbage"])
    }
    @Test func notHTTP() {
        #expect(throws: DecodeError.self) {
            _ = try StreamOpener.open(url: "ftp://127.0.0.1/x.mp3", settings: StreamMedia.settings, observer: nil)
        }
    }

    @Test func invalidUTF8TitleIsReadAsWindows1252WithAWarning() throws {
        let log = EventLog()
        let d = try StreamOpener.open(
            url: server.url("/icyraw?kind=latin1&metaint=4096"), settings: StreamMedia.settings,
            observer: log.observer)
        _ = try drain(d, maxFrames: 44100)
        let title = log.wait(timeout: 5) {
            if case .nowPlaying(let t, let a) = $0 { return (t, a) } else { return nil }
        }
        #expect(title?.0 == "Crème")
        #expect(title?.1 == "Café")
        #expect(
            log.all.contains {
                if case .warning(let w) = $0 { return w.contains("Windows-1252") } else { return false }
            })
    }

    @Test func windows1252TitleKeepsItsQuotesAndEuro() throws {
        let log = EventLog()
        let d = try StreamOpener.open(
            url: server.url("/icyraw?kind=cp1252&metaint=4096"), settings: StreamMedia.settings,
            observer: log.observer)
        _ = try drain(d, maxFrames: 44100)
        let title = log.wait(timeout: 5) {
            if case .nowPlaying(let t, let a) = $0 { return (t, a) } else { return nil }
        }
        #expect(title?.0 == "5 € Crème")
        #expect(title?.1 == "Café “Bar”")
    }

    @Test func noiseTitlesAreDroppedNotShown() throws {
        let log = EventLog()
        let d = try StreamOpener.open(
            url: server.url("/icyraw?kind=noise&metaint=4096"), settings: StreamMedia.settings,
            observer: log.observer)
        _ = try drain(d, maxFrames: 44100)
        // The first two blocks are noise, the third is clean: the first title heard is the clean one.
        let title = log.wait(timeout: 5) {
            if case .nowPlaying(let t, let a) = $0 { return (t, a) } else { return nil }
        }
        #expect(title?.0 == "Clean Title")
        #expect(title?.1 == "Clean Artist")
        let dropped = log.all.filter {
            if case .warning(let w) = $0 { return w.contains("ICY title dropped") } else { return false }
        }
        #expect(dropped.count == 2, "\(log.all)")
    }

    @Test func bufferedBytesStayUnderTheCap() throws {
        // An endless fast server and a reader that does not read: the window fills to its cap and the
        // transfer pauses; the process does not grow with the stream.
        var settings = StreamMedia.settings
        settings.bufferBytes = 256 * 1024
        let source = try HTTPByteSource(url: server.url("/endless"), settings: settings)
        let rssBefore = residentBytes()
        // Full: curl hands over at most 16 KB at a time and a chunk that does not fit pauses the transfer, so a
        // full window holds more than the cap less one chunk. (Polled with a deadline: the bytes come from
        // another process and nothing signals "full".)
        let full = 256 * 1024 - 16 * 1024
        let deadline = Date().addingTimeInterval(10)
        while source.bufferedBytes < full && Date() < deadline { usleep(10_000) }
        #expect(source.bufferedBytes >= full, "\(source.bufferedBytes) bytes held")
        #expect(source.bufferedBytes <= 256 * 1024)
        #expect(residentBytes() - rssBefore < 8 << 20)
    }
}

/// This process's resident set in bytes (from /proc/self/statm).
func residentBytes() -> Int {
    let text = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? "0 0"
    let pages = Int(text.split(separator: " ")[1]) ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
