/// The per-connection state machine for command lists (`command_list_begin` / `command_list_ok_begin` …
/// `command_list_end`), as MPD's Client::ProcessLine, with its bounds.
///
/// A misplaced `command_list_end` (no list open) is rejected as MPD's unknown command; a `command_list_begin`
/// inside a list becomes a failing entry of that list (MPD reaches it as an unknown command when running it).
/// `idle` or `noidle` inside a list, too long a list, and lines that are no request at all close the connection.
public struct MPDCommandListParser: Sendable {
    private enum State: Sendable {
        case idle
        case collecting(sendsListOK: Bool, entries: [Result<MPDRequest, MPDRequestError>], bytes: Int)
        case closed(MPDRequestError)
    }

    private let limits: MPDLimits
    private var state: State = .idle

    /// A parser for a new connection.
    public init(limits: MPDLimits = .default) {
        self.limits = limits
    }

    /// Whether a command list is open.
    public var isCollecting: Bool {
        if case .collecting = state { return true }
        return false
    }

    /// Takes one line (without "\n") and says what to do with it.
    public mutating func feed(_ line: some Collection<UInt8>) -> MPDLineOutcome {
        if case .closed(let error) = state { return .close(error) }
        let parsed = Result { () throws(MPDRequestError) in try MPDRequest.parse(line, limits: limits) }
        if case .failure(let error) = parsed, error.closesConnection { return close(error) }
        let name = (try? parsed.get())?.command
        guard case .collecting(let sendsListOK, var entries, var bytes) = state else {
            switch name {
            case "command_list_begin", "command_list_ok_begin":
                state = .collecting(sendsListOK: name == "command_list_ok_begin", entries: [], bytes: 0)
                return .pending
            case "command_list_end": return .reject(.misplacedListCommand("command_list_end"))
            default:
                switch parsed {
                case .success(let request): return .run(request)
                case .failure(let error): return .reject(error)
                }
            }
        }
        switch name {
        case "command_list_end":
            state = .idle
            return .runList(MPDCommandList(sendsListOK: sendsListOK, entries: entries))
        case "idle", "noidle": return close(.asynchronousCommandInList(name ?? ""))
        default:
            bytes += line.count + 1
            guard entries.count < limits.maxListCommands, bytes <= limits.maxListBytes else {
                return close(.commandListTooLong)
            }
            if let name, name == "command_list_begin" || name == "command_list_ok_begin" {
                entries.append(.failure(.misplacedListCommand(name)))
            } else {
                entries.append(parsed)
            }
            state = .collecting(sendsListOK: sendsListOK, entries: entries, bytes: bytes)
            return .pending
        }
    }

    /// Takes one line given as a string (tests, tools).
    public mutating func feed(_ line: String) -> MPDLineOutcome {
        feed(line.utf8)
    }

    private mutating func close(_ error: MPDRequestError) -> MPDLineOutcome {
        state = .closed(error)
        return .close(error)
    }
}
