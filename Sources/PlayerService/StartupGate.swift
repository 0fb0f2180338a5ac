import Dispatch
import PlayerCore

/// Holds the bus name back until what start-up loaded is published. D-Bus activation delivers the call
/// that started linnetd as soon as the name is owned, and the restored track is loaded paused by the engine
/// asynchronously: claimed earlier, the first reply said Stopped, with no tags and no position.
///
/// Opens once, when `Player` reports the engine settled (`Player.startupSettled`), or after `timeout`, so a file
/// that hangs or a stream the server never creates still lets the name be taken.
///
/// Concurrency: confined to `queue` (the player's); the deadline fires there too.
@MainActor
final class StartupGate {
    private var open: (() -> Void)?
    private let timer: any DispatchSourceTimer

    init(timeout: DispatchTimeInterval, open: @escaping () -> Void) {
        self.open = open
        timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + timeout)
        timer.setEventHandler(
            handler: onMainQueue { [weak self] in
                Log.info("the restored track is not loaded yet: taking the bus name anyway")
                self?.release()
            })
        timer.activate()
    }

    isolated deinit { timer.cancel() }

    /// Runs `open` (the first call only) and disarms the deadline.
    func release() {
        timer.cancel()
        guard let open else { return }
        self.open = nil
        open()
    }
}

extension Player {
    /// Whether the engine has settled on what start-up asked of it (`StartupSettling`), seen after `event` was
    /// handled and published.
    func startupSettled(after event: PlaybackEvent) -> Bool {
        StartupSettling.isSettled(after: event, isLoading: engine.isLoading, state: engine.state)
    }
}

extension Player {
    /// Runs `open` once start-up's load is published, or at once when start-up is `loading` nothing; at the latest
    /// after `timeout` (a file that hangs or a stream the server never creates).
    func whenStartupSettled(loading: Bool, timeout: DispatchTimeInterval, _ open: @escaping () -> Void) {
        guard loading else { return open() }
        startupGate = StartupGate(timeout: timeout, open: open)
    }
}
