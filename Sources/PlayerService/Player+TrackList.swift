import Dispatch
import MPRIS
import PlayerCore

/// OpenUri and the TrackList methods: adding through the media collector, removing, jumping.
extension Player {
    /// MPRIS OpenUri: plays now — right after the current entry — keeping the rest of the queue.
    func openURI(_ uri: String) throws(PlayerCommandError) {
        try queueAdd(uris: [uri], mode: .now)
    }

    func addTrack(uri: String, after: QueueEntryID?, setAsCurrent: Bool) throws(PlayerCommandError) {
        if let after, model.index(of: after) == nil { throw .unknownTrack(after) }
        try collect([uri]) { [self] items, probes in
            let probe = probes[0]
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
        try queueRemove([id])
    }

    /// After entries were removed: a removed current entry is followed in the status the player had (or the
    /// player stops past the end); otherwise only what follows may have changed.
    func followRemoval(_ removal: QueueRemoval, wasPlaying: Bool, wasPaused: Bool) {
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
        remember(probe.map { [0: $0] } ?? [:], for: added)
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
        dropPendingAdditions()
        model.replace(with: collection.items)
        details.removeAll()
        probed = []
        return true
    }

    // MARK: - Private

    /// Parses the URIs (a malformed one refuses the whole call, nothing is queued), then expands them off the
    /// service's queue (a folder may hold 100,000 files); a URI naming a single file has it opened once to prove
    /// it plays (its details are kept, by item index, in `probes`). Within `patience` — single files or usual
    /// folders — `apply` runs before this returns and failures are thrown to the caller. A longer walk returns at
    /// once (the bus is not held) and `apply` runs on the service's queue when it ends; failures are then logged.
    /// With several URIs, one that yields nothing is logged and skipped; only all failing is an error.
    func collect(
        _ uris: [String],
        then apply: @escaping ([MediaItem], [Int: TrackDetails]) -> Void
    ) throws(PlayerCommandError) {
        var parsed: [MediaLocation] = []
        for uri in uris { parsed.append(try Self.playableLocation(uri)) }
        let locations = parsed
        if locations.allSatisfy({ if case .url = $0 { return true } else { return false } }) {
            apply(locations.map { MediaItem($0) }, [:])  // streams: opened (and judged) when they play
            return
        }
        let patience: DispatchTimeInterval = .milliseconds(50)
        let group = DispatchGroup()
        let box = WalkResult<Result<([MediaItem], [Int: TrackDetails]), PlayerCommandError>>()
        let collector = self.collector
        WalkThread.run(in: group) {
            box.set(Self.expand(locations, collector))
        }
        let finish: () -> PlayerCommandError? = {
            guard let result = box.get else { return .cannotPlay("cannot play '\(uris.joined(separator: " "))'") }
            switch result {
            case .success(let (items, probes)): apply(items, probes); return nil
            case .failure(let error): return error
            }
        }
        if group.wait(timeout: .now() + patience) == .success {
            if let error = finish() { throw error }
        } else {
            Log.info("reading \(locations.map(\.description).joined(separator: " ")) in the background")
            group.notify(queue: .main) { if let error = finish() { Log.error("\(error)") } }
        }
    }

    /// A URI the player can queue: file, or http(s) with a host; anything else is refused at the call.
    static func playableLocation(_ uri: String) throws(PlayerCommandError) -> MediaLocation {
        let location: MediaLocation
        do { location = try MediaLocation(parsing: uri) } catch { throw .malformedURI("\(error)") }
        guard case .url = location else { return location }
        guard case .url(let url) = location, location.isHTTP else {
            throw .unsupportedScheme("only file, http and https URIs can be played, not '\(uri)'")
        }
        // Refused now if it could never be fetched; otherwise opened (and judged) when it plays.
        if let problem = StreamURLCheck.problem(url) { throw .malformedURI(problem) }
        return location
    }

    /// The walk itself (any thread): the items in URI order, and the details of URIs that named a single file.
    private nonisolated static func expand(_ locations: [MediaLocation], _ collector: MediaCollector)
        -> Result<([MediaItem], [Int: TrackDetails]), PlayerCommandError>
    {
        var items: [MediaItem] = []
        var probes: [Int: TrackDetails] = [:]
        var firstError: PlayerCommandError?
        for location in locations {
            switch expand(location, collector) {
            case .success(let (found, probe)):
                if let probe { probes[items.count] = probe }
                items += found
            case .failure(let error):
                if locations.count > 1 { Log.info("skipped: \(error)") }
                firstError = firstError ?? error
            }
        }
        if items.isEmpty, let firstError { return .failure(firstError) }
        return .success((items, probes))
    }

    /// One location's items, and its details when it is a single file.
    private nonisolated static func expand(_ location: MediaLocation, _ collector: MediaCollector)
        -> Result<([MediaItem], TrackDetails?), PlayerCommandError>
    {
        if case .url = location { return .success(([MediaItem(location)], nil)) }
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

    /// Keeps the details found while collecting (`probes` by item index) for the entries that were added.
    func remember(_ probes: [Int: TrackDetails], for added: [QueueEntry]) {
        for (i, probe) in probes where added.indices.contains(i) {
            details[added[i].id] = probe
            probed.insert(added[i].id)
        }
    }
}
