import PlayerCore

/// Engine events → queue moves, Seeked, and a fresh snapshot.
extension Player {
    func handle(_ event: PlaybackEvent) {
        switch event {
        case .stateChanged(let state):
            route?.reportedState = state
        case .trackFinished, .muteChanged, .underrun:
            break
        case .trackStarted(let item, let info):
            guard let id = entryID(item), model.entry(id) != nil else { break }
            failures.removeAll()
            details[id] = TrackDetails(info)
            if id == model.currentID {
                // The same entry again after it played through: a track repeat, a jump back to 0 for clients.
                if lastStarted == id && askedAfter == id { mpris?.seeked(toMicroseconds: 0) }
            } else if model.naturalSuccessor == id {
                model.next(.trackEnded)
            } else {
                try? model.goTo(id)
            }
            lastStarted = id
            askedAfter = nil
        case .endOfQueue:
            // LoopStatus None: "Stopped at the first track", ready to play again.
            if case .stop(at: let first) = model.nextStep(.trackEnded) {
                model.next(.trackEnded)
                _ = first
            }
            askedAfter = nil
            lastStarted = nil
        case .positionJumped(let us):
            mpris?.seeked(toMicroseconds: us)
            persistence?.noteJump()
        case .needsNext(after: let item):
            guard let id = entryID(item) else { engine.setNext(nil); break }
            if failures.contains(id) {
                skipFailed(id)
            } else if id == model.currentID {
                askedAfter = id
                engine.setNext(model.naturalSuccessor.flatMap { self.item($0) })
            } else {
                engine.setNext(nil)
            }
        case .volumeChanged(let v):
            volume = v
        case .error(_, let error) where RouteController.isServerLoss(error):
            Log.info("\(error)")  // not the track's fault: RouteController continues when the server is back
        case .error(let item, let error):
            Log.error("\(item.map { "\($0.location): " } ?? "")\(error)")
            if let item, let id = entryID(item) { failures.insert(id) }
        case .output(let e):
            route?.handle(e)
        }
        publish()
    }

    /// An entry could not be played (as current, or while preparing it as the next): move past it, but never
    /// around the queue forever when nothing plays.
    private func skipFailed(_ id: QueueEntryID) {
        let step = model.order.next(in: model.ids, current: id, trigger: .user)
        if case .play(let following) = step, !failures.contains(following), let next = item(following) {
            engine.setNext(next)
        } else {
            Log.error("nothing playable left after \(model.entry(id)?.location.description ?? "an entry"); stopping")
            engine.setNext(nil)
        }
    }

    /// After the order or the queue changed: a successor already given to the engine may be wrong now.
    func refreshNext() {
        guard let asked = askedAfter, asked == model.currentID, status != .stopped else { return }
        engine.setNext(model.naturalSuccessor.flatMap { item($0) })
    }
}
