import MPRIS
import PlayerCore

/// Linnet's Queue interface: the whole queue by position (the MPRIS TrackList shows only a window of it).
extension Player: QueueControl {
    var queueSnapshot: QueueSnapshot { QueueSnapshot(length: model.count, position: model.currentIndex) }

    func queueEntries(offset: Int, limit: Int) -> [TrackSnapshot] {
        guard offset >= 0, limit > 0, offset < model.count else { return [] }
        let end = offset + min(limit, model.count - offset)
        var tracks = (offset..<end).map { trackSnapshot(model.entries[$0]) }
        // Entries whose files were not opened in this run (outside the TrackList window): the library's tags.
        let unknown = tracks.indices.filter { tracks[$0].tags == nil && tracks[$0].location.path != nil }
        guard !unknown.isEmpty, let lookup = libraryLookup else { return tracks }
        let found = lookup(unknown.compactMap { tracks[$0].location.path })
        for i in unknown {
            guard let path = tracks[i].location.path, let known = found[path] else { continue }
            tracks[i].tags = known.tags
            tracks[i].durationMicroseconds = tracks[i].durationMicroseconds ?? known.durationMicroseconds
        }
        return tracks
    }

    func queueAdd(uris: [String], mode: QueueAddMode) throws(PlayerCommandError) {
        try collect(uris) { [self] items, probes in
            switch mode {
            case .replace:
                dropPendingAdditions()
                model.clear()
                details.removeAll()
                probed = []
                add(items, after: nil) { added in startFirst(of: added, probes: probes) }
            case .append:
                add(items, after: nil) { added in
                    remember(probes, for: added); refreshNext()
                }
            case .next:
                add(items, after: model.currentID) { added in
                    remember(probes, for: added); refreshNext()
                }
            case .now:
                add(items, after: model.currentID) { added in startFirst(of: added, probes: probes) }
            }
        }
    }

    func queueRemove(_ ids: [QueueEntryID]) throws(PlayerCommandError) {
        let wasPlaying = status == .playing, wasPaused = status == .paused
        let removal: QueueRemoval?
        do { removal = try model.remove(Set(ids)) } catch {
            if case .unknownEntry(let id) = error { throw .unknownTrack(id) }
            throw .unknownTrack(nil)
        }
        guard let removal else { return }
        for id in ids { details[id] = nil }
        followRemoval(removal, wasPlaying: wasPlaying, wasPaused: wasPaused)
    }

    func queueMove(_ id: QueueEntryID, to position: Int) throws(PlayerCommandError) {
        do { try model.move(id, to: position) } catch {
            switch error {
            case .unknownEntry(let id): throw .unknownTrack(id)
            case .indexOutOfRange(let i, let count):
                throw .invalidValue("position \(i) is past the end of the queue (\(count) entries)")
            }
        }
        refreshNext()
        publish()
    }

    func queueGoTo(position: Int) throws(PlayerCommandError) {
        guard model.ids.indices.contains(position) else {
            throw .invalidValue("position \(position) is past the end of the queue (\(model.count) entries)")
        }
        try goTo(model.ids[position])
    }

    func queueClear() {
        willJump()
        dropPendingAdditions()
        model.clear()
        details.removeAll()
        probed = []
        streams.removeAll()
        engine.stop()
        publish()
    }

    /// Makes the first added entry current and plays it (replace, now).
    private func startFirst(of added: [QueueEntry], probes: [Int: TrackDetails]) {
        remember(probes, for: added)
        guard let head = added.first else { return }
        try? model.goTo(head.id)
        start(head, at: 0, paused: false)
    }
}
