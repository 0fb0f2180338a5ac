import DBus
import LinnetCLI
import Synchronization

/// `linnet effect`, `linnet record` and `status --meter`: Linnet's effects, recorder and meters interfaces.
/// Blocking mode like the rest of the client; signal handlers only record what arrived (a Mutex), and the loop
/// acts on it between `process` calls, looking at Ctrl-C every 200 ms.
struct AudioClient {
    static let effects = "org.mpris.MediaPlayer2.linnet.Effects"
    static let recorder = "org.mpris.MediaPlayer2.linnet.Recorder"
    static let meters = "org.mpris.MediaPlayer2.linnet.Meters"
    let player: MPRISClient

    /// Signals of interest since the loop last looked.
    struct Arrived: Sendable {
        var finishedPlays: Set<UInt32> = []
        var recordingFinished: (path: String, reason: String)?
        var levels: (average: [Double], peak: [Double])?
    }

    /// Shares `Arrived` between the signal handlers and the loop.
    final class Inbox: Sendable {
        let state = Mutex(Arrived())
        func withLock<R>(_ body: (inout Arrived) -> R) -> R { state.withLock { body(&$0) } }
    }

    private func subscribe(
        _ interface: String, _ member: String, into arrived: Inbox,
        _ record: @escaping @Sendable (inout Arrived, [DBusValue]) -> Void
    ) throws(ClientError) {
        do throws(DBusError) {
            _ = try player.connection.subscribe(
                DBusMatchRule(
                    sender: player.busName, path: MPRISClient.objectPath,
                    interface: interface, member: member)
            ) { signal in
                arrived.withLock { record(&$0, signal.arguments) }
            }
        } catch { throw .dbus(error) }
    }

    /// Waits up to 200 ms for bus traffic; false once the connection is gone.
    private func pump() throws(ClientError) {
        guard player.connection.process(timeout: .milliseconds(200)) else { throw .dbus(.disconnected) }
    }

    // MARK: - Effects

    func effect(_ request: EffectRequest) throws(ClientError) {
        Interrupt.install()
        switch request {
        case .load(let uri):
            try Runner.checkExists(uri)
            let id = try load(uri)
            Terminal.out("\(id)\n")
            Terminal.err("effect \(id) stays loaded until this command is interrupted")
            while !Interrupt.isRaised { try pump() }
        case .play(let target, let volume, let alert):
            let arrived = Inbox()
            try subscribe(Self.effects, "EffectFinished", into: arrived) { a, args in
                if args.count == 2, case .uint32(let play) = args[1] { a.finishedPlays.insert(play) }
            }
            let id: UInt32
            switch target {
            case .id(let n): id = n
            case .file(let uri):
                try Runner.checkExists(uri)
                id = try load(uri)
            }
            let out =
                alert
                ? try player.call("PlayAlert", [.uint32(id)], interface: Self.effects)
                : try player.call("PlayEffect", [.uint32(id), .double(volume)], interface: Self.effects)
            guard case .uint32(let play)? = out.first else { throw .unexpected("PlayEffect returned \(out)") }
            let deadline = Terminal.now + 30_000_000_000
            while !arrived.withLock({ $0.finishedPlays.contains(play) }) {
                if Interrupt.isRaised || Terminal.now > deadline { return }
                try pump()
            }
        }
    }

    private func load(_ uri: String) throws(ClientError) -> UInt32 {
        let out = try player.call("LoadEffect", [.string(uri)], interface: Self.effects)
        guard case .uint32(let id)? = out.first else { throw .unexpected("LoadEffect returned \(out)") }
        return id
    }

    // MARK: - Recorder

