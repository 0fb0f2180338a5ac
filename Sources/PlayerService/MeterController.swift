import DBus
import Dispatch
import MPRIS
import PlayerCore

/// Level meters on the bus: which clients want them (`EnableMeters`, forgotten when they leave the
/// bus) and which meters run (`MeterPlan`). A running meter sends `Levels` from its audio thread's own wake-ups
/// (emitting a signal is thread-safe): no timer anywhere; no listener, paused or stopped means no work at all.
///
/// Concurrency: main actor; only `sink`'s closures run on the audio thread (they touch the immutable interface).
@MainActor
final class MeterController {
    private let clients: BusClientWatch
    private var interface: MetersInterface!
    private var listeners: Set<String> = []
    private let player: (any LevelMetering)?
    private var playing = false
    /// The recorder's meter and whether it captures now (set by the recorder controller).
    var recorder: (any LevelMetering)?
    private var recording = false
    private var plan = MeterPlan(listeners: 0, playing: false, recording: false)

    init(connection: DBusConnection, clients: BusClientWatch, player: (any LevelMetering)?) throws(DBusError) {
        self.clients = clients
        self.player = player
        interface = try MetersInterface(
            connection: connection,
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
        if new.player != plan.player { player?.setMeterSink(new.player ? sink("player") : nil) }
        if new.recorder != plan.recorder { recorder?.setMeterSink(new.recorder ? sink("recorder") : nil) }
        plan = new
    }

    /// Sends `Levels(which, …)`; called on the audio thread (emitting is thread-safe; the interface is immutable).
    private func sink(_ which: String) -> @Sendable (LevelReading) -> Void {
        let interface: MetersInterface = self.interface
        return { reading in interface.levels(which, reading) }
    }
}
