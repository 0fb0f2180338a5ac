import DBus
import LinnetCLI
import Synchronization

/// `linnet status --follow`: shows the player's state live, driven by its signals.
///
/// Concurrency: the connection is in blocking mode, so signal handlers run on this thread inside
/// `connection.process`; they only record what arrived in `events` (a Mutex, needed because handlers are
/// `@Sendable`), and the loop below acts on it between `process` calls. Position is read from the player only at
/// startup and when PlaybackStatus or Metadata change; in between it is extrapolated (`PositionClock`), and
/// Seeked corrects it. The loop wakes for redraws only while playing on a terminal, at most once per displayed
/// second; otherwise it sleeps until a signal arrives.
struct StatusFollower {
    let player: MPRISClient
    let options: StatusOptions
    /// False when the player is not on the bus yet: the follower waits for it (like `playerctl --follow`).
    var initiallyPresent = true

    /// What signal handlers learnt since the loop last looked.
    struct Events: Sendable {
        var changed: [String: DBusValue] = [:]
        var invalidated: [String] = []
        var seekedTo: Int64?
        /// The player's new unique name from NameOwnerChanged ("" when it left the bus).
        var newOwner: String?
        var any: Bool { !changed.isEmpty || !invalidated.isEmpty || seekedTo != nil || newOwner != nil }
    }

    func run() throws(ClientError) {
        let events = Mutex(Events())
        let connection = player.connection
        do {
            _ = try connection.subscribe(
                DBusMatchRule(
                    sender: player.busName, path: MPRISClient.objectPath, interface: "org.freedesktop.DBus.Properties",
                    member: "PropertiesChanged", arg0: MPRISClient.playerInterface)
            ) { signal in
                guard signal.arguments.count >= 2, let changed = signal.arguments[1].stringKeyedDictionary else {
                    return
                }
                let invalidated = signal.arguments.count > 2 ? (signal.arguments[2].as([String].self) ?? []) : []
                events.withLock { e in
                    e.changed.merge(changed) { _, new in new }
                    e.invalidated += invalidated
                }
            }
            _ = try connection.subscribe(
                DBusMatchRule(
                    sender: player.busName, path: MPRISClient.objectPath, interface: MPRISClient.playerInterface,
                    member: "Seeked")
            ) { signal in
                guard let us = signal.arguments.first?.integerValue else { return }
                events.withLock { $0.seekedTo = us }
            }
            _ = try connection.subscribe(
                DBusMatchRule(
                    sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus", member: "NameOwnerChanged",
                    arg0: player.busName)
            ) { signal in
                guard signal.arguments.count == 3, let owner = signal.arguments[2].stringValue else { return }
                events.withLock { $0.newOwner = owner }
            }
        } catch {
            throw .dbus(error)
        }

        let live = options.output == .text && Terminal.stdoutIsTerminal
        if live { Terminal.finishLineOnInterrupt() }
        var display = FollowDisplay(options: options, live: live)
        var present = initiallyPresent
        var snapshot = PlayerSnapshot(player: player.shortName)
        if present {
            do {
                snapshot = try player.snapshot()
            } catch .dbus(let e) where [DBusError.Name.serviceUnknown, DBusError.Name.nameHasNoOwner].contains(e.name) {
                present = false  // it left between finding it and reading it
            }
        }
        var clock = PositionClock(
            position: snapshot.positionMicroseconds ?? 0, at: Terminal.now,
            isPlaying: snapshot.status == .playing, rate: snapshot.rate ?? 1)
        display.show(snapshot, clock: clock, present: present, changed: true)

        while true {
            if options.exitWhenStopped, !present || snapshot.status == .stopped {
                display.finish()
                return
            }
            let wait = live && present ? clock.nanosecondsUntilNextSecond(at: Terminal.now) : nil
            let timeout: Duration = wait.map { .nanoseconds(Int64(clamping: $0)) } ?? .seconds(3600)
            guard connection.process(timeout: timeout) else {
                display.finish()
                throw .dbus(.disconnected)
            }
            let e = events.withLock { e in
                defer { e = Events() }
                return e
            }
            guard e.any else {
                if live { display.show(snapshot, clock: clock, present: present, changed: false) }
                continue
            }
            let now = Terminal.now
            if let owner = e.newOwner {
                present = !owner.isEmpty
                if present {
                    // A restarted player: read everything again.
                    snapshot = try player.snapshot()
                    clock = PositionClock(
                        position: snapshot.positionMicroseconds ?? 0, at: now,
                        isPlaying: snapshot.status == .playing, rate: snapshot.rate ?? 1)
                } else {
                    snapshot = PlayerSnapshot(player: player.shortName)
                    clock = PositionClock(position: 0, at: now, isPlaying: false)
                }
            }
            if present {
                try apply(e, to: &snapshot, clock: &clock, now: now)
            }
            display.show(snapshot, clock: clock, present: present, changed: true)
        }
    }

    /// Folds one batch of signals into the snapshot and the position clock.
    private func apply(
        _ e: Events, to snapshot: inout PlayerSnapshot, clock: inout PositionClock,
        now: UInt64
    ) throws(ClientError) {
        let before = snapshot
        MPRISValues.apply(e.changed, to: &snapshot)
        if !e.invalidated.isEmpty {
            // Rare: a player that invalidates instead of sending values. Read those properties again.
            var fresh: [String: DBusValue] = [:]
            for name in Set(e.invalidated) where name != "Position" {
                if let value = try? player.get(name) { fresh[name] = value }
            }
            MPRISValues.apply(fresh, to: &snapshot)
        }
        let length = snapshot.metadata.lengthMicroseconds
        clock.rebase(at: now, length: length)
        if snapshot.status != before.status || snapshot.metadata != before.metadata {
            // A new track or state: the one moment worth asking for the real position (a new track that will
            // not tell starts at 0).
            if let us = (try? player.get("Position"))?.integerValue {
                clock.baseMicroseconds = us
            } else if snapshot.metadata.trackID != before.metadata.trackID {
                clock.baseMicroseconds = 0
            }
        }
        if let seeked = e.seekedTo { clock.baseMicroseconds = seeked }
        clock.isPlaying = snapshot.status == .playing
        if let rate = snapshot.rate, rate.isFinite, rate > 0 { clock.rate = rate }
    }
}

/// How `--follow` prints: the live line (terminal, text) or one line per change.
struct FollowDisplay {
    let options: StatusOptions
    let live: Bool
    private var lastLine: String?

    init(options: StatusOptions, live: Bool) {
        self.options = options
        self.live = live
    }

    /// Shows the state; `changed` is false for a mere clock tick (only the live line redraws then).
    mutating func show(_ snapshot: PlayerSnapshot, clock: PositionClock, present: Bool, changed: Bool) {
        var s = snapshot
        if present {
            s.positionMicroseconds = clock.position(at: Terminal.now, length: s.metadata.lengthMicroseconds)
        }
        let line: String
        switch options.output {
        case .text where !present: line = StatusRendering.absentLine(player: s.player)
        case .text: line = StatusRendering.followLine(s, columns: live ? Terminal.columns.map { $0 - 1 } : nil)
        case .format(let template): line = template.render(s)
        case .json: line = StatusRendering.json(s).encoded
        }
        if live {
            Terminal.out("\r" + line + "\u{1B}[K")
        } else if changed, line != lastLine {
            Terminal.out(line + "\n")
        }
        lastLine = line
    }

    /// Leaves the terminal on a fresh line.
    func finish() {
        if live { Terminal.out("\n") }
    }
}
