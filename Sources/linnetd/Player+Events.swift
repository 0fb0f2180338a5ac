import PlayerCore

/// Engine events → queue moves, Seeked, and a fresh snapshot.
extension Player {
    func handle(_ event: PlaybackEvent) {
        switch event {
        case .stateChanged(let state):
            if state == .stopped { lastHeardStart = nil }
            route?.stateChanged(state)
        case .trackFinished, .muteChanged, .underrun:
            // Nothing a client sees changes. Publishing here would also read the engine's live state early: at the
            // end of the queue it is already Stopped while `.endOfQueue` (queued right behind) has yet to move to
            // the first track, which split one event into two PropertiesChanged.
            return
        case .trackStarted(let item, let info):
            guard let id = entryID(item), model.entry(id) != nil else { break }
            failures.removeAll()
            details[id] = TrackDetails(info)
            // The current entry heard from a new start: a repeat, a restart by a command that could not seek, or
            // a repeat already on its way when a LoopStatus change re-planned what follows (soak, seed 9: Position
            // went from 1.5 s to 0.09 s with no signal). Clients see the same trackid, so they need Seeked.
            let restarted = id == lastHeardStart && id == model.currentID
            lastHeardStart = id
            var jumpAnnounced = false
            if id == awaitingStart {
                awaitingStart = nil  // the first sound of what a command started
            } else if let i = expectedStarts.firstIndex(of: id) {
                expectedStarts.removeFirst(i + 1)
                if id == model.currentID {
                    // The same entry again after it played through: a track repeat, a jump back to 0 for clients.
                    mpris?.seeked(toMicroseconds: 0)
                    jumpAnnounced = true
                    noteRepeat(of: id)
                } else if model.naturalSuccessor == id {
                    model.next(.trackEnded)
                } else {
                    try? model.goTo(id)
                }
            }
            // Otherwise the start is the current entry's first (after a command) or a stale one: nothing moves.
            if id != repeats.entry, let restore = repeats.trackStarted(id, isRepeat: false) {
                model.loopMode = restore    // the listener moved to another track: the count is over
                refreshNext()
            }
            if restarted && !jumpAnnounced { mpris?.seeked(toMicroseconds: positionMicroseconds) }
        case .endOfQueue:
            // LoopStatus None: "Stopped at the first track", ready to play again.
            if case .stop = model.nextStep(.trackEnded) { model.next(.trackEnded) }
            expectedStarts = []
            awaitingStart = nil
        case .positionJumped(let us):
            mpris?.seeked(toMicroseconds: us)
            persistence?.noteJump()
        case .needsNext(after: let item):
            guard let id = entryID(item) else { break }
            if failures.contains(id) {
                skipFailed(id)
            } else if id == (expectedStarts.last ?? model.currentID) {
                let successor = successor(after: expectedStarts)
                if let successor { expectedStarts.append(successor) }
                engine.setNext(successor.flatMap { self.item($0) })
            }
            // A question about an entry a command has since replaced is not answered: the engine asks again
            // for the track it plays now.
        case .volumeChanged(let v):
            volume = v
        case .balanceChanged(let b):
            balance = b
        case .error(_, let error) where RouteController.isServerLoss(error):
            Log.info("\(error)")  // not the track's fault: RouteController continues when the server is back
        case .error(let item, let error):
            Log.error("\(item.map { "\($0.location): " } ?? "")\(error)")
            if let item, MediaLocation.isHTTP(item.location) {
                streamService?.streamError(uri: item.location, message: "\(error)")
            }
            if let item, let id = entryID(item) { failures.insert(id) }
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

    /// An entry could not be played (as current, or while preparing it as the next): move past it, but never
    /// around the queue forever when nothing plays.
    private func skipFailed(_ id: QueueEntryID) {
        let step = model.order.next(in: model.ids, current: id, at: model.index(of: id), trigger: .user)
        if case .play(let following) = step, !failures.contains(following), let next = item(following) {
            if id == model.currentID && startedPaused {
                // A paused load failed (e.g. a restored file is gone): stay paused on the next entry.
                try? model.goTo(following)
                engine.load(next)
            } else {
                if id == awaitingStart {
                awaitingStart = nil  // the first sound of what a command started
            } else if let i = expectedStarts.firstIndex(of: id) { expectedStarts.removeSubrange(i...) }
                expectedStarts.append(following)
                engine.setNext(next)
            }
        } else {
            Log.error("nothing playable left after \(model.entry(id)?.location.description ?? "an entry"); stopping")
            engine.setNext(nil)
        }
    }

    /// What naturally follows the current entry once the `upcoming` entries have played (pure: a copy moves).
    func successor(after upcoming: [QueueEntryID]) -> QueueEntryID? {
        var future = model
        for id in upcoming {
            if future.naturalSuccessor == id { future.next(.trackEnded) } else { try? future.goTo(id) }
        }
        return future.naturalSuccessor
    }

    /// After the order or the queue changed: a successor already given to the engine may be wrong now.
    /// Only the first one can be replaced (the engine may already decode a second).
    func refreshNext() {
        guard expectedStarts.count == 1, status != .stopped else { return }
        let successor = successor(after: [])
        guard successor != expectedStarts.first else { return }
        expectedStarts = successor.map { [$0] } ?? []
        engine.setNext(successor.flatMap { item($0) })
    }
}
