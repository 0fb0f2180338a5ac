import Dispatch
import Foundation
import PlayerCore
import Streaming
import Testing
import TestSupport

/// Ending streams (issue 17): a cancelled open wakes at once wherever it blocks (the first connect, a remote
/// playlist's station, an HLS segment) and closes its connection; a dropped decoder closes its connection and
/// ends its decode thread. Disconnects are observed by the fixture server ("CLOSE" lines), never by waiting.
@Suite(.serialized) struct StreamCancelTests {
    let server: StreamServer

    init() throws {
        server = try StreamServer(mediaDirectory: StreamMedia.directory.path)
    }

    /// Long timeouts: only the cancel may end a held open here.
    static var patient: StreamSettings {
        var s = StreamMedia.settings
        s.readTimeoutSeconds = 60
        s.lowSpeedSeconds = 60
        return s
    }

    /// Opens `path` on another thread, cancels once the server holds the request `held` (a fragment of it), and
    /// checks that the open fails and the connection closes within 5 s: far below the 60 s timeouts of
    /// `patient`, so only the cancel can have woken it (no bound tighter than that: a loaded machine took 2 s).
    func cancelWhileHeld(_ path: String, held: String) throws {
        let cancellation = LoadCancellation()
        let outcome = LockedBox<Result<Void, DecodeError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let url = server.url(path)
        Thread.detachNewThread {
            do {
                _ = try StreamOpener.open(url: url, settings: Self.patient, observer: nil, cancellation: cancellation)
                outcome.set(.success(()))
            } catch let e as DecodeError {
                outcome.set(.failure(e))
            } catch {}
            done.signal()
        }
        try waitForRequest(held)
        let cancelled = DispatchTime.now().uptimeNanoseconds
        cancellation.cancel()
        #expect(done.wait(timeout: .now() + 5) == .success, "the open did not wake")
        let ms = Double(DispatchTime.now().uptimeNanoseconds - cancelled) / 1e6
        guard case .failure? = outcome.get() else {
            Issue.record("a cancelled open of \(path) did not fail (\(ms) ms): \(String(describing: outcome.get()))")
            return
        }
        #expect(server.waitForCloses(of: held, timeout: 5) != nil, "the server still holds \(held)")
    }

    struct RequestTimeout: Error, CustomStringConvertible {
        var fragment: String
        var description: String { "no request with '\(fragment)' reached the server within 10 s" }
    }

    /// Waits (polling the server's log with a deadline) until a request containing `fragment` arrived.
    func waitForRequest(_ fragment: String) throws {
        let deadline = Date().addingTimeInterval(10)
        while !server.requests.contains(where: { $0.contains(fragment) }) {
            guard Date() < deadline else { throw RequestTimeout(fragment: fragment) }
            usleep(10_000)  // polling an external process with a deadline
        }
    }

    @Test func aCancelWakesAnOpenWaitingForTheFirstAnswer() throws {
        try cancelWhileHeld("/hold/tone.mp3?key=never&stage=headers&t=first", held: "t=first")
    }

    @Test func aCancelWakesAnOpenWaitingForTheFirstBytes() throws {
        try cancelWhileHeld("/hold/tone.mp3?key=never&stage=body&t=body", held: "t=body")
    }

    @Test func aCancelWakesAnOpenWaitingForAnHLSSegment() throws {
        try cancelWhileHeld("/hls/tone.mp3.m3u8?hold=never", held: "seg=0")
    }

    @Test func aCancelledTokenStopsAnOpenBeforeItConnects() {
        let cancellation = LoadCancellation()
        cancellation.cancel()
        #expect(throws: DecodeError.self) {
            _ = try StreamOpener.open(
                url: server.url("/f/tone.mp3?t=never-asked"), settings: StreamMedia.settings,
                observer: nil, cancellation: cancellation)
        }
        #expect(!server.requests.contains { $0.contains("t=never-asked") })
    }

    @Test func droppingARadioDecoderClosesItsConnection() throws {
        var decoder: (any Decoder)? = try StreamOpener.open(
            url: server.url("/icy/tone.mp3?metaint=4000&t=radio"),
            settings: StreamMedia.settings, observer: nil)
        #expect(try drain(decoder!, maxFrames: 4410) == 4410)
        decoder = nil
        // The decode thread owns the connection: it must notice and end for the socket to close. The radio never
        // stops sending, so no timeout can close it: any close within the wait is the drop's doing.
        #expect(server.waitForCloses(of: "t=radio", timeout: 10) != nil, "the radio is still connected")
    }
}
