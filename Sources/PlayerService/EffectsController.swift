import DBus
import Dispatch
import Glibc
import MPRIS
import PlayerCore
import SoundEffects

/// Sound effects on the bus: decodes a client's short sound off the main queue, uploads it to the
/// server's sample cache under a unique name, plays it on request and signals `EffectFinished` when the sink
/// input that played it is gone. Effects belong to the client that loaded them and are unloaded when it
/// leaves the bus, and all of them when the service exits (cached samples outlive their uploader).
///
/// Concurrency: main actor (the connection and the effect player deliver on the main queue).
@MainActor
final class EffectsController: EffectsControl {
    private var registry = EffectRegistry()
    private var player: EffectPlayer!
    private var interface: EffectsInterface!
    private let clients: BusClientWatch
    private let decodeQueue = DispatchQueue(label: "linnet.effects.decode")
    private let prefix = "linnet-effect-\(getpid())-"

    init(connection: DBusConnection, clients: BusClientWatch) throws(DBusError) {
        self.clients = clients
        player = EffectPlayer(queue: .main, events: onMainQueue { [weak self] event in self?.handle(event) })
        interface = try EffectsInterface(connection: connection, control: self, log: { Log.error($0) })
    }

    var effectIDs: [UInt32] { registry.ids }

    func loadEffect(
        path: String, owner: String, done: @escaping @MainActor @Sendable (Result<UInt32, EffectError>) -> Void
    ) {
        decodeQueue.async { [weak self] in
            let clip: Result<EffectClip, EffectError>
            do throws(EffectError) {
                let decoder: any Decoder
                do throws(DecodeError) { decoder = try TrackDetails.openDecoder(path: path) } catch {
                    throw EffectError(.invalidArgument, "\(error)")
                }
                clip = .success(try EffectClip.read(decoder, path: path))
            } catch {
                clip = .failure(error)
            }
            DispatchQueue.main.async { self?.upload(clip, owner: owner, done: done) }
        }
    }

    private func upload(
        _ clip: Result<EffectClip, EffectError>, owner: String,
        done: @escaping @MainActor @Sendable (Result<UInt32, EffectError>) -> Void
    ) {
        guard case .success(let clip) = clip else { return done(clip.map { _ in 0 }) }
        let effect = registry.add(owner: owner) { prefix + String($0) }
        clients.watch(owner, holder: "effects") { [weak self] in self?.ownerLeft(owner) }
        player.upload(
            clip, name: effect.sampleName,
            done: onMainQueue { [weak self] error in
                guard let self else { return }
                if let error {
                    registry.remove(effect.id)
                    forgetIfEmpty(owner)
                    return done(.failure(error))
                }
                guard registry.effects[effect.id] != nil else {  // its client left during the upload
                    player.remove(effect.sampleName)
                    return done(.failure(EffectError(.failed, "the client left the bus")))
                }
                interface.effectsChanged(registry.ids)
                done(.success(effect.id))
            })
    }

    func playEffect(_ id: UInt32, volume: Double?) throws(EffectError) -> UInt32 {
        guard let effect = registry.effects[id] else {
            throw EffectError(.invalidArgument, "no effect \(id) is loaded")
        }
        let play = registry.beginPlay(id)
        player.play(
            effect.sampleName, volume: volume, alert: volume == nil,
            started: onMainQueue { [weak self] sinkInput in
                guard let self else { return }
                if sinkInput == nil { Log.error("effects: the server did not play effect \(id)") }
                if let finished = registry.started(play, sinkInput: sinkInput) { announce(finished) }
            })
        return play
    }

    func unloadEffect(_ id: UInt32, caller: String) throws(EffectError) {
        guard let effect = registry.effects[id] else {
            throw EffectError(.invalidArgument, "no effect \(id) is loaded")
        }
        guard effect.owner == caller else {
            throw EffectError(.accessDenied, "effect \(id) belongs to another client; only it may unload it")
        }
        registry.remove(id)
        player.remove(effect.sampleName)
        forgetIfEmpty(caller)
        interface.effectsChanged(registry.ids)
    }

    /// Removes every cached sample of ours and waits for the server (service exit).
    func shutDown() {
        player.removeAndWait(registry.effects.values.map(\.sampleName))
    }

    private func ownerLeft(_ owner: String) {
        let gone = registry.removeAll(ownedBy: owner)
        for e in gone { player.remove(e.sampleName) }
        if !gone.isEmpty { interface.effectsChanged(registry.ids) }
    }

    private func forgetIfEmpty(_ owner: String) {
        if !registry.owns(owner) { clients.unwatch(owner, holder: "effects") }
    }

    private func handle(_ event: EffectPlayer.Event) {
        switch event {
        case .sinkInputRemoved(let index):
            if let finished = registry.sinkInputRemoved(index) { announce(finished) }
        case .serverLost:
            // The cache went with the server: every play is over and every effect gone.
            for finished in registry.serverLost() { announce(finished) }
            for owner in Set(registry.effects.values.map(\.owner)) {
                _ = registry.removeAll(ownedBy: owner)
                clients.unwatch(owner, holder: "effects")
            }
            interface.effectsChanged(registry.ids)
        }
    }

    private func announce(_ finished: EffectRegistry.Finished) {
        interface.finished(effect: finished.effect, play: finished.play)
    }
}
