import Dispatch
import MPRIS
import PlayerCore

/// OpenUri and the TrackList methods: adding through the media collector, removing, jumping.
extension Player {
    func openURI(_ uri: String) throws(PlayerCommandError) {
        try collect(uri) { [self] items, probe in
            add(items, after: nil) { added in
                remember(probe, for: added)
                try? model.goTo(added[0].id)
                start(added[0], at: 0, paused: false)
            }
        }
    }

    func addTrack(uri: String, after: QueueEntryID?, setAsCurrent: Bool) throws(PlayerCommandError) {
        if let after, model.index(of: after) == nil { throw .unknownTrack(after) }
        try collect(uri) { [self] items, probe in
            if let after, model.index(of: after) != nil {
                add(items, after: after) { added in addedTracks(added, probe: probe, setAsCurrent: setAsCurrent) }
            } else if after != nil {
                // A slow walk may finish after `after` was removed: then the tracks go to the end.
                add(items, after: nil) { added in addedTracks(added, probe: probe, setAsCurrent: setAsCurrent) }
            } else {
                // After NoTrack: at the start of the list (the batches follow the first one).
                let first = (try? model.insert(Array(items.prefix(1)), after: nil)) ?? []
                addedTracks(first, probe: probe, setAsCurrent: setAsCurrent)
                if let head = first.first { add(Array(items.dropFirst()), after: head.id) { _ in } } else { publish() }
            }
        }
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

    private func addedTracks(_ added: [QueueEntry], probe: TrackDetails?, setAsCurrent: Bool) {
        remember(probe, for: added)
        guard let head = added.first else { return }
        if setAsCurrent {
            try? model.goTo(head.id)
            start(head, at: 0, paused: false)
        } else {
            refreshNext()
        }
    }

    func goTo(_ id: QueueEntryID) throws(PlayerCommandError) {
        do { try model.goTo(id) } catch { throw .unknownTrack(id) }
        if let entry = model.current { start(entry, at: 0, paused: false) }
        publish()
    }

    /// Replaces the queue with a collection (command line); returns whether anything was queued.
    func queueCollection(_ collection: MediaCollection) -> Bool {
        for problem in collection.problems { Log.info("skipped \(problem)") }
        guard !collection.items.isEmpty else { return false }
        model.replace(with: collection.items)
        details.removeAll()
        probed = []
        return true
    }

    // MARK: - Private

    /// Parses a URI, then expands it off the service's queue (a folder may hold 100,000 files); a single file is
    /// opened once to prove it plays (its details are kept). Within `patience` — any single file or usual
    /// folder — `apply` runs before this returns and failures are thrown to the caller. A longer walk returns at
    /// once (the bus is not held) and `apply` runs on the service's queue when it ends; failures are then logged.
    private func collect(_ uri: String,
                         then apply: @escaping ([MediaItem], TrackDetails?) -> Void) throws(PlayerCommandError) {
        let location: MediaLocation
        do { location = try MediaLocation(parsing: uri) } catch { throw .malformedURI("\(error)") }
        guard case .file = location else {
            guard case .url(let url) = location, url.hasPrefix("http://") || url.hasPrefix("https://") else {
                throw .unsupportedScheme("only file, http and https URIs can be played, not '\(uri)'")
            }
            // Refused now if it could never be fetched; otherwise opened (and judged) when it plays.
            if let problem = StreamURLCheck.problem(url) { throw .malformedURI(problem) }
            apply([MediaItem(location)], nil)
            return
        }
        let patience: DispatchTimeInterval = .milliseconds(50)
        let group = DispatchGroup()
        let box = ExpansionBox()
        let collector = self.collector
        DispatchQueue.global(qos: .userInitiated).async(group: group) {
            box.result = Self.expand(location, collector)
        }
        let finish: () -> PlayerCommandError? = {
            guard let result = box.result else { return .cannotPlay("cannot play '\(uri)'") }
            switch result {
            case .success(let (items, probe)): apply(items, probe); return nil
            case .failure(let error): return error
            }
        }
        if group.wait(timeout: .now() + patience) == .success {
            if let error = finish() { throw error }
        } else {
            Log.info("reading \(location.description) in the background")
            group.notify(queue: queue) { if let error = finish() { Log.error("\(error)") } }
        }
    }

    /// The walk itself (any thread): the items, and the details of a single file.
    private static func expand(_ location: MediaLocation, _ collector: MediaCollector)
        -> Result<([MediaItem], TrackDetails?), PlayerCommandError> {
        let collection = collector.collect(location)
        for problem in collection.problems { Log.info("skipped \(problem)") }
        guard !collection.items.isEmpty else {
            let why = collection.problems.first.map { "\($0)" } ?? "nothing to play"
            return .failure(.cannotPlay("cannot play '\(location.path ?? location.description)': \(why)"))
        }
        guard collection.items.count == 1, let single = collection.items[0].location.path else {
            return .success((collection.items, nil))
        }
        do {
            return .success((collection.items, try TrackDetails.probe(path: single)))
        } catch {
            return .failure(.cannotPlay("cannot play '\(single)': \(error)"))
        }
    }

    private func remember(_ probe: TrackDetails?, for added: [QueueEntry]) {
        guard let probe, added.count == 1 else { return }
        details[added[0].id] = probe
        probed.insert(added[0].id)
    }
}

/// A walk's result, handed from the worker to the service's queue. `@unchecked Sendable`: written once by the
/// worker inside the group, read only after the group completed (the group orders the two).
private final class ExpansionBox: @unchecked Sendable {
    var result: Result<([MediaItem], TrackDetails?), PlayerCommandError>?
}
