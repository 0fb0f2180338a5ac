import PlayerCore

/// `linnet output list [--json] | enable NAME | disable NAME` (Linnet's Route interface: Outputs, EnableOutput,
/// DisableOutput).
public enum OutputRequest: Sendable, Equatable {
    case list(json: Bool)
    case enable(String)
    case disable(String)
}

/// How `linnet output list` prints the outputs.
public enum OutputRendering {
    /// One line per output: id, on/off, name, where it goes, its status.
    public static func text(_ rows: [OutputDescription]) -> String {
        let nameWidth = rows.map(\.name.count).max() ?? 0
        return rows.map { r in
            let name = r.name + String(repeating: " ", count: nameWidth - r.name.count)
            let address = r.plugin == "pulse" ? "the sound server's sink" : r.address
            return "\(r.id)  \(r.enabled ? "on " : "off")  \(name)  \(address)  (\(r.status))"
        }.joined(separator: "\n")
    }

    public static func json(_ rows: [OutputDescription]) -> JSONValue {
        .array(
            rows.map { r in
                .object([
                    ("id", .integer(Int64(r.id))), ("name", .string(r.name)), ("plugin", .string(r.plugin)),
                    ("enabled", .bool(r.enabled)), ("address", .string(r.address)), ("status", .string(r.status))
                ])
            })
    }
}

extension CommandTable {
    static let output = CommandSpec(
        "output", "list [--json] | enable NAME | disable NAME", "List the outputs, or switch one on or off",
        """
        list: the outputs (the sound server's sink, "local", and the Snapcast streams of linnetd.conf's
          `output = snapcast URI` lines), whether each plays, and its state (connected, retrying …).
          --json  as a JSON array
        enable NAME | disable NAME: switch an output (by name or id) on or off while playing; the last one
          playing cannot be switched off. Several can play at once (local and Snapcast rooms).
        """
    ) { (r, _) throws(UsageError) in
        guard let sub = r.args.first else { return .output(.list(json: false)) }
        let rest = Array(r.args.dropFirst())
        switch sub {
        case "list":
            let reader = ArgumentReader(command: "output list", args: rest)
            let json = rest.contains("--json")
            guard rest.allSatisfy({ $0 == "--json" }) else { throw reader.fail("unknown argument (only --json)") }
            return .output(.list(json: json))
        case "enable", "disable":
            let name = try ArgumentReader(command: "output \(sub)", args: rest).operands(1...1)[0]
            return .output(sub == "enable" ? .enable(name) : .disable(name))
        default:
            throw r.fail("unknown output command '\(sub)' (list, enable, disable)")
        }
    }
}
