import PlayerCore

/// `linnet open` and `linnet queue`: the whole queue through Linnet's Queue interface, numbered from 1.
extension CommandTable {
    static let open = CommandSpec(
        "open", "[--replace] URI | PATH...", "Play files, folders, playlists or URIs now",
        """
        Play URI or PATH now: it goes right after the current track and starts; the rest of the queue stays
        (Player.OpenUri; several at once in their order). --replace: the queue becomes just these and the
        first plays. A relative PATH is made absolute and sent as a file:// URI.
        """
    ) { (r, context) throws(UsageError) in
        var replace = false
        var targets: [String] = []
        var afterDashes = false
        for a in r.args {
            if !afterDashes, a == "--" { afterDashes = true; continue }
            if !afterDashes, a == "--replace" { replace = true; continue }
            if !afterDashes, ArgumentReader.isOption(a) { throw r.fail("unknown option '\(a)'") }
            targets.append(a)
        }
        guard !targets.isEmpty else { throw r.fail("missing argument") }
        guard !targets.contains("") else { throw r.fail("empty path") }
        return .open(
            uris: targets.map { FileURI.uri(for: $0, workingDirectory: context.workingDirectory) },
            replace: replace)
    }

    static let queue = CommandSpec(
        "queue", "[list [OPTIONS] | add [--next] PATH... | remove N... | move N M | goto N | clear]",
        "List or edit the whole queue",
        """
        list (the default): every entry, numbered by its place in the queue from 1, '*' marking the current
        one; on a terminal through $PAGER (less). A number means the same entry until the queue changes.
          * 2  Title — Artist  0:08
        OPTIONS: --range A-B (only entries A to B), --json (an array of objects, one per entry)
        add PATH...: append files, folders, playlists or URIs at the end (--next: right after the current track).
        remove N...: remove entries by number or range (3 7-9). move N M: entry N to place M.
        goto N: play entry N. clear: stop and empty the queue.
        """
    ) { (r, context) throws(UsageError) in
        guard let sub = r.args.first else { return .queue(.list(QueueListOptions())) }
        let rest = ArgumentReader(command: "queue", args: Array(r.args.dropFirst()))
        switch sub {
        case "list": return .queue(.list(try parseList(rest)))
        case "add":
            var next = false
            var args = rest.args
            if let i = args.firstIndex(of: "--next"), !args[..<i].contains("--") {
                next = true
                args.remove(at: i)
            }
            let paths = try ArgumentReader(command: "queue", args: args).operands(1...Int.max)
            return .queue(
                .add(
                    uris: paths.map { FileURI.uri(for: $0, workingDirectory: context.workingDirectory) },
                    next: next))
        case "remove":
            var ranges: [ClosedRange<Int>] = []
            for word in try rest.operands(1...Int.max) {
                guard let range = QueueSelection.range(word) else {
                    throw rest.fail("'\(word)' is not a queue number or range (3, 7-9)")
                }
                ranges.append(range)
            }
            return .queue(.remove(QueueSelection(ranges)))
        case "move":
            let words = try rest.operands(2...2)
            return .queue(.move(from: try rest.index(words[0]), to: try rest.index(words[1])))
        case "goto":
            return .queue(.goto(index: try rest.index(try rest.operands(1...1)[0])))
        case "clear":
            _ = try rest.operands(0...0)
            return .queue(.clear)
        default:
            if ArgumentReader.isOption(sub) { return .queue(.list(try parseList(r))) }
            throw r.fail("unknown queue command '\(sub)' (list, add, remove, move, goto, clear)")
        }
    }

    /// `queue list`'s options.
    static func parseList(_ r: ArgumentReader) throws(UsageError) -> QueueListOptions {
        var options = QueueListOptions()
        var i = 0
        while i < r.args.count {
            let a = r.args[i]
            if a == "--json" {
                options.json = true
            } else if a == "--range" || a.hasPrefix("--range=") {
                var value = String(a.dropFirst("--range=".count))
                if a == "--range" {
                    i += 1
                    guard i < r.args.count else { throw r.fail("--range needs A-B") }
                    value = r.args[i]
                }
                guard let range = QueueSelection.range(value) else {
                    throw r.fail("'\(value)' is not a range of queue numbers (A-B, from 1)")
                }
                options.range = range
            } else {
                throw r.fail(ArgumentReader.isOption(a) ? "unknown option '\(a)'" : "takes no arguments (got '\(a)')")
            }
            i += 1
        }
        return options
    }
}
