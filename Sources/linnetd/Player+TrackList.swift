import MPRIS
import PlayerCore

/// OpenUri and the TrackList methods: adding through the media collector, removing, jumping.
extension Player {
    func openURI(_ uri: String) throws(PlayerCommandError) {
        let (items, probe) = try collect(uri)
        let added = model.append(items)
        remember(probe, for: added)
        try? model.goTo(added[0].id)
        start(added[0], at: 0, paused: false)
        publish()
    }

    func addTrack(uri: String, after: QueueEntryID?, setAsCurrent: Bool) throws(PlayerCommandError) {
        let (items, probe) = try collect(uri)
        let added: [QueueEntry]
        do { added = try model.insert(items, after: after) } catch { throw .unknownTrack(after) }
        remember(probe, for: added)
        if setAsCurrent {
            try? model.goTo(added[0].id)
            start(added[0], at: 0, paused: false)
        } else {
            refreshNext()
        }
        publish()
    }

    func removeTrack(_ id: QueueEntryID) throws(PlayerCommandError) {
        let wasPlaying = status == .playing, wasPaused = status == .paused
        let removal: QueueRemoval
        do { removal = try model.remove(id) } catch { throw .unknownTrack(id) }
        details[id] = nil
        if removal.wasCurrent {
            if removal.newCurrent == nil || removal.endOfQueue {
                engine.stop()
            } else {
                follow(wasPlaying: wasPlaying, wasPaused: wasPaused)
            }
        } else {
            refreshNext()
        }
        publish()
    }

    func goTo(_ id: QueueEntryID) throws(PlayerCommandError) {
        do { try model.goTo(id) } catch { throw .unknownTrack(id) }
        if let entry = model.current { start(entry, at: 0, paused: false) }
        publish()
    }

    /// Replaces the queue with what `inputs` name (command line); returns whether anything was queued.
    func replaceQueue(with inputs: [String], workingDirectory: String) -> Bool {
        let collection = collector.collect(inputs, workingDirectory: workingDirectory)
        for problem in collection.problems { Log.info("skipped \(problem)") }
        guard !collection.items.isEmpty else { return false }
        model.replace(with: collection.items)
        details = [:]
        probed = []
        return true
    }

    // MARK: - Private

    /// Parses and expands a URI; a single file is opened once to prove it plays (its details are kept).
    private func collect(_ uri: String) throws(PlayerCommandError) -> ([MediaItem], TrackDetails?) {
        let location: MediaLocation
        do { location = try MediaLocation(parsing: uri) } catch { throw .malformedURI("\(error)") }
        guard case .file(let path) = location else {
            guard case .url(let url) = location, url.hasPrefix("http://") || url.hasPrefix("https://") else {
                throw .unsupportedScheme("only file, http and https URIs can be played, not '\(uri)'")
            }
            return ([MediaItem(location)], nil)  // a stream: opened (and judged) when it plays
        }
        let collection = collector.collect(location)
        for problem in collection.problems { Log.info("skipped \(problem)") }
        guard !collection.items.isEmpty else {
            let why = collection.problems.first.map { "\($0)" } ?? "nothing to play"
            throw .cannotPlay("cannot play '\(path)': \(why)")
        }
        guard collection.items.count == 1, let single = collection.items[0].location.path else {
            return (collection.items, nil)
        }
        do {
            return (collection.items, try TrackDetails.probe(path: single))
        } catch {
            throw .cannotPlay("cannot play '\(single)': \(error)")
        }
    }

    private func remember(_ probe: TrackDetails?, for added: [QueueEntry]) {
        guard let probe, added.count == 1 else { return }
        details[added[0].id] = probe
        probed.insert(added[0].id)
    }
}
