import PlayerCore

/// Engine events → queue moves, Seeked, and a fresh snapshot.
extension Player {
    func handle(_ event: PlaybackEvent) {
        switch event {
        case .stateChanged(let state):
            if state == .stopped { sync.stopped() }
            route?.stateChanged(state)
        case .loaded:
            // Only the start-up gate waits for it; otherwise nothing a client sees changes.
            guard startupGate != nil else { return }
        case .trackFinished, .muteChanged, .underrun:
            // Nothing a client sees changes. Publishing here would also read the engine's live state early: at the
            // end of the queue it is already Stopped while `.endOfQueue` (queued right behind) has yet to move to
            // the first track, which split one event into two PropertiesChanged.
            return
        case .trackStarted(let item, let info):
            guard let id = entryID(item), model.entry(id) != nil else { break }
            details[id] = TrackDetails(info)
            notify { $0.playerTrackStarted(self, entry: id) }
            run(sync.trackStarted(id, queue: &model))
            if id != repeats.entry, let restore = repeats.trackStarted(id, isRepeat: false) {
                model.loopMode = restore  // the listener moved to another track: the count is over
                refreshNext()
            }
        case .endOfQueue:
            run(sync.endOfQueue(queue: &model))
        case .positionJumped(let us):
            notify { $0.playerSeeked(self, toMicroseconds: us) }
        case .needsNext(after: let item):
            guard let id = entryID(item) else { break }
            run(sync.needsNext(after: id, queue: &model))
        case .volumeChanged(let v):
            volume = v
        case .balanceChanged(let b):
            balance = b
        case .error(_, let error) where RouteController.isServerLoss(error):
            Log.info("\(error)")  // not the track's fault: RouteController continues when the server is back
        case .error(let item, let error):
            Log.error("\(item.map { "\($0.location): " } ?? "")\(error)")
            if let item, MediaLocation.isHTTP(item.location) {
                notify { $0.playerStreamFailed(uri: item.location, message: "\(error)") }
            }
            if let item, let id = entryID(item) { sync.failed(id) }
        case .output(let e):
            route?.handle(e)
        }
        publish()
        // Published first: the bus name is taken only once the restored track shows (StartupGate).
        if let gate = startupGate, startupSettled(after: event) {
            startupGate = nil
            gate.release()
        }
    }

    /// Does what the queue's synchronisation with the engine decided, in order.
    func run(_ actions: [QueueEngineSync.Action]) {
        for action in actions {
            switch action {
            case .setNext(let id):
                engine.setNext(id.flatMap { item($0) })
            case .loadPaused(let id):
                if let next = item(id) { engine.load(next) }
            case .seeked(let microseconds):
                let position = microseconds ?? positionMicroseconds
                notify { $0.playerSeeked(self, toMicroseconds: position) }
            case .repeated(let id):
                noteRepeat(of: id)
            case .nothingPlayable(let id):
                Log.error(
                    "nothing playable left after \(model.entry(id)?.location.description ?? "an entry"); stopping")
            case .consumed(let id):
                consume(id)
            }
        }
    }

    /// Removes an entry that has played from a consuming queue, as a client's removal would (TrackList and MPD
    /// clients see it go).
    func consume(_ id: QueueEntryID) {
        guard model.entry(id) != nil else { return }
        do { try queueRemove([id]) } catch { Log.error("consume: \(error)") }
    }

    /// After the order or the queue changed: a successor already given to the engine may be wrong now.
    func refreshNext() { run(sync.queueChanged(model, isStopped: status == .stopped)) }
}
