import DBus
import LinnetCLI
import Synchronization

/// `linnet lyrics [--follow]`: reads Linnet's lyrics interface (`org.mpris.MediaPlayer2.linnet.Lyrics`).
///
/// Concurrency (as `StatusFollower`): a blocking connection; signal handlers run on this thread inside
/// `connection.process` and only record that something arrived (a Mutex, since handlers are `@Sendable`); the
/// loop re-reads state between `process` calls. Redraws come from signals (CurrentLine / Lines / player state /
/// Seeked); only while playing on a terminal does the loop also wake a few times per second to move the bar.
struct LyricsClient {
    static let interface = "org.mpris.MediaPlayer2.linnet.Lyrics"
    /// Bar animation period on a terminal while playing.
    static let frameInterval: Duration = .milliseconds(125)

    let player: MPRISClient
    let options: LyricsOptions

    /// What the interface says now.
    struct State {
        var hasLyrics = false
        var text = ""
        var lines: [LyricsLine] = []
        var current = -1
    }

    func read() throws(ClientError) -> State {
        let all: [String: DBusValue]
        do { all = try player.getAll(Self.interface) } catch .dbus(let e)
            where
            [DBusError.Name.unknownInterface, DBusError.Name.unknownMethod, DBusError.Name.invalidArgs].contains(e.name)
        {
            throw .unexpected("player '\(player.shortName)' has no lyrics interface (\(e.name))")
        }
        var s = State()
        if case .boolean(let b)? = all["HasLyrics"]?.unwrappingVariants { s.hasLyrics = b }
        s.text = all["Text"]?.unwrappingVariants.stringValue ?? ""
        s.current = Int(clamping: all["CurrentLine"]?.unwrappingVariants.integerValue ?? -1)
        s.lines = Self.lines(all["Lines"]?.unwrappingVariants)
        return s
    }

    static func lines(_ value: DBusValue?) -> [LyricsLine] {
        guard case .array(_, let items)? = value else { return [] }
        return items.compactMap { item in
            guard case .structure(let f) = item, f.count == 3, let t = f[0].integerValue, let text = f[1].stringValue
            else { return nil }
            var words: [(time: Int64, text: String)] = []
            if case .array(_, let ws) = f[2] {
                for case .structure(let w) in ws where w.count == 2 {
                    if let wt = w[0].integerValue, let wx = w[1].stringValue { words.append((wt, wx)) }
                }
            }
            return LyricsLine(time: t, text: text, words: words)
        }
    }

    func run() throws(ClientError) {
        guard options.follow else {
            let s = try read()
            Terminal.out(LyricsRendering.listing(lines: s.lines, text: s.text, hasLyrics: s.hasLyrics) + "\n")
            return
        }
        try follow()
    }

    /// Current line and how much of it is sung (by word stamps when it has them), from `GetProgress`.
    private func progress(_ lines: [LyricsLine]) -> (line: Int, fraction: Double)? {
        guard let out = try? player.call("GetProgress", interface: Self.interface), out.count == 4,
            let line = out[0].integerValue, let fraction = out[1].doubleValue,
            let word = out[2].integerValue, let wordFraction = out[3].doubleValue
        else { return nil }
        let index = Int(clamping: line)  // from the bus: clamped, then range-checked
        guard lines.indices.contains(index) else { return (index, fraction) }
        return (
            index,
            LyricsRendering.sungFraction(
                lines[index], lineProgress: fraction, word: Int(clamping: word),
                wordProgress: wordFraction)
        )
    }

    private func follow() throws(ClientError) {
        let dirty = Mutex(false)
        let connection = player.connection
        let properties = "org.freedesktop.DBus.Properties"
        do {
            for iface in [Self.interface, MPRISClient.playerInterface] {
                _ = try connection.subscribe(
                    DBusMatchRule(
                        sender: player.busName, path: MPRISClient.objectPath,
                        interface: properties, member: "PropertiesChanged",
                        arg0: iface)
                ) { _ in dirty.withLock { $0 = true } }
            }
            _ = try connection.subscribe(
                DBusMatchRule(
                    sender: player.busName, path: MPRISClient.objectPath,
                    interface: MPRISClient.playerInterface, member: "Seeked")
            ) { _ in
                dirty.withLock { $0 = true }
            }
            _ = try connection.subscribe(
                DBusMatchRule(
                    sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus",
                    member: "NameOwnerChanged", arg0: player.busName)
            ) { _ in
                dirty.withLock { $0 = true }
            }
        } catch {
            throw .dbus(error)
        }
        let live = Terminal.stdoutIsTerminal
        if live { Terminal.finishLineOnInterrupt() }
        var drawn = 0  // rows of the live block on screen
        var lastPrinted: Int?  // pipe mode: the index last printed
        var lastLines: [LyricsLine] = []
        var changed = true
        var state = State()
        var playing = false
        var present = true
        while true {
            if changed {
                do {
                    state = try read()
                    let status = (try? player.get("PlaybackStatus"))?.unwrappingVariants.stringValue
                    playing = status == "Playing"
                    present = true
                    if options.exitWhenStopped, status == "Stopped" { break }
                } catch .dbus(let e)
                    where [DBusError.Name.serviceUnknown, DBusError.Name.nameHasNoOwner].contains(e.name)
                {
                    present = false
                    playing = false
                    if options.exitWhenStopped { break }
                    state = State()
                }
            }
            if live {
                let p = playing ? progress(state.lines) : nil
                let current = p?.line ?? state.current
                var rows = LyricsRendering.followFrame(
                    lines: state.lines, current: current, progress: p?.fraction ?? 0,
                    columns: (Terminal.columns ?? 80) - 1)
                if !present {
                    rows[0] = "(player '\(player.shortName)' is not on the bus)"
                } else if !state.hasLyrics {
                    rows[0] = "(no lyrics for this track)"
                } else if state.lines.isEmpty {
                    rows[0] = "(these lyrics are not timed; see 'linnet lyrics')"
                }
                let up = drawn > 0 ? "\u{1B}[\(drawn)F" : ""
                Terminal.out(up + rows.map { $0 + "\u{1B}[K" }.joined(separator: "\n") + "\n")
                drawn = rows.count
            } else if changed {
                if state.lines != lastLines { lastPrinted = nil; lastLines = state.lines }
                if state.current != lastPrinted,
                    let line = LyricsRendering.plainFollowLine(
                        lines: state.lines,
                        current: state.current)
                {
                    Terminal.out(line + "\n")
                }
                lastPrinted = state.current
            }
            let timeout: Duration = live && playing ? Self.frameInterval : .seconds(3600)
            guard connection.process(timeout: timeout) else { throw .dbus(.disconnected) }
            changed = dirty.withLock { d in
                defer { d = false }; return d
            }
        }
    }
}
