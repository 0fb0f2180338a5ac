/// Every subcommand of `linnet`, in the order `linnet --help` lists them.
public enum CommandTable {
    public static let all: [CommandSpec] =
        playback + settings + [
            open, queue, radio, status, lyrics, library, search,
            playlist, effect, record, output, scrobble, players, snapcastPlugin, help
        ]

    /// The command called `name`.
    public static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }

    static let playback: [CommandSpec] = [
        .simple("play", "Start or resume playback", "Start or resume playback (Player.Play).", .play),
        .simple("pause", "Pause playback", "Pause playback (Player.Pause).", .pause),
        .simple(
            "toggle", "Pause if playing, play otherwise", "Pause if playing, play otherwise (Player.PlayPause).",
            .toggle),
        .simple(
            "stop", "Stop playback", "Stop playback (Player.Stop); the next play starts the track from the beginning.",
            .stop),
        .simple("next", "Go to the next track", "Go to the next track in the order in force (Player.Next).", .next),
        .simple(
            "previous", "Go to the previous track",
            "Go to the previous track; in shuffle, the one played before (Player.Previous).", .previous),
        CommandSpec(
            "seek", "±SECONDS", "Move forward or back by SECONDS",
            "Move by SECONDS (decimals allowed) forward, or backward with a minus sign (Player.Seek).\n"
                + "Example: linnet seek -10"
        ) { (r, _) throws(UsageError) in
            let text = try r.operands(1...1)[0]
            guard let us = TimeFormatting.parseSeconds(text) else {
                throw r.fail("'\(text)' is not a number of seconds")
            }
            return .seek(microseconds: us)
        },
        CommandSpec(
            "position", "[SECONDS]", "Print the position, or jump to SECONDS",
            "Without SECONDS, print the position in the current track in seconds (three decimals).\n"
                + "With SECONDS, jump there (Player.SetPosition with the current track id)."
        ) { (r, _) throws(UsageError) in
            guard let text = try r.operands(0...1).first else { return .position(set: nil) }
            guard let us = TimeFormatting.parseSeconds(text), us >= 0 else {
                throw r.fail("'\(text)' is not a position in seconds (0 or more)")
            }
            return .position(set: us)
        }
    ]

    static let settings: [CommandSpec] = [
        CommandSpec(
            "volume", "[0..1 | +STEP | -STEP]", "Print or change the volume",
            "Without an argument, print the volume (0 to 1). With a number, set it; with +STEP or -STEP,\n"
                + "change it by that much (the result is kept within 0 to 1).\n"
                + "Example: linnet volume +0.1"
        ) { (r, _) throws(UsageError) in
            guard let text = try r.operands(0...1).first else { return .volume(.show) }
            let relative = text.hasPrefix("+") || text.hasPrefix("-")
            let body = text.hasPrefix("+") ? String(text.dropFirst()) : text
            guard !body.isEmpty, body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }),
                let value = Double(body), value.isFinite
            else {
                throw r.fail("'\(text)' is not a volume (0 to 1) or a step (+0.1, -0.1)")
            }
            if relative { return .volume(.by(value)) }
            guard value >= 0, value <= 1 else { throw r.fail("volume \(text) is outside 0 to 1") }
            return .volume(.set(value))
        },
        CommandSpec(
            "loop", "[none | track [COUNT] | playlist]", "Print or set the loop mode",
            "none: play the queue once; track: repeat the current track; playlist: repeat the whole queue.\n"
                + "track COUNT: play the current track COUNT more times, then go on (Linnet only; LoopStatus\n"
                + "shows Track meanwhile). Without an argument, print the current mode (LoopStatus)."
        ) { (r, _) throws(UsageError) in
            let words = try r.operands(0...2)
            guard let word = words.first else { return .loop(nil) }
            guard let loop = LoopStatus(word: word) else {
                throw r.fail("'\(word)' is not one of none, track, playlist")
            }
            guard words.count == 2 else { return .loop(loop) }
            guard loop == .track, let count = Int32(words[1]), count >= 0 else {
                throw r.fail("a repeat count goes after 'track' and is a whole number of 0 or more")
            }
            return .loopCount(count)
        },
        CommandSpec(
            "balance", "[-1..1]", "Print or set the left/right balance",
            "-1: left only; 0: centre; 1: right only (Linnet only: the stream's per-channel volume).\n"
                + "Without an argument, print the balance."
        ) { (r, _) throws(UsageError) in
            guard let text = try r.operands(0...1).first else { return .balance(nil) }
            guard let value = Double(text), value.isFinite, value >= -1, value <= 1 else {
                throw r.fail("'\(text)' is not a balance from -1 (left) to 1 (right)")
            }
            return .balance(value)
        },
        CommandSpec(
            "shuffle", "[on | off | toggle]", "Print or set shuffle",
            "on: play the queue in a random order; off: in queue order; toggle: switch.\n"
                + "Without an argument, print on or off (Shuffle)."
        ) { (r, _) throws(UsageError) in
            guard let word = try r.operands(0...1).first else { return .shuffle(.show) }
            guard let s = ShuffleRequest(rawValue: word.lowercased()), s != .show else {
                throw r.fail("'\(word)' is not one of on, off, toggle")
            }
            return .shuffle(s)
        }
    ]

    static let radio = CommandSpec(
        "radio", "[list | add NAME URL | remove NAME | play NAME]", "Keep a list of radio stations and play them",
        """
        list (the default): the saved stations, one per line. add NAME URL: save (or replace) a station; URL is
        an http(s) stream or a .pls/.m3u/.m3u8/.xspf playlist. remove NAME: forget it. play NAME: play it now
        (Player.OpenUri). Stations are kept in linnetd's library database (the station file of older versions,
        $XDG_DATA_HOME/linnet/stations, is imported once).
        Example: linnet radio add 'Radio X' https://radio.example/stream.mp3
        """
    ) { (r, _) throws(UsageError) in
        let ops = try r.operands(0...Int.max)
        guard let sub = ops.first else { return .radio(.list) }
        let rest = ArgumentReader(command: "radio", args: Array(ops.dropFirst()))
        switch sub {
        case "list":
            _ = try rest.operands(0...0)
            return .radio(.list)
        case "add":
            let args = try rest.operands(2...2)
            guard StationList.problem(name: args[0], url: args[1]) == nil else {
                throw r.fail(StationList.problem(name: args[0], url: args[1])!)
            }
            return .radio(.add(name: args[0], url: args[1]))
        case "remove":
            return .radio(.remove(name: try rest.operands(1...1)[0]))
        case "play":
            return .radio(.play(name: try rest.operands(1...1)[0]))
        default:
            throw r.fail("unknown radio command '\(sub)' (list, add, remove, play)")
        }
    }

    static let status = CommandSpec(
        "status", "[--follow [--exit-when-stopped]] [--format FMT | --json] [--meter]", "Show what is playing",
        statusDetails, parse: parseStatus)

    static var statusDetails: String {
        var text = """
            Print the state, title — artist, album and position / length.
              --follow             keep a live line with a progress bar (redrawn in place on a terminal, one line
                                   per change otherwise), following the player's signals; until interrupted
              --exit-when-stopped  with --follow: exit once the player is stopped or gone
              --format FMT         print FMT with {{field}} replaced (one line per change with --follow)
              --json               print one JSON object (one per line and change with --follow)
              --meter              draw live level bars of what is playing (after volume) until interrupted
            Fields for --format:

            """
        let rows =
            FormatTemplate.fields.map { ("{{\($0.name)}}", $0.meaning) }
            + [("{{NS:KEY}}", "any metadata entry, e.g. {{xesam:genre}}, {{mpris:artUrl}}")]
        let column = rows.map(\.0.count).max()! + 2
        for (name, meaning) in rows {
            text += "  " + name + String(repeating: " ", count: column - name.count) + meaning + "\n"
        }
        text += "A field the player does not report prints as nothing.\n"
        text += "Example: linnet status --format '{{status}}: {{artist}} — {{title}}'"
        return text
    }

    @Sendable static func parseStatus(_ r: ArgumentReader, _ context: ParseContext) throws(UsageError) -> Request {
        var options = StatusOptions()
        var chosen: String?
        var i = 0
        let args = r.args
        func choose(_ output: StatusOptions.Output, _ flag: String) throws(UsageError) {
            if let chosen { throw r.fail("\(flag) and \(chosen) cannot be used together") }
            chosen = flag
            options.output = output
        }
        while i < args.count {
            let a = args[i]
            if a == "--follow" || a == "-f" {
                options.follow = true
            } else if a == "--meter" {
                options.meter = true
            } else if a == "--exit-when-stopped" {
                options.exitWhenStopped = true
            } else if a == "--json" {
                try choose(.json, "--json")
            } else if a == "--format" || a.hasPrefix("--format=") {
                let fmt: String
                if a == "--format" {
                    guard i + 1 < args.count else { throw r.fail("--format needs a value") }
                    i += 1
                    fmt = args[i]
                } else {
                    fmt = String(a.dropFirst("--format=".count))
                }
                try choose(.format(try FormatTemplate(parsing: fmt)), "--format")
            } else if ArgumentReader.isOption(a) {
                throw r.fail("unknown option '\(a)'")
            } else {
                throw r.fail("unexpected argument '\(a)'")
            }
            i += 1
        }
        if options.exitWhenStopped, !options.follow { throw r.fail("--exit-when-stopped needs --follow") }
        if options.meter, options.follow || chosen != nil {
            throw r.fail("--meter cannot be used with \(chosen ?? "--follow")")
        }
        return .status(options)
    }

    static let players = CommandSpec.simple(
        "players", "List the MPRIS players on the bus",
        "List the MPRIS players on the bus, one per line: the name to give --player, the playback state,\n"
            + "and the player's Identity.", .players)

    static let help = CommandSpec(
        "help", "[COMMAND]", "Show help for linnet or one command",
        "Show the help of COMMAND, or of linnet itself."
    ) { (r, _) throws(UsageError) in
        guard let name = try r.operands(0...1).first else { return .help(command: nil) }
        guard named(name) != nil else { throw r.fail("unknown command '\(name)'") }
        return .help(command: name)
    }
}
