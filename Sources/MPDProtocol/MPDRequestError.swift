/// Why a request line cannot be run, with where in the line (byte offsets from 0).
public enum MPDRequestError: MPDProtocolError, Equatable {
    /// The line is empty or does not start with a lower-case ASCII letter (MPD drops such a client unanswered:
    /// it is likely not speaking MPD at all, e.g. an HTTP request).
    case notACommand
    /// The line is longer than `MPDLimits.maxLineBytes` (MPD drops the client when its input buffer fills).
    case lineTooLong(length: Int, limit: Int)
    /// The command name has a byte other than a letter, digit or `_` at `offset`.
    case invalidCommandName(offset: Int)
    /// A NUL byte at `offset`.
    case nulByte(offset: Int)
    /// An unquoted argument has a quote character at `offset`.
    case invalidUnquotedCharacter(offset: Int)
    /// The quoted argument opened at `offset` is not closed.
    case missingClosingQuote(offset: Int)
    /// A closing quote at `offset` is followed by something other than white space.
    case spaceExpectedAfterQuote(offset: Int)
    /// More than `limit` arguments.
    case tooManyArguments(limit: Int)
    /// The argument at `index` (0 = the first after the command) is not valid UTF-8.
    case invalidUTF8(argument: Int)
    /// `command` (`command_list_begin`, `command_list_ok_begin`, `command_list_end`) is not valid here: MPD
    /// answers such a misplaced list command as an unknown command.
    case misplacedListCommand(String)
    /// `command` (`idle`, `noidle`) was sent inside a command list; MPD drops the client.
    case asynchronousCommandInList(String)
    /// The command list holds more than `MPDLimits.maxListCommands` commands or `maxListBytes` bytes; MPD
    /// drops the client.
    case commandListTooLong

    /// Whether the server should drop the client (MPD does), after writing `ack()` or not.
    public var closesConnection: Bool {
        switch self {
        case .notACommand, .lineTooLong, .invalidCommandName, .asynchronousCommandInList, .commandListTooLong: true
        default: false
        }
    }

    /// MPD's code for the error: ACK_ERROR_ARG for too many arguments, else ACK_ERROR_UNKNOWN.
    public var ackCode: MPDAckCode {
        switch self {
        case .tooManyArguments, .invalidUTF8: .argument
        default: .unknown
        }
    }

    /// MPD's message where MPD has one; ours, in MPD's style, where MPD would not notice.
    public var message: String {
        switch self {
        case .notACommand: "No command given"
        case .lineTooLong(let length, let limit): "Line too long: \(length) bytes, at most \(limit)"
        case .invalidCommandName: "Invalid word character"
        case .nulByte: "Invalid NUL character"
        case .invalidUnquotedCharacter: "Invalid unquoted character"
        case .missingClosingQuote: "Missing closing '\"'"
        case .spaceExpectedAfterQuote: "Space expected after closing '\"'"
        case .tooManyArguments: "Too many arguments"
        case .invalidUTF8(let index): "Invalid UTF-8 in argument \(index + 1)"
        case .misplacedListCommand(let name), .asynchronousCommandInList(let name): "unknown command \"\(name)\""
        case .commandListTooLong: "Command list too long"
        }
    }
}
