import Dispatch
import PlayerCore
import Pulse

/// Short sounds through the server's sample cache: uploads clips under a name, plays them (as an
/// effect at a given volume, or as an alert on the `event` role at the server's event volume) and reports when
/// each play's sink input is gone, i.e. the sound has been played. No stream of ours plays them, so the music's
/// stream is never corked, paused or moved.
///
/// Threading: its own `PulseMainloop` and context, connected on first use; `context` is touched with the loop
/// lock held, `mainloop` is set once and read on the owner's queue, where every public method is called
/// (`@unchecked Sendable` for those reasons). Completions and events are delivered on
/// `queue`.
public final class EffectPlayer: @unchecked Sendable {
    /// Events the owner hears about, on `queue`.
    public enum Event: Sendable {
        /// A sink input was removed (one of our plays finished, or someone else's stream ended).
        case sinkInputRemoved(UInt32)
        /// The connection to the server ended: cached samples and running plays are gone.
        case serverLost
    }

    private let server: String?
    private let queue: DispatchQueue
    private let events: @Sendable (Event) -> Void
    private var mainloop: PulseMainloop?
    private var context: PulseContext?
    private static let baseProperties = [
        "application.name": "Linnet", "application.id": "org.mpris.MediaPlayer2.linnet",
        "application.icon_name": "linnet"
    ]

    public init(server: String? = nil, queue: DispatchQueue, events: @escaping @Sendable (Event) -> Void) {
        self.server = server
        self.queue = queue
        self.events = events
    }

    /// The connected context, connecting first if needed (blocks until the server answered; never call on the
    /// loop thread). Lock held.
    private func connected(_ loop: PulseMainloop) throws(EffectError) -> PulseContext {
        if let context, context.state == .ready { return context }
        do {
            let c = try PulseContext(mainloop: loop, properties: Self.baseProperties)
            try c.connect(server: server)
            c.onSinkInputEvent = { [queue, events] index, removed in
                if removed { queue.async { events(.sinkInputRemoved(index)) } }
            }
            c.onDisconnect = { [queue, events] _ in queue.async { events(.serverLost) } }
            c.subscribeSinkInputs()
            context = c
            return c
        } catch {
            throw EffectError(.failed, "sound server: \(error)")
        }
    }

    private func loop() throws(EffectError) -> PulseMainloop {
        if let mainloop { return mainloop }
        do {
            let m = try PulseMainloop(name: "linnet-effects")
            mainloop = m
            return m
        } catch {
            throw EffectError(.failed, "cannot start the effects thread: \(error)")
        }
    }

    /// Uploads `clip` as sample `name`; `done` gets nil on success. Call from the owner's queue (not the loop).
    public func upload(_ clip: EffectClip, name: String, done: @escaping @Sendable (EffectError?) -> Void) {
        do throws(EffectError) {
            let loop = try loop()
            try loop.withLock { () throws(EffectError) in
                let c = try connected(loop)
                do {
                    try PulseSampleUpload.start(
                        context: c, name: name, format: clip.format.sampleFormat == .int16 ? .s16 : .float32,
                        sampleRate: clip.format.sampleRate, channels: clip.format.channels, bytes: clip.bytes,
                        properties: Self.baseProperties.merging(["media.name": name]) { a, _ in a }
                    ) { [queue] error in
                        let result = error.map { EffectError(.failed, "upload: \($0)") }
                        queue.async { done(result) }
                    }
                } catch {
                    throw EffectError(.failed, "upload: \(error)")
                }
            }
        } catch {
            queue.async { done(error) }
        }
    }

    /// Plays sample `name`: as an effect at `volume` (1.0 = 100 %), or as an alert (`volume` nil) on the `event`
    /// role at the server's event volume. `started` gets the sink input, nil when the server refused.
    public func play(_ name: String, volume: Double?, alert: Bool, started: @escaping @Sendable (UInt32?) -> Void) {
        do throws(EffectError) {
            let loop = try loop()
            try loop.withLock { () throws(EffectError) in
                let c = try connected(loop)
                // An alert is an `event` (notification sounds: ducks nothing, routed to the alert device); an effect
                // is a `game` sound (an app's own interface sound), distinct from our `music` stream.
                var properties = ["media.role": alert ? "event" : "game", "media.name": name]
                if alert { properties["event.id"] = "linnet-alert" }
                c.playSample(name: name, volume: alert ? nil : volume, properties: properties) { [queue] index in
                    queue.async { started(index) }
                }
            }
        } catch {
            queue.async { started(nil) }
        }
    }

    /// Removes sample `name` from the cache (a play of it already running finishes).
    public func remove(_ name: String) {
        guard let mainloop else { return }
        mainloop.withLock { if let context, context.state == .ready { context.removeSample(name: name) } }
    }

    /// Removes samples `names` and waits until the server confirmed (service shutdown: cached samples outlive
    /// the client that uploaded them). Call from outside the loop thread.
    public func removeAndWait(_ names: [String]) {
        guard let mainloop, !names.isEmpty else { return }
        mainloop.withLock {
            guard let context, context.state == .ready else { return }
            var left = names.count
            for name in names {
                context.removeSample(name: name) {
                    left -= 1
                    mainloop.signal()
                }
            }
            // The context's state callback signals too, so a server that vanishes meanwhile ends the wait.
            while left > 0, context.state == .ready { mainloop.wait() }
        }
    }
}
