/// One tokenized request line: the command name and its arguments, quotes and escapes removed.
public struct MPDRequest: Sendable, Equatable {
    /// The command name: an ASCII lower-case letter, then letters, digits and `_`.
    public var command: String
    /// The arguments, each valid UTF-8.
    public var arguments: [String]

    /// A request with the given parts (for tests and the command-list parser; clients' lines go through `parse`).
    public init(command: String, arguments: [String] = []) {
        self.command = command
        self.arguments = arguments
    }

    /// Tokenizes one line (without its "\n") as MPD's Tokenizer does: words split at white space (any byte up to
    /// 0x20, so a trailing "\r" is harmless), an argument either unquoted (bytes above 0x20 but `"` and `'`) or
    /// in double quotes where a backslash takes the next byte literally.
    ///
    /// Stricter than MPD where MPD would silently misread: a NUL byte (which would end MPD's C string) and
    /// arguments that are not valid UTF-8 (the protocol is UTF-8; repairing them would alias names) are errors.
    public static func parse(_ line: some Collection<UInt8>, limits: MPDLimits = .default) throws(MPDRequestError)
        -> MPDRequest
    {
        var tokenizer = MPDRequestTokenizer(Array(line), limits: limits)
        return try tokenizer.request()
    }

    /// Tokenizes one line given as a string (tests, tools).
    public static func parse(_ line: String, limits: MPDLimits = .default) throws(MPDRequestError) -> MPDRequest {
        try parse(line.utf8, limits: limits)
    }
}
