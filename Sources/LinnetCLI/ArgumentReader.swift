/// Helpers the command table's parsers share: counting operands and refusing unknown options.
struct ArgumentReader {
    let command: String
    let args: [String]

    /// True for `-x`/`--xyz` tokens; a leading minus on a number (`-5`, `-.5`) is an operand, not an option.
    static func isOption(_ token: String) -> Bool {
        guard token.hasPrefix("-"), token.count > 1 else { return false }
        let second = token[token.index(after: token.startIndex)]
        return !(second.isNumber || second == ".")
    }

    func fail(_ message: String) -> UsageError { UsageError("\(command): \(message)", command: command) }

    /// The operands, after checking there are no options and their count is in `range`.
    func operands(_ range: ClosedRange<Int>) throws(UsageError) -> [String] {
        var out: [String] = []
        var afterDashes = false
        for a in args {
            if !afterDashes, a == "--" { afterDashes = true; continue }
            if !afterDashes, ArgumentReader.isOption(a) { throw fail("unknown option '\(a)'") }
            out.append(a)
        }
        if out.count < range.lowerBound {
            throw fail(range.lowerBound == 1 ? "missing argument" : "expected at least \(range.lowerBound) arguments")
        }
        if out.count > range.upperBound {
            throw fail(
                range.upperBound == 0
                    ? "takes no arguments (got '\(out[0])')"
                    : "too many arguments (got '\(out[range.upperBound])')")
        }
        return out
    }

    /// A positive 1-based index.
    func index(_ text: String, of what: String = "track") throws(UsageError) -> Int {
        guard let n = Int(text), n >= 1 else {
            throw fail("'\(text)' is not \(what == "entry" ? "an" : "a") \(what) number (1, 2, …)")
        }
        return n
    }
}
