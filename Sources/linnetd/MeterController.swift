import DBus
import Dispatch
import MPRIS
import PlayerCore

/// Level meters on the bus (issue 13): which clients want them (`EnableMeters`, forgotten when they leave the
/// bus), which meters run (`MeterPlan`), and the one update timer, which exists only while a meter runs: no
/// listener, paused or stopped means no timer and no work on the audio path.
///
/// Concurrency: confined to the main queue (the connection's), hence `@unchecked Sendable`.
final class MeterController: @unchecked Sendable {
    private let clients: BusClientWatch
    private var interface: MetersInterface!
    private var listeners: Set<String> = []
    private let player: (any LevelMetering)?
    private var playing = false
    /// The recorder's meter and whether it captures now (set by the recorder controller).
    var recorder: (any LevelMetering)?
    private var recording = false
    private var plan = MeterPlan(listeners: 0, playing: false, recording: false)
    private var timer: DispatchSourceTimer?

    init(connection: DBusConnection, clients: BusClientWatch, player: (any LevelMetering)?) throws(DBusError) {
        self.clients = clients
        self.player = player
        interface = try MetersInterface(connection: connection,
                                        enable: { [unowned self] client, on in enable(client, on) },
                                        listeners: { [unowned self] in listeners.count }, log: { Log.error($0) })
    }

    func enable(_ client: String, _ on: Bool) {
        if on {
            guard listeners.insert(client).inserted else { return }
            clients.watch(client, holder: "meters") { [weak self] in self?.enable(client, false) }
        } else {
            guard listeners.remove(client) != nil else { return }
            clients.unwatch(client, holder: "meters")
        }
        reconcile()
    }

    func playerStateChanged(playing: Bool) {
        guard playing != self.playing else { return }
        self.playing = playing
        reconcile()
    }

    func recorderStateChanged(capturing: Bool) {
        guard capturing != recording else { return }
        recording = capturing
        reconcile()
    }

    private func reconcile() {
        let new = MeterPlan(listeners: listeners.count, playing: playing, recording: recording)
        guard new != plan else { return }
        if new.player != plan.player { player?.setMetering(new.player) }
        if new.recorder != plan.recorder { recorder?.setMetering(new.recorder) }
        plan = new
        if new.needsTimer, timer == nil {
            let t = DispatchSource.makeTimerSource(queue: .main)
            let interval = DispatchTimeInterval.milliseconds(MeterPlan.intervalMilliseconds)
            t.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(5))
            t.setEventHandler { [weak self] in self?.tick() }
            t.resume()
            timer = t
        } else if !new.needsTimer, let t = timer {
            t.cancel()
            timer = nil
        }
    }

    private func tick() {
        if plan.player, let reading = player?.takeLevels() { interface.levels("player", reading) }
        if plan.recorder, let reading = recorder?.takeLevels() { interface.levels("recorder", reading) }
    }
}
