/// Turns `argv` (without the program name) into an `Invocation`: global options first, then the command table.
public enum CommandLineParser {
    /// Global options may appear anywhere before `--`: `-p/--player NAME` (`--player=NAME`), `-h/--help`,
    /// `-V/--version`. `--help` with a command gives that command's help.
    public static func parse(_ argv: [String], context: ParseContext) throws(UsageError) -> Invocation {
        var player = Invocation.defaultPlayer
        var wantsHelp = false, wantsVersion = false
        var rest: [String] = []
        var i = 0
        var afterDashes = false
        while i < argv.count {
            let a = argv[i]
            defer { i += 1 }
            if afterDashes { rest.append(a); continue }
            switch a {
            case "--":
                afterDashes = true
                rest.append(a)
            case "-p", "--player":
                guard i + 1 < argv.count, !argv[i + 1].isEmpty else { throw UsageError("\(a) needs a player name") }
                i += 1
                player = try validPlayer(argv[i])
            case "-h", "--help":
                wantsHelp = true
            case "-V", "--version":
                wantsVersion = true
            default:
                if a.hasPrefix("--player=") {
                    player = try validPlayer(String(a.dropFirst("--player=".count)))
                } else {
                    rest.append(a)
                }
            }
        }
        let commandName = rest.first.flatMap { $0 == "--" || ArgumentReader.isOption($0) ? nil : $0 }
        if wantsHelp {
            if let commandName, commandName != "help" {
                guard CommandTable.named(commandName) != nil else {
                    throw UsageError("unknown command '\(commandName)'")
                }
                return Invocation(player: player, request: .help(command: commandName))
            }
            return Invocation(player: player, request: .help(command: nil))
        }
        if wantsVersion { return Invocation(player: player, request: .version) }
        guard let first = rest.first else { throw UsageError("no command given") }
        guard let commandName else { throw UsageError("unknown option '\(first)'") }
        guard let spec = CommandTable.named(commandName) else { throw UsageError("unknown command '\(commandName)'") }
        let request = try spec.parse(ArgumentReader(command: spec.name, args: Array(rest.dropFirst())), context)
        return Invocation(player: player, request: request)
    }

    /// A player name must make a valid bus name after the MPRIS prefix: dot-separated elements of
    /// `[A-Za-z0-9_-]`, none empty, none starting with a digit.
    static func validPlayer(_ name: String) throws(UsageError) -> String {
        let elements = name.split(separator: ".", omittingEmptySubsequences: false)
        let ok =
            !name.isEmpty && name.utf8.count < 200
            && elements.allSatisfy { e in
                guard let first = e.first, !first.isNumber else { return false }
                return e.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
            }
        guard ok else { throw UsageError("'\(name)' is not a player name (e.g. linnet, mpv, vlc.instance42)") }
        return name
    }
}
