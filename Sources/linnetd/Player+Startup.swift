import MPRIS
import PlayerCore

/// Start-up: restore the saved state (paused at the same place) or queue the command line's paths.
extension Player {
    /// Restores from `store` unless `restore` is false; then `paths` (if any) replace the queue and play.
    func startUp(store: StateStore, restore: Bool, paths: [String], workingDirectory: String) {
        var resumeAt: Int64 = 0
        var resume = false
        if restore {
            switch store.load() {
            case .loaded(let state):
                model = state.queue
                volume = state.volume
                balance = state.balance
                resumeAt = state.positionMicroseconds
                resume = state.playback != .stopped
                Log.info("restored \(model.count) queued tracks from \(store.path)")
            case .missing:
                break
            case .setAside(let error, let movedTo):
                Log.error("\(error); set aside as \(movedTo ?? "(could not move it)"), starting afresh")
            }
        }
        engine.setVolume(volume)
        engine.setBalance(balance)
        if !paths.isEmpty {
            if replaceQueue(with: paths, workingDirectory: workingDirectory), let first = model.current {
                start(first, at: 0, paused: false)
            } else {
                Log.error("nothing playable in \(paths.joined(separator: " "))")
            }
        } else if resume, let current = model.current {
            // Paused at the same place: the stream is opened corked, nothing plays until Play.
            start(current, at: resumeAt, paused: true)
        }
        publish()
    }
}
