import DBus
import Foundation
import TestSupport

/// Watches linnetd while the chaos runs and checks the invariants continuously:
/// - signals (its own loop-mode connection): PropertiesChanged against the `PropertyMirror`, and the status /
///   track / Seeked `EventTimeline`;
/// - a position thread (its own blocking connection): Position reads judged by `InvariantRules.position`, the
///   process being alive, and RSS once a second;
/// - a cork thread: linnetd's sink inputs from pactl, judged by `InvariantRules.cork`.
final class Observer: @unchecked Sendable {
    // Safe: `state` is a LockedBox; `poller` is only used by the position thread, then by `finalCheck` after that
    // thread ended; the rest is immutable or thread-safe.
    private struct State {
        var timeline: EventTimeline
        var mirror = PropertyMirror()
        var trackID: String?
        var positions: [(PositionRead, PositionRead)] = []
        var lastRead: PositionRead?
        var samples: [SinkSample] = []
    }

    private let world: SoakWorld
    private let view: SharedView
    private let stats: SoakStats
    private let pid: Int32
    private let signals: DBusConnection
    private let poller: DBusConnection
    private let state: LockedBox<State>
    /// Set once linnetd is seen dead.
    let crashed = LockedBox<String?>(nil)
    /// linnetd's thread stacks, taken (with gdb) the first time it did not answer the observer.
    let stacks = LockedBox<String?>(nil)

    init(world: SoakWorld, view: SharedView, stats: SoakStats, pid: Int32) throws {
        self.world = world
        self.view = view
        self.stats = stats
        self.pid = pid
        poller = try DBusConnection(bus: .address(world.bus.address))
        signals = try DBusConnection(bus: .address(world.bus.address), queue: DispatchQueue(label: "soak.signals"))
        state = LockedBox(State(timeline: EventTimeline(initialStatus: "?")))
        _ = try signals.subscribe(DBusMatchRule(path: SoakWorld.objectPath)) { [weak self] signal in
            self?.received(signal, at: soakNow())
        }
        // Subscribed first, so nothing is missed between these reads and the first signal.
        let status = try get(SoakWorld.player, "PlaybackStatus").stringValue ?? "?"
        let metadata = try get(SoakWorld.player, "Metadata").stringKeyedDictionary ?? [:]
        state.update { s in
            if s.timeline.events.isEmpty { s.timeline.initialStatus = status }
            s.trackID = s.trackID ?? metadata["mpris:trackid"]?.unwrappingVariants.stringValue
        }
        view.setCurrent(
            track: metadata["mpris:trackid"]?.unwrappingVariants.stringValue,
            url: metadata["xesam:url"]?.unwrappingVariants.stringValue)
    }

    deinit {
        signals.close()
        poller.close()
    }

    private func get(_ interface: String, _ name: String) throws(DBusError) -> DBusValue {
        try poller.getProperty(
            destination: SoakWorld.busName, path: SoakWorld.objectPath, interface: interface,
            name: name, timeout: .seconds(5))
    }

    // MARK: - Signals

    private func received(_ signal: DBusSignal, at now: Double) {
        switch signal.member {
        case "PropertiesChanged":
            guard signal.arguments.count == 3, case .string(let iface) = signal.arguments[0],
                let changed = signal.arguments[1].stringKeyedDictionary
            else { return }
            let invalidated: [String]
            if case .array(_, let items) = signal.arguments[2] {
                invalidated = items.compactMap(\.stringValue)
            } else {
                invalidated = []
            }
            let unchanged = state.update { s -> [String] in
                let same = s.mirror.apply(interface: iface, changed: changed, invalidated: invalidated)
                guard iface == SoakWorld.player else { return same }
                if let status = changed["PlaybackStatus"]?.unwrappingVariants.stringValue {
                    s.timeline.append(.status(status), at: now)
                }
                if let meta = changed["Metadata"]?.stringKeyedDictionary {
                    let id = meta["mpris:trackid"]?.unwrappingVariants.stringValue
                    if id != s.trackID { s.timeline.append(.track(id ?? ""), at: now) }
                    s.trackID = id
                    view.setCurrent(track: id, url: meta["xesam:url"]?.unwrappingVariants.stringValue)
                }
                return same
            }
            for _ in changed { stats.checked("PropertiesChanged carries changes") }
            for name in unchanged {
                let value = changed[name].map { "\($0.unwrappingVariants)" } ?? "?"
                stats.violation(
                    "unchanged-property",
                    "PropertiesChanged(\(iface)) announced \(name) = \(value.prefix(200)), "
                        + "the value it already had")
            }
        case "Seeked":
            let us = signal.arguments.first?.integerValue ?? -1
            state.update { $0.timeline.append(.seeked(us), at: now) }
        default:
            return
        }
    }

