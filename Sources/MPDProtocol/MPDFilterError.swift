/// Why a filter does not parse; offsets are byte offsets into the expression argument.
public enum MPDFilterError: MPDProtocolError, Equatable {
    /// No arguments, or an old-style tag without its value.
    case incorrectNumberOfArguments
    /// The old-style key is not a tag or special key.
    case unknownType(String)
    /// The expression's key is not a tag or special key.
    case unknownExpressionType(String, offset: Int)
    /// A key or `AND` was expected at `offset`.
    case wordExpected(offset: Int)
    /// A quoted value was expected at `offset`.
    case quotedStringExpected(offset: Int)
    /// The value quoted at `offset` has no closing quote.
    case closingQuoteNotFound(offset: Int)
    /// The value quoted at `offset` is longer than `MPDLimits.maxFilterValueBytes`.
    case quotedValueTooLong(offset: Int)
    /// No operator MPD knows at `offset`; `rest` quotes what follows.
    case unknownOperator(String, offset: Int)
    /// `AudioFormat` takes `==` or `=~` only.
    case audioFormatOperatorExpected(offset: Int)
    /// `prio` takes `>=` only.
    case priorityOperatorExpected(offset: Int)
    /// `prio` needs a number.
    case numberExpected(offset: Int)
    /// A priority above 255.
    case invalidPriority(offset: Int)
    /// `AND` expected between subexpressions at `offset`.
    case andExpected(offset: Int)
    /// `(` expected at `offset`.
    case openingParenthesisExpected(offset: Int)
    /// `)` expected at `offset`.
    case closingParenthesisExpected(offset: Int)
    /// Text after the expression's closing parenthesis.
    case garbageAfterExpression(offset: Int)
    /// Parentheses nested deeper than `MPDLimits.maxFilterDepth`.
    case nestedTooDeep(limit: Int)
    /// An old-style `base` value that is not a safe relative path.
    case badURI(String)
    /// A time stamp that is neither ISO 8601 nor a UNIX time.
    case timestamp(MPDTimestampError)
    /// An audio format (pattern) that does not parse.
    case audioFormat(String)

    /// ACK_ERROR_ARG, as MPD answers every bad filter.
    public var ackCode: MPDAckCode { .argument }

    /// MPD's message.
    public var message: String {
        switch self {
        case .incorrectNumberOfArguments: "Incorrect number of filter arguments"
        case .unknownType: "Unknown filter type"
        case .unknownExpressionType(let name, _): "Unknown filter type: \(name)"
        case .wordExpected: "Word expected"
        case .quotedStringExpected: "Quoted string expected"
        case .closingQuoteNotFound: "Closing quote not found"
        case .quotedValueTooLong: "Quoted value is too long"
        case .unknownOperator(let rest, _): "Unknown filter operator: \(rest)"
        case .audioFormatOperatorExpected: "'==' or '=~' expected"
        case .priorityOperatorExpected: "'>=' expected"
        case .numberExpected: "Number expected"
        case .invalidPriority: "Invalid priority value"
        case .andExpected: "'AND' expected"
        case .openingParenthesisExpected: "'(' expected"
        case .closingParenthesisExpected: "')' expected"
        case .garbageAfterExpression: "Unparsed garbage after expression"
        case .nestedTooDeep(let limit): "Filter nested deeper than \(limit)"
        case .badURI: "Bad URI"
        case .timestamp(let error): error.message
        case .audioFormat(let text): "Failed to parse audio format: \(text)"
        }
    }
}