    func record(_ options: RecordOptions) throws(ClientError) {
        Interrupt.install()
        let arrived = Inbox()
        try subscribe(Self.recorder, "RecordingFinished", into: arrived) { a, args in
            if args.count == 2, let path = args[0].stringValue, let reason = args[1].stringValue {
                a.recordingFinished = (path, reason)
            }
        }
        var bars: MeterBars?
        if options.meter { bars = try startMeters("recorder", into: arrived) }
        var entries: [DBusDictEntry] = options.strings.sorted { $0.key < $1.key }.map {
            DBusDictEntry(.string($0.key), .variant(.string($0.value)))
        }
        entries += options.unsigned.sorted { $0.key < $1.key }.map {
            DBusDictEntry(.string($0.key), .variant(.uint32($0.value)))
        }
        if let q = options.quality { entries.append(DBusDictEntry(.string("quality"), .variant(.double(q)))) }
        do throws(ClientError) {
            try player.call(
                "StartRecording", [.string(options.path), .dictionary(key: .string, value: .variant, entries)],
                interface: Self.recorder)
        } catch .dbus(let e) where e.name == DBusError.Name.invalidArgs {
            // Settings or a source the recorder refused before creating anything: the command line was wrong.
            throw .refused("cannot record to \(options.path): \(e.message)", command: "record")
        }
        Terminal.err("recording to \(options.path) (Ctrl-C stops)")
        var stopping = false
        while true {
            if Interrupt.isRaised, !stopping {
                stopping = true
                try player.call("StopRecording", interface: Self.recorder)
            }
            try pump()
            let (finished, levels) = arrived.withLock { a in
                defer { a.levels = nil }
                return (a.recordingFinished, a.levels)
            }
            if let levels { bars?.draw(levels.average, levels.peak) }
            if let finished {
                bars?.finish()
                let seconds = (try? player.get("RecordedSeconds", Self.recorder))?.doubleValue ?? 0
                let text = TimeFormatting.trimmed(seconds, maxDecimals: 1)
                Terminal.err("recorded \(text) s to \(finished.path) (\(finished.reason))")
                if finished.reason != "stopped" { throw .unexpected("recording ended: \(finished.reason)") }
                return
            }
        }
    }

    // MARK: - Meters

    /// `status --meter`: the player's levels until interrupted.
    func meter() throws(ClientError) {
        Interrupt.install()
        let arrived = Inbox()
        var bars = try startMeters("player", into: arrived)
        while !Interrupt.isRaised {
            try pump()
            if let levels = arrived.withLock({ a in
                defer { a.levels = nil }; return a.levels
            }) {
                bars.draw(levels.average, levels.peak)
            }
        }
        bars.finish()
    }

    private func startMeters(_ which: String, into arrived: Inbox) throws(ClientError) -> MeterBars {
        try subscribe(Self.meters, "Levels", into: arrived) { a, args in
            guard args.count == 3, args[0] == .string(which), let avg = args[1].as([Double].self),
                let peak = args[2].as([Double].self)
            else { return }
            a.levels = (avg, peak)
        }
        try player.call("EnableMeters", [.boolean(true)], interface: Self.meters)
        return MeterBars(live: Terminal.stdoutIsTerminal)
    }
}

/// Draws level bars: redrawn in place on a terminal, one line per update otherwise.
struct MeterBars {
    let live: Bool
    private var drawnLines = 0

    init(live: Bool) { self.live = live }

    mutating func draw(_ average: [Double], _ peak: [Double]) {
        let labels = MeterRendering.labels(channels: average.count)
        let width = max(10, (Terminal.columns ?? 80) - 34)
        let lines = zip(labels, zip(average, peak)).map {
            MeterRendering.line(label: $0.0, averageDb: $0.1.0, peakDb: $0.1.1, width: width)
        }
        if live {
            let up = drawnLines > 0 ? "\u{1B}[\(drawnLines)A" : ""
            Terminal.out(up + lines.map { "\r" + $0 + "\u{1B}[K\n" }.joined())
            drawnLines = lines.count
        } else {
            Terminal.out(lines.joined(separator: "  ") + "\n")
        }
    }

    func finish() {}
}