    // MARK: - Position, liveness, RSS

    /// Polls Position (and liveness and RSS) until stopped or linnetd died.
    func runPositionThread(until stopper: Stopper) {
        var nextRSS = 0.0
        while !stopper.isStopped {
            if !checkAlive() { stopper.stop(); return }
            let sent = soakNow()
            do {
                let value = try get(SoakWorld.player, "Position")
                let received = soakNow()
                stats.call("observer Get Position", seconds: received - sent)
                let read = PositionRead(sent: sent, received: received, microseconds: value.integerValue ?? -1)
                state.update { s in
                    if let last = s.lastRead { s.positions.append((last, read)) }
                    s.lastRead = read
                }
            } catch {
                stats.call("observer Get Position", seconds: nil, errorName: error.name)
                stats.violation(
                    "no-reply",
                    "observer Get Position: \(error.name) after \(String(format: "%.3f", soakNow() - sent)) s")
                state.update { $0.lastRead = nil }
                if stacks.get() == nil, checkAlive() { stacks.set(Self.threadStacks(pid: pid)) }
            }
            judgePositions(now: soakNow())
            if soakNow() >= nextRSS {
                if let kb = Self.rssKilobytes(pid: pid) { stats.rssSample(kilobytes: kb) }
                nextRSS = soakNow() + 1
            }
            stopper.sleep(0.05)  // the poll rate
        }
        judgePositions(now: .infinity)
    }

    private func judgePositions(now: Double) {
        let verdicts = state.update { s -> [((PositionRead, PositionRead), Verdict)] in
            let due = s.positions.filter { $0.1.received + InvariantRules.positionGrace < now }
            s.positions.removeFirst(due.count)
            let verdicts = due.map { ($0, InvariantRules.position($0.0, $0.1, timeline: s.timeline)) }
            s.timeline.forget(before: min(now, soakNow()) - 30)
            return verdicts
        }
        for (pair, v) in verdicts {
            report(
                v, check: "Position monotonic while Playing", kind: "position-went-back",
                context: (pair.0.sent - 0.3)...pair.1.received)
        }
    }

    /// False (and the crash recorded) once linnetd is gone.
    func checkAlive() -> Bool {
        guard let status = world.daemon?.exitStatus else { return true }
        if crashed.get() == nil {
            let log = world.logTail(40)
            let when = String(format: "%.1f", soakNow() - stats.origin)
            // The harness never sends SIGTERM/SIGINT: a clean exit after one was someone else's doing.
            if status == 0, log.contains("SIGTERM: saving state") || log.contains("SIGINT: saving state") {
                let text =
                    "linnetd was stopped from outside the harness at \(when) s (a SIGTERM/SIGINT it did not send); "
                    + "the run is void, not a linnetd failure. Log:\n\(log)"
                crashed.set(text)
                stats.interrupted(text)
            } else {
                let text = "linnetd died: \(SoakWorld.describe(status: status)) at \(when) s; log:\n\(log)"
                crashed.set(text)
                stats.crash(text)
            }
        }
        return false
    }

    /// Every thread's backtrace (gdb, when installed), to show where a process that stopped answering waits.
    static func threadStacks(pid: Int32) -> String {
        guard
            let r = try? Spawned.run("gdb", ["-p", String(pid), "-batch", "-ex", "thread apply all bt 25"], timeout: 60)
        else { return "(gdb is not installed or did not finish)" }
        return r.stdout.split(separator: "\n").filter { $0.hasPrefix("#") || $0.hasPrefix("Thread") }
            .joined(separator: "\n")
    }

    static func rssKilobytes(pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        return line.split(separator: " ").compactMap { Int($0) }.first
    }

    // MARK: - Cork state

