import Threading
import Decoding
import PlayerCore

/// The segments of an HLS media playlist as one byte stream (MPEG audio segments concatenate into a valid
/// stream). Live playlists are reloaded when the known segments run out, at most every half target duration;
/// a finished (VOD) playlist ends after its last segment. Not seekable.
public final class HLSByteSource: ByteSource {
    public let path: String
    public var isSeekable: Bool { false }
    public var length: Int64? { nil }
    public var isRemote: Bool { true }
    public private(set) var position: Int64 = 0
    private let settings: StreamSettings
    private let observer: (@Sendable (StreamEvent) -> Void)?
    private var playlist: HLSPlaylist.Media
    private var nextIndex = 0
    private var lastSequence = -1
    /// What other threads may touch: the interrupt and the segment being read.
    let control: HLSControl
    private var lastLoad: Double
    private var sleeper: StreamState { control.sleeper }

    init(
        url: String, playlist: HLSPlaylist.Media, settings: StreamSettings,
        observer: (@Sendable (StreamEvent) -> Void)?
    ) {
        path = url
        self.playlist = playlist
        self.settings = settings
        self.observer = observer
        lastLoad = monotonicSeconds()
        control = HLSControl(sleeper: StreamState(url: url, settings: settings, observer: nil))
        // Live: start three segments from the end, as players do, to stay near the live edge.
        if !playlist.ended { nextIndex = max(0, playlist.segments.count - 3) }
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
        while true {
            if let segment = control.lock.withLock({ control.current }) {
                let n = try segment.read(into: buffer)
                if n > 0 {
                    position += Int64(n)
                    return n
                }
                control.lock.withLock { control.current = nil }
            }
            guard try advance() else { return 0 }
        }
    }

    public func seek(to offset: Int64) throws(DecodeError) {
        guard offset == position else {
            throw DecodeError(.notSeekable, path: path, offset: offset, message: "HLS streams are not seekable")
        }
    }

    /// Opens the next segment (reloading a live playlist when needed); false at the end of a finished playlist.
    private func advance() throws(DecodeError) -> Bool {
        while nextIndex >= playlist.segments.count {
            if playlist.ended { return false }
            try reload()
        }
        let segment = playlist.segments[nextIndex]
        nextIndex += 1
        lastSequence = segment.sequence
        var s = settings
        s.reconnectAttempts = min(settings.reconnectAttempts, 2)
        try sleeper.withLock { () throws(DecodeError) in try sleeper.checkOpen() }
        let next = try HTTPByteSource(
            url: segment.url, settings: s, icy: false, observer: observer,
            cancellation: control.stopping)
        control.lock.withLock { control.current = next }
        return true
    }

    /// Fetches the live playlist again (not sooner than half a target duration after the last load) and keeps
    /// the segments after the last one played.
    private func reload() throws(DecodeError) {
        let wait = playlist.targetDuration / 2 - (monotonicSeconds() - lastLoad)
        if wait > 0 { try sleeper.withLock { () throws(DecodeError) in try sleeper.sleep(seconds: wait) } }
        lastLoad = monotonicSeconds()
        let source = try HTTPByteSource(
            url: path, settings: settings, icy: false, observer: nil,
            cancellation: control.stopping)
        let bytes = try StreamOpener.readAll(source, limit: settings.maxPlaylistBytes)
        let parsed: HLSPlaylist
        do {
            parsed = try HLSPlaylist.parse(
                String(decoding: bytes, as: UTF8.self), url: path,
                maxSegments: settings.maxSegments)
        } catch {
            throw DecodeError(.corrupt, path: path, message: error.description)
        }
        guard case .media(let media) = parsed else {
            throw DecodeError(.corrupt, path: path, message: "the live playlist turned into a master playlist")
        }
        playlist = media
        nextIndex = media.segments.firstIndex { $0.sequence > lastSequence } ?? media.segments.count
    }
}

/// The part of an `HLSByteSource` other threads reach: `interrupt()` stops a blocked read at once.
///
/// `@unchecked Sendable`: `current` is only touched with `lock` held; `sleeper` and `stopping` are themselves
/// lock-guarded.
final class HLSControl: @unchecked Sendable {
    let sleeper: StreamState
    /// Cancelled by `interrupt()`: closes a segment or playlist connection still being made (not yet `current`).
    let stopping = LoadCancellation()
    let lock = ConditionLock()
    var current: HTTPByteSource?

    init(sleeper: StreamState) { self.sleeper = sleeper }

    func interrupt() {
        sleeper.close()
        stopping.cancel()
        lock.withLock { current }?.interrupt()
    }
}
