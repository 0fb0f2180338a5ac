import Dispatch
import MPRIS
import PlayerCore
import Scrobbling

/// Connects the listen tracker to the scrobbling worker and the worker to the bus: a listen (`ListenTracker`)
/// that the services take (30 s or longer, an artist and a title; a stream's only with `scrobble-streams`) is
/// committed to the journal at once, "playing now" goes out as a play starts, and the worker's status becomes the
/// Scrobbler interface's properties.
///
/// Concurrency: main actor; the worker runs on its own queue and its status hops back here.
@MainActor
final class ScrobbleController: ScrobbleControl {
    let worker: ScrobbleWorker
    var interface: ScrobblerInterface?
    private let streams: Bool

    init(worker: ScrobbleWorker, settings: ScrobbleSettings, listens: ListenTracker) {
        self.worker = worker
        streams = settings.streams
        worker.observeStatus { status in
            DispatchQueue.main.async(execute: onMainQueue { [weak self] in self?.interface?.update(status) })
        }
        listens.onStarted.append { [weak self] play in
            guard let self, let listen = listen(play) else { return }
            worker.nowPlaying(listen)
        }
        listens.onListened.append { [weak self] play in
            guard let self, let listen = listen(play) else { return }
            worker.record(listen)
        }
        // Started after the bus name: the first track may already be playing.
        if let play = listens.startedPlay, let listen = listen(play) { worker.nowPlaying(listen) }
    }

    /// The listen a play gives the services, nil when they take none of it.
    private func listen(_ play: ListenProgress) -> Listen? {
        guard let at = play.startedAt, !play.track.isStream || streams,
            ListenRule.submittable(durationMicroseconds: play.track.durationMicroseconds)
        else { return nil }
        return Listen(track: play.track, listenedAt: at)
    }

    var status: ScrobbleStatus { worker.status }

    func setScrobbling(enabled: Bool) { worker.setEnabled(enabled) }

    func startLastFMLogin(_ done: @escaping @MainActor (Result<(url: String, token: String), LastFMError>) -> Void) {
        let box = MainBox(done)
        worker.startLastFMLogin { result in
            DispatchQueue.main.async(
                execute: onMainQueue { box.value(result.map { (url: $0.url, token: $0.token) }) })
        }
    }

    func finishLastFMLogin(token: String, _ done: @escaping @MainActor (Result<String?, LastFMError>) -> Void) {
        let box = MainBox(done)
        worker.finishLastFMLogin(token: token) { result in
            let mapped: Result<String?, LastFMError>
            switch result {
            case .loggedIn(let user): mapped = .success(user)
            case .waiting: mapped = .success(nil)
            case .failed(let why): mapped = .failure(LastFMError(code: nil, message: why))
            }
            DispatchQueue.main.async(execute: onMainQueue { box.value(mapped) })
        }
    }
}

/// A main-actor closure carried through the worker's queue and called back on the main queue only.
private struct MainBox<T>: @unchecked Sendable {
    // @unchecked: made on the main actor and called there (through onMainQueue); the worker only passes it on.
    let value: T
    init(_ value: T) { self.value = value }
}
