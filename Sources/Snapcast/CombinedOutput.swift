import Glibc
import PlayerCore

/// The engine's output when Snapcast streams are configured: the local sink and the Snapcast streams behind one
/// `AudioOutput`, so the engine, gapless and exact, feeds all of them from one render.
///
/// Who keeps time: the local sink when it plays (`localLeads`); every block it pulls is also handed to the
/// Snapcast senders. Without it, the first Snapcast stream leads: a pacer thread pulls blocks at the wall clock's
/// rate (`PacedPlayout`), and what is heard is what was sent one stream buffer ago.
///
/// Threading: the output lock is the local output's (its loop thread calls `Relay` with it held; the pacer takes
/// it for every tick; the engine takes it through `withLock`). Every stored `var` is touched only with it held,
/// hence `@unchecked Sendable`. The pacer's own lock is taken inside the output lock, never the other way round.
public final class CombinedOutput: AudioOutput, @unchecked Sendable {
    let local: any AudioOutput
    private var relay: Relay!
    private(set) var pacer: Pacer!
    weak var client: (any AudioOutputClient)?

    // --- under the output lock ---
    /// The Snapcast streams that play.
    var senders: [SnapcastSender] = []
    /// Whether the local sink plays and keeps time.
    public private(set) var localLeads = true
    /// The paced stream (Snapcast leads): its format while open.
    var pacedFormat: AudioFormat?
    /// Whether the stream is corked (either leader's), and its title: kept to reopen it on a change of leader.
    var corked = true
    var properties = StreamProperties()
    var playout = PacedPlayout(sampleRate: 48000, latencyMicroseconds: 0)
    var latencyMicroseconds: UInt64 = 1_000_000
    var markFrame: Int64?
    var drainCompletions: [() -> Void] = []
    var pacedUnderruns = 0
    var stalled = false
    var volume = 1.0
    var muted = false
    var scratch: UnsafeMutableRawBufferPointer?
    /// True while the engine renders (a drain asked from inside waits for the block to be handed over).
    var rendering = false
    var finishAfterRender = false
    /// The last drain completed and nothing was rendered since: closing keeps the senders' tail.
    var drained = false

    /// Wraps `local`, which plays and leads until `route` says otherwise.
    public init(local: any AudioOutput) {
        self.local = local
        relay = Relay(owner: self)
        pacer = Pacer(owner: self)
        local.setClient(relay)
    }

    deinit {
        pacer.close()
        scratch?.deallocate()
    }

    /// Sets which outputs play (lock held: call it inside `PlaybackEngine.reroute`, which then renders again from
    /// the heard position). A change of leader moves an open stream to the new leader: same format, same corked
    /// state, a new timeline from 0. A new leader that cannot open reports `outputFailed` (the engine stops and
    /// keeps its place).
    public func route(localPlays: Bool, snapcast: [SnapcastSender], latencyMilliseconds: Int) {
        let removed = senders.filter { s in !snapcast.contains { $0 === s } }
        for s in removed { s.close() }
        senders = snapcast
        for s in senders { s.setGain(muted ? 0 : volume) }
        latencyMicroseconds = UInt64(clamping: max(0, latencyMilliseconds)) * 1000
        let leads = localPlays || snapcast.isEmpty
        guard leads != localLeads else { return }
        let open = format
        // A drain in flight ends now: what was written to the old leader is not heard any more.
        let drains = drainCompletions
        if localLeads { local.close() } else { closePaced() }
        localLeads = leads
        if let open {
            do throws(AudioOutputError) {
                try self.open(format: open, properties: properties, corked: corked)
            } catch {
                client?.outputFailed(error)
            }
        }
        for d in drains { d() }
    }

    public func setClient(_ client: any AudioOutputClient) { self.client = client }

    public func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R { try local.withLock(body) }