    /// Samples linnetd's sink inputs until stopped.
    func runCorkThread(until stopper: Stopper) {
        while !stopper.isStopped {
            let start = soakNow()
            if let inputs = world.sinkInputs(pid: pid) {
                let sample = SinkSample(start: start, end: soakNow(), inputs: inputs)
                state.update { $0.samples.append(sample) }
            }
            judgeSamples(now: soakNow())
            stopper.sleep(0.1)  // the sampling rate
        }
        judgeSamples(now: .infinity)
    }

    private func judgeSamples(now: Double) {
        let verdicts = state.update { s -> [(SinkSample, Verdict)] in
            let due = s.samples.filter { $0.end + InvariantRules.corkSettle < now }
            s.samples.removeFirst(due.count)
            return due.map { ($0, InvariantRules.cork($0, timeline: s.timeline)) }
        }
        for (sample, v) in verdicts {
            report(
                v, check: "PlaybackStatus agrees with cork state", kind: "status-vs-cork",
                context: (sample.start - 1)...sample.end)
        }
    }

    /// Counts a judged check; a violation comes with the calls and faults sent in `context` (what led to it).
    private func report(_ verdict: Verdict, check: String, kind: String, context: ClosedRange<Double>) {
        switch verdict {
        case .holds: stats.checked(check)
        case .notJudged: return
        case .violated(let text):
            stats.checked(check)
            let sent = stats.recent(in: context)
            stats.violation(
                kind, text + (sent.isEmpty ? "" : "; sent just before: " + sent.suffix(8).joined(separator: " | ")))
        }
    }

    // MARK: - After the chaos

    /// Play on a good file must play: status Playing, an uncorked sink input, and Position advancing.
    func finalCheck(goodFile: String) {
        let deadline = soakNow() + 5
        do {
            _ = try poller.call(
                destination: SoakWorld.busName, path: SoakWorld.objectPath, interface: SoakWorld.player,
                method: "OpenUri", arguments: [.string("file://" + goodFile)], timeout: .seconds(5))
            _ = try poller.call(
                destination: SoakWorld.busName, path: SoakWorld.objectPath, interface: SoakWorld.player,
                method: "Play", timeout: .seconds(5))
            var status = "", inputs: [SinkInputState] = []
            while soakNow() < deadline {
                status = try get(SoakWorld.player, "PlaybackStatus").stringValue ?? "?"
                inputs = world.sinkInputs(pid: pid) ?? []
                if status == "Playing", inputs.contains(where: { !$0.corked }) { break }
                Thread.sleep(forTimeInterval: 0.05)  // polling an external state with a deadline
            }
            guard status == "Playing", inputs.contains(where: { !$0.corked }) else {
                stats.violation(
                    "final-play",
                    "after OpenUri + Play of \(goodFile): status \(status), sink inputs \(inputs); "
                        + "log:\n\(world.logTail(12))")
                return
            }
            // The first sound may wait for the sink: a null sink left idle sleeps through a block of up to 2 s
            // before it takes a new stream, and Position honestly stays at the start until something is heard.
            let p0 = try get(SoakWorld.player, "Position").integerValue ?? -1
            var p1 = p0
            let heardBy = soakNow() + 3
            while p1 == p0 && soakNow() < heardBy {
                Thread.sleep(forTimeInterval: 0.02)  // polling an external state with a deadline
                p1 = try get(SoakWorld.player, "Position").integerValue ?? -1
            }
            let t1 = soakNow()
            Thread.sleep(forTimeInterval: 1.0)  // the interval Position must advance over
            let p2 = try get(SoakWorld.player, "Position").integerValue ?? -1
            let elapsed = (soakNow() - t1) * 1e6
            // The chaos may have left Rate anywhere in 0.5…2.0: Position moves at that rate.
            let rate = try get(SoakWorld.player, "Rate").doubleValue ?? 1
            stats.checked("final Play plays")
            // Once heard, it advances at the playback rate (±10 %: two bus round trips on a busy machine).
            let expected = rate * elapsed
            if p1 == p0 || Double(p2 - p1) < 0.9 * expected || Double(p2 - p1) > 1.1 * expected {
                stats.violation(
                    "final-play",
                    "Position \(p0) → \(p1) (first change) → \(p2) over \(Int(elapsed)) µs "
                        + "of Playing at rate \(rate)")
            }
        } catch {
            stats.violation("final-play", "\(error); log:\n\(world.logTail(12))")
        }
    }
}
