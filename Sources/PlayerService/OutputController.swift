import Dispatch
import MPRIS
import PlayerCore
import Snapcast

// CONCURRENCY: main actor, like `Player`. Snapcast senders report status changes from their own threads; those
// hop to the main queue before they touch anything here.

/// Which outputs play (the local sink, Snapcast streams) and the switches between them at run time, for the
/// Route interface, `linnet output` and MPD's output commands. A switch that changes which output keeps time
/// moves the stream to the new leader and renders again from the heard position (`PlaybackEngine.reroute`).
@MainActor
final class OutputController: OutputControl {
    unowned let player: Player
    private(set) var list: OutputList
    private let combined: CombinedOutput?
    /// The senders of the enabled Snapcast outputs, by output id.
    private var senders: [Int: SnapcastSender] = [:]
    /// Each output's status as last reported ("connected", "retrying (…)", "playing" for local).
    private(set) var statuses: [Int: String] = [:]
    /// Called after every change of the list or of a status.
    var onChange: (() -> Void)?

    init(player: Player, setup: OutputSetup) {
        self.player = player
        list = setup.list
        combined = setup.combined
        applyRouting()
    }

    /// The outputs as the bus and MPD show them.
    var descriptions: [OutputDescription] {
        list.outputs.map { o in
            let address: String
            switch o.kind {
            case .local: address = "local"
            case .snapcast(let e): address = e.description
            }
            return OutputDescription(
                id: o.id, name: o.name, plugin: o.kind.plugin, enabled: o.enabled, address: address,
                status: o.enabled ? (statuses[o.id] ?? "idle") : "disabled")
        }
    }

    /// Enables or disables the output named or numbered `key`.
    func setOutput(_ key: String, enabled: Bool) throws(OutputListError) {
        guard let output = list.find(key) else { throw .unknown(key) }
        guard try list.setEnabled(enabled, id: output.id) else { return }
        applyRouting()
        Log.info("output \(output.name) \(enabled ? "enabled" : "disabled")")
        onChange?()
    }

    /// Makes or closes senders to match the list and tells the combined output.
    private func applyRouting() {
        guard let combined else { return }
        var playing: [SnapcastSender] = []
        var latency = SnapcastEndpoint.defaultBufferMilliseconds
        for o in list.outputs {
            guard case .snapcast(let endpoint) = o.kind else { continue }
            if o.enabled {
                let sender = senders[o.id] ?? makeSender(endpoint, id: o.id)
                senders[o.id] = sender
                playing.append(sender)
                if playing.count == 1 { latency = endpoint.bufferMilliseconds }
            } else if senders.removeValue(forKey: o.id) != nil {
                statuses[o.id] = nil
            }
        }
        let localPlays = list.localEnabled
        player.engine.reroute {
            combined.route(localPlays: localPlays, snapcast: playing, latencyMilliseconds: latency)
        }
    }

    private func makeSender(_ endpoint: SnapcastEndpoint, id: Int) -> SnapcastSender {
        SnapcastSender(
            endpoint: endpoint, log: { Log.info($0) },
            onStatus: { status in
                DispatchQueue.main.async { [weak self] in
                    MainActor.assumeIsolated {
                        guard let self, self.senders[id] != nil else { return }
                        self.statuses[id] = status.description
                        self.onChange?()
                    }
                }
            })
    }
}
