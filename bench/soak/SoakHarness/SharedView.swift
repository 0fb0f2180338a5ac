import Foundation

/// What the harness threads know about linnetd's queue, to aim their calls and faults: the current track id
/// and file, the track ids seen, and ids removed since (stale ids for calls).
final class SharedView: @unchecked Sendable {
    // Safe: every stored property is only touched with `lock` held.
    private let lock = NSLock()
    private var _currentTrack: String?
    private var _currentURL: String?
    private var _tracks: [String] = []
    private var _stale: [String] = []

    var currentTrack: String? { lock.withLock { _currentTrack } }
    var currentURL: String? { lock.withLock { _currentURL } }
    var tracks: [String] { lock.withLock { _tracks } }
    var stale: [String] { lock.withLock { _stale } }

    func setCurrent(track: String?, url: String?) {
        lock.withLock {
            _currentTrack = track
            _currentURL = url
        }
    }

    /// A fresh `Tracks` list; ids that disappeared become stale.
    func setTracks(_ ids: [String]) {
        lock.withLock {
            let gone = _tracks.filter { !ids.contains($0) }
            _stale = Array((_stale + gone).suffix(20))
            _tracks = ids
        }
    }
}
