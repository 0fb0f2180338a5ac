/// The byte scanner behind `MPDRequest.parse`: one pass over the line, each argument unescaped as it is read.
struct MPDRequestTokenizer {
    private let line: [UInt8]
    private let limits: MPDLimits
    private var at = 0

    /// A tokenizer over `line` (without "\n").
    init(_ line: [UInt8], limits: MPDLimits) {
        self.line = line
        self.limits = limits
    }

    /// The command name and arguments, or the first error.
    mutating func request() throws(MPDRequestError) -> MPDRequest {
        guard line.count <= limits.maxLineBytes else {
            throw .lineTooLong(length: line.count, limit: limits.maxLineBytes)
        }
        guard let first = line.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else {
            throw .notACommand
        }
        if let nul = line.firstIndex(of: 0) { throw .nulByte(offset: nul) }
        let command = try commandName()
        var arguments: [String] = []
        while let bytes = try nextArgument() {
            guard arguments.count < limits.maxArguments else { throw .tooManyArguments(limit: limits.maxArguments) }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw .invalidUTF8(argument: arguments.count)
            }
            arguments.append(text)
        }
        return MPDRequest(command: command, arguments: arguments)
    }

    /// The first word: letters, digits and `_` up to white space (the first byte is known to be a letter).
    private mutating func commandName() throws(MPDRequestError) -> String {
        let start = at
        while at < line.count, !isProtocolSpace(line[at]) {
            let byte = line[at]
            guard isASCIILetter(byte) || isASCIIDigit(byte) || byte == UInt8(ascii: "_") else {
                throw .invalidCommandName(offset: at)
            }
            at += 1
        }
        return String(decoding: line[start..<at], as: UTF8.self)
    }

    /// The next argument's bytes, or nil at the end of the line.
    private mutating func nextArgument() throws(MPDRequestError) -> [UInt8]? {
        skipSpace()
        guard at < line.count else { return nil }
        return line[at] == UInt8(ascii: "\"") ? try quoted() : try unquoted()
    }

    /// An unquoted argument: bytes above 0x20 except `"` and `'`, up to white space.
    private mutating func unquoted() throws(MPDRequestError) -> [UInt8] {
        let start = at
        while at < line.count, !isProtocolSpace(line[at]) {
            guard line[at] != UInt8(ascii: "\""), line[at] != UInt8(ascii: "'") else {
                throw .invalidUnquotedCharacter(offset: at)
            }
            at += 1
        }
        return Array(line[start..<at])
    }

    /// A double-quoted argument; a backslash makes the byte after it literal.
    private mutating func quoted() throws(MPDRequestError) -> [UInt8] {
        let open = at
        at += 1
        var bytes: [UInt8] = []
        while true {
            guard at < line.count else { throw .missingClosingQuote(offset: open) }
            var byte = line[at]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                at += 1
                guard at < line.count else { throw .missingClosingQuote(offset: open) }
                byte = line[at]
            }
            bytes.append(byte)
            at += 1
        }
        at += 1
        guard at == line.count || isProtocolSpace(line[at]) else { throw .spaceExpectedAfterQuote(offset: at - 1) }
        return bytes
    }

    private mutating func skipSpace() {
        while at < line.count, isProtocolSpace(line[at]) { at += 1 }
    }
}