    public func open(format: AudioFormat, properties: StreamProperties, corked: Bool) throws(AudioOutputError) {
        self.properties = properties
        self.corked = corked
        if localLeads { return try local.open(format: format, properties: properties, corked: corked) }
        closePaced()
        guard pacer.isRunning else {
            throw AudioOutputError(.streamFailed, operation: "snapcast", message: "cannot start the pacer thread")
        }
        pacedFormat = format
        self.corked = corked
        playout = PacedPlayout(
            sampleRate: format.sampleRate, latencyMicroseconds: latencyMicroseconds,
            leadMicroseconds: Self.leadMicroseconds)
        let now = Self.now()
        playout.reset(at: now)
        if !corked { playout.start(at: now) }
        pacer.update(active: !corked)
    }

    public func close() {
        if localLeads { local.close() } else { closePaced() }
        // After a drain (end of queue) the senders keep what they still have to send: the tail is heard too.
        if !drained { for s in senders { s.flush() } }
        drained = false
    }

    private func closePaced() {
        pacedFormat = nil
        markFrame = nil
        drainCompletions.removeAll()
        stalled = false
        pacer.update(active: false)
    }

    public var format: AudioFormat? { localLeads ? local.format : pacedFormat }

    public func setCorked(_ corked: Bool) {
        self.corked = corked
        if corked { for s in senders { s.push() } }
        guard !localLeads else { return local.setCorked(corked) }
        let now = Self.now()
        if corked { playout.stop(at: now) } else { playout.start(at: now) }
        pacer.update(active: pacedFormat != nil && (!corked || !drainCompletions.isEmpty))
        if !corked { tick() }
    }

    public func flush() {
        drained = false
        for s in senders { s.flush() }
        guard !localLeads else { return local.flush() }
        playout.reset(at: Self.now())
        stalled = false
    }

    public func pump() {
        if localLeads { local.pump() } else { tick() }
    }

    public func drain(_ completion: @escaping () -> Void) {
        // The input ends: the senders' resamplers give up the tail they hold. Called from inside a render, the
        // block being rendered is handed over after this returns, so the end is marked after it.
        if rendering { finishAfterRender = true } else { for s in senders { s.finish() } }
        let done: () -> Void = { [unowned self] in
            drained = true
            completion()
        }
        guard !localLeads else { return local.drain(done) }
        guard pacedFormat != nil else { return done() }
        drainCompletions.append(done)
        pacer.update(active: true)
    }

    /// Hands a rendered block to the senders (lock held), then the end of the input if a drain asked for it.
    func handOver(_ block: UnsafeRawBufferPointer, format: AudioFormat) {
        if !block.isEmpty {
            drained = false
            for s in senders { s.enqueue(block, format: format) }
        }
        if finishAfterRender {
            finishAfterRender = false
            for s in senders { s.finish() }
        }
    }

    public func heardFrame() -> Int64? { localLeads ? local.heardFrame() : playout.heard(at: Self.now()) }

    public func notify(whenHeard frame: Int64?) {
        guard !localLeads else { return local.notify(whenHeard: frame) }
        markFrame = frame
        if frame != nil { checkMark(now: Self.now()) }
    }

    public func updateProperties(_ properties: StreamProperties) {
        self.properties = properties
        local.updateProperties(properties)
    }

    public func setVolume(_ volume: Double) {
        self.volume = volume
        local.setVolume(volume)
        for s in senders { s.setGain(muted ? 0 : volume) }
    }

    public func setBalance(_ balance: Double) { local.setBalance(balance) }

    public func setMuted(_ muted: Bool) {
        self.muted = muted
        local.setMuted(muted)
        for s in senders { s.setGain(muted ? 0 : volume) }
    }

    public var underrunCount: Int { local.underrunCount + pacedUnderruns }

    /// How far sending runs ahead of snapserver's reading. snapserver reads its source on its own clock, one
    /// chunk (20 ms) at a time; a chunk that is late makes it restamp the stream, and the rooms resync (with
    /// 60 ms ahead the two rooms drifted apart by milliseconds on a loaded machine). What runs ahead is not
    /// heard sooner: the rooms play at snapserver's timestamps.
    static let leadMicroseconds: UInt64 = 200_000

    /// Microseconds on the monotonic clock.
    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000 + UInt64(ts.tv_nsec) / 1000
    }
}
