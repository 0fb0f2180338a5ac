import Dispatch
import PlayerCore

/// The now-playing surface: cover art and lyrics of the current (and next) track, found in the background,
/// and the lyrics line kept in step with what is heard.
extension Player {
    /// Called by `publish`: requests missing extras and tells the lyrics controller the current state.
    func updateNowPlaying() {
        var wanted: [QueueEntryID] = []
        if let c = model.currentID { wanted.append(c) }
        if let n = model.naturalSuccessor { wanted.append(n) }
        for id in wanted where extras[id] == nil && !extrasRequested.contains(id) {
            guard let path = model.entry(id)?.location.path else { continue }
            extrasRequested.insert(id)
            extrasLoader.load(id, path: path, tags: nil) { [weak self] id, found in
                guard let self, model.entry(id) != nil else { return }
                extras[id] = found
                // Before the tags are known, announcing the art alone would send a TrackMetadataChanged with a
                // file-name title first; the probe's publish carries both. The lyrics line needs no wait.
                if details[id] != nil { publish() } else { updateNowPlaying() }
            }
        }
        if extras.count > 64 {
            extras.filter { model.index(of: $0) != nil }
            extrasRequested = extrasRequested.filter { model.index(of: $0) != nil }
        }
        notify { $0.playerNowPlayingChanged(self) }
    }
}
