/// Why a command's argument is not acceptable; each carries the offending text and gives MPD's message.
public enum MPDArgumentError: MPDProtocolError, Equatable {
    /// Not a decimal integer.
    case integerExpected(String)
    /// An integer beyond what the argument allows.
    case numberTooLarge(String)
    /// A negative number where none is allowed (ranges).
    case numberNegative(String)
    /// Neither an integer nor `START:END`.
    case rangeExpected(String)
    /// A range whose end lies before its start.
    case malformedRange(String)
    /// Not `0` or `1`.
    case booleanExpected(String)
    /// Not a finite decimal number.
    case floatExpected(String)
    /// A negative time.
    case negativeNotAllowed(String)
    /// Not `0`, `1` or `oneshot`.
    case singleModeExpected(String)
    /// Not `create`, `append` or `replace` (`save`).
    case saveModeExpected(String)
    /// Not a tag name (`group`, `list`).
    case unknownTagType(String)
    /// Not a tag name, `Last-Modified` or `Added` (`sort`).
    case unknownSortTag(String)
    /// Not an `idle` subsystem.
    case unknownIdleSubsystem(String)
    /// The same tag grouped twice, or grouped by the listed tag (`list`).
    case conflictingGroup(String)
    /// The old `list album ARTIST` form with another tag than Album.
    case legacyListNeedsAlbum
    /// Too few arguments for the command named.
    case tooFewArguments(String)
    /// A filter that does not parse.
    case filter(MPDFilterError)

    /// ACK_ERROR_ARG, as MPD answers every bad argument.
    public var ackCode: MPDAckCode { .argument }

    /// MPD's message.
    public var message: String {
        switch self {
        case .integerExpected(let s): "Integer expected: \(s)"
        case .numberTooLarge(let s): "Number too large: \(s)"
        case .numberNegative(let s): "Number is negative: \(s)"
        case .rangeExpected(let s): "Integer or range expected: \(s)"
        case .malformedRange(let s): "Malformed range: \(s)"
        case .booleanExpected(let s): "Boolean (0/1) expected: \(s)"
        case .floatExpected(let s): "Float expected: \(s)"
        case .negativeNotAllowed(let s): "Negative value not allowed: \(s)"
        case .singleModeExpected: "Unrecognized single mode, expected 0, 1, or oneshot"
        case .saveModeExpected: "Unrecognized save mode, expected one of 'create', 'append', 'replace'"
        case .unknownTagType(let s): "Unknown tag type: \(s)"
        case .unknownSortTag: "Unknown sort tag"
        case .unknownIdleSubsystem(let s): "Unrecognized idle event: \(s)"
        case .conflictingGroup: "Conflicting group"
        case .legacyListNeedsAlbum: "should be \"Album\" for 3 arguments"
        case .tooFewArguments(let command): "too few arguments for \"\(command)\""
        case .filter(let error): error.message
        }
    }
}
