import Curl
import PlayerCore

/// The network thread's side of one request of an `HTTPByteSource`: checks the response, strips ICY metadata,
/// hands audio bytes to the `StreamState` window.
///
/// `@unchecked Sendable`: `demuxer` and `badBlocks` are touched only on the Curl loop thread, which calls the
/// delegate methods one at a time; everything shared goes through `state` under its lock.
final class StreamReceiver: HTTPTransferDelegate, @unchecked Sendable {
    private let state: StreamState
    private let generation: UInt64
    private let rangeStart: Int64
    private var demuxer: IcyDemuxer?
    private var badBlocks = 0
    private var lastTitle: String?

    init(state: StreamState, generation: UInt64, rangeStart: Int64) {
        self.state = state
        self.generation = generation
        self.rangeStart = rangeStart
    }

    func transferReceived(response r: HTTPResponse) -> String? {
        if let reason = ResponseCheck.problem(r, rangeStart: rangeStart) { return reason }
        if let metaint = r.headers["icy-metaint"] {
            guard let interval = Int(metaint), let d = IcyDemuxer(interval: interval) else {
                return "absurd icy-metaint '\(metaint.prefix(20))' (1…\(IcyDemuxer.maxInterval) bytes accepted)"
            }
            demuxer = d
        }
        // Told before any reader can see the response, let alone a byte of its body.
        state.observer?(.response(status: r.status, rangeStart: rangeStart))
        state.withLock { state.receivedResponse(r, generation: generation) }
        return nil
    }

    func transferReceived(data: UnsafeRawBufferPointer) -> HTTPDataDecision {
        guard state.withLock({ state.hasRoom(for: data.count, generation: generation) }) else { return .pause }
        guard var d = demuxer else {
            return state.withLock { state.receivedAudio(data, generation: generation) } ? .accepted : .pause
        }
        let pieces = d.feed(data)
        demuxer = d
        var events: [StreamEvent] = []
        for piece in pieces {
            switch piece {
            case .audio(let range):
                _ = state.withLock {
                    state.receivedAudio(UnsafeRawBufferPointer(rebasing: data[range]), generation: generation)
                }
            case .metadata(let block):
                guard let meta = IcyMetadata.parse(block) else {
                    badBlocks += 1
                    events.append(.warning("ICY metadata block of \(block.count) bytes is not text"))
                    if badBlocks >= 3 {
                        emit(events)
                        return .abort(reason: "ICY metadata is garbage (\(badBlocks) blocks that are not text)")
                    }
                    continue
                }
                badBlocks = 0
                if meta.wasWindows1252 { events.append(.warning("ICY title was not UTF-8; read as Windows-1252")) }
                if meta.droppedTitle { events.append(.warning("ICY title dropped: binary noise, not text")) }
                if let title = meta.streamTitle, title != lastTitle {
                    lastTitle = title
                    let (t, a) = IcyMetadata.split(title)
                    events.append(.nowPlaying(title: t, artist: a))
                }
            }
        }
        emit(events)
        return .accepted
    }

    func transferFinished(error: CurlError?) {
        state.withLock { state.finished(error, generation: generation) }
    }

    private func emit(_ events: [StreamEvent]) {
        guard let observer = state.observer else { return }
        for e in events { observer(e) }
    }
}

/// Whether a response is one a player can use (pure).
enum ResponseCheck {
    static func problem(_ r: HTTPResponse, rangeStart: Int64) -> String? {
        if r.status != 200 && r.status != 206 {
            return "HTTP \(r.status)" + (r.status == 404 ? " (not found)" : "")
        }
        if let encoding = r.headers["content-encoding"]?.lowercased(), encoding != "identity" {
            return "the server sent a '\(encoding)'-encoded body, refused for audio"
        }
        if rangeStart > 0 {
            guard r.status == 206 else { return "the server ignored the Range request (HTTP \(r.status))" }
            guard let range = r.headers["content-range"], contentRangeStart(range) == rangeStart else {
                return "the server answered the Range request from the wrong offset"
                    + " (\(r.headers["content-range"] ?? "no Content-Range"))"
            }
        }
        return nil
    }

    /// "bytes 100-199/200" → 100.
    static func contentRangeStart(_ header: String) -> Int64? {
        guard header.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = header.dropFirst(6)
        guard let dash = spec.firstIndex(of: "-") else { return nil }
        return Int64(spec[..<dash].trimmingCharacters(in: " "))
    }
}
