import Dispatch
import MPRIS
import PlayerCore

/// Start-up: restore the saved state (paused at the same place) or queue the command line's paths.
extension Player {
    /// Restores `saved` (the queue database's state, nil: none or not wanted); then `paths` (if any) replace
    /// the queue and play. Returns whether a track is being loaded, whose first state the bus name waits for
    /// (`StartupGate`).
    @discardableResult
    func startUp(saved: PlayerState?, paths: [String], workingDirectory: String) -> Bool {
        var resumeAt: Int64 = 0
        var resume = false
        if let state = saved {
            model = state.queue
            volume = state.volume
            balance = state.balance
            resumeAt = state.positionMicroseconds
            resume = state.playback != .stopped
            Log.info("restored \(model.count) queued tracks")
        }
        engine.setVolume(volume)
        engine.setBalance(balance)
        if !paths.isEmpty {
            loadInBackground(paths, workingDirectory: workingDirectory)
        } else if resume, let current = model.current, let path = current.location.path {
            // The first snapshot (what D-Bus activation's first call reads) shows the track's tags and length:
            // one file, probed now rather than in the background after the bus name is taken.
            if details[current.id] == nil, let known = try? TrackDetails.probe(path: path) {
                details[current.id] = known
                probed.insert(current.id)
            }
            // Paused at the same place: the stream is opened corked, nothing plays until Play.
            start(current, at: resumeAt, paused: true)
        }
        // A network stream is not opened at start-up (no connection, no buffering while nobody listens): it stays
        // current, Stopped, and Play connects (a radio resumes live). Without a sound server `start` loads nothing
        // (RouteController holds a Play until one appears), so there is nothing to wait for.
        publish()
        return sync.awaitingStart != nil
    }

    /// Walks the command line's paths off the service's queue. A small folder is done within `patience` and
    /// queued before the bus name is taken (clients see it at once); a large one is queued when the walk ends,
    /// while the bus is served meanwhile.
    private func loadInBackground(_ paths: [String], workingDirectory: String) {
        let patience: DispatchTimeInterval = .milliseconds(100)
        let group = DispatchGroup()
        let box = WalkResult<MediaCollection>()
        let collector = self.collector
        WalkThread.run(in: group) {
            box.set(collector.collect(paths, workingDirectory: workingDirectory))
        }
        let apply: () -> Void = { [self] in
            guard let collection = box.get else { return }
            if queueCollection(collection), let first = model.current {
                start(first, at: 0, paused: false)
            } else {
                Log.error("nothing playable in \(paths.joined(separator: " "))")
            }
            publish()
        }
        if group.wait(timeout: .now() + patience) == .success {
            apply()
        } else {
            Log.info("reading \(paths.joined(separator: " ")) in the background")
            group.notify(queue: .main, execute: apply)
        }
    }
}
