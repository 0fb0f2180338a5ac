/// The recursive-descent reader of one filter expression argument, `(…)`, as MPD's SongFilter::ParseExpression.
struct MPDFilterExpressionParser {
    private let bytes: [UInt8]
    private let limits: MPDLimits
    private var at = 0

    /// A parser over the expression's UTF-8 bytes.
    init(_ text: String, limits: MPDLimits) {
        bytes = Array(text.utf8)
        self.limits = limits
    }

    /// The whole argument as one expression; nothing may follow it.
    mutating func parseWhole() throws(MPDFilterError) -> MPDFilter {
        let filter = try expression(depth: 1)
        guard at == bytes.count else { throw .garbageAfterExpression(offset: at) }
        return filter
    }

    /// One parenthesized expression at `at`, and the white space after it.
    private mutating func expression(depth: Int) throws(MPDFilterError) -> MPDFilter {
        guard depth <= limits.maxFilterDepth else { throw .nestedTooDeep(limit: limits.maxFilterDepth) }
        guard take("(") else { throw .openingParenthesisExpected(offset: at) }
        skipSpace()
        if peek("(") { return try conjunction(depth: depth) }
        if take("!") {
            skipSpace()
            let inner = try expression(depth: depth + 1)
            try close()
            return .not(inner)
        }
        let keyOffset = at
        let name = try word()
        guard let key = MPDFilterKey(name: name) else { throw .unknownExpressionType(name, offset: keyOffset) }
        let filter = try keyed(key)
        try close()
        return filter
    }

    /// `(EXPR)` or `(EXPR AND EXPR …)`, after the opening parenthesis.
    private mutating func conjunction(depth: Int) throws(MPDFilterError) -> MPDFilter {
        var operands = [try expression(depth: depth + 1)]
        while !take(")") {
            let andOffset = at
            guard at < bytes.count, isWordByte(bytes[at]) else { throw .andExpected(offset: andOffset) }
            guard try word() == "AND" else { throw .andExpected(offset: andOffset) }
            operands.append(try expression(depth: depth + 1))
        }
        skipSpace()
        return operands.count == 1 ? operands[0] : .and(operands)
    }

    /// What follows a key, up to (not including) the closing parenthesis.
    private mutating func keyed(_ key: MPDFilterKey) throws(MPDFilterError) -> MPDFilter {
        switch key {
        case .modifiedSince: return .modifiedSince(try timestamp())
        case .addedSince: return .addedSince(try timestamp())
        case .base: return .base(try quoted())
        case .audioFormat:
            let opOffset = at
            let isMask: Bool
            if take("==") {
                isMask = false
            } else if take("=~") {
                isMask = true
            } else {
                throw .audioFormatOperatorExpected(offset: opOffset)
            }
            skipSpace()
            return .audioFormat(try MPDAudioFormatPattern.parse(try quoted(), isMask: isMask))
        case .priority:
            guard take(">=") else { throw .priorityOperatorExpected(offset: at) }
            skipSpace()
            return .priorityAtLeast(try priority())
        case .file: return .uri(try stringMatch())
        case .any: return .anyTag(try stringMatch())
        case .tag(let tag): return .tag(tag, try stringMatch())
        }
    }

    /// The word operators, each needing white space after it, with their meaning (MPD's table, 0.24).
    private static let wordOperators: [(word: String, MPDStringMatch.Operator, MPDStringMatch.CaseSensitivity)] = [
        ("contains_cs", .contains, .sensitive), ("contains_ci", .contains, .insensitive),
        ("starts_with_cs", .startsWith, .sensitive), ("starts_with_ci", .startsWith, .insensitive),
        ("eq_cs", .equals, .sensitive), ("eq_ci", .equals, .insensitive),
        ("contains", .contains, .commandDefault), ("starts_with", .startsWith, .commandDefault)
    ]

    /// An operator and its quoted value.
    private mutating func stringMatch() throws(MPDFilterError) -> MPDStringMatch {
        let opOffset = at
        let negatedWord = peek("!")
        let wordStart = negatedWord ? at + 1 : at
        for (word, op, sensitivity) in Self.wordOperators where hasWord(word, at: wordStart) {
            at = wordStart + word.utf8.count
            skipSpace()
            return MPDStringMatch(op, try quoted(), negated: negatedWord, caseSensitivity: sensitivity)
        }
        let op: MPDStringMatch.Operator, negated: Bool
        if take("=~") || take("!~") {
            (op, negated) = (.regex, bytes[at - 2] == UInt8(ascii: "!"))
        } else if take("==") || take("!=") {
            (op, negated) = (.equals, bytes[at - 2] == UInt8(ascii: "!"))
        } else {
            throw .unknownOperator(excerpt(bytes[at...]), offset: opOffset)
        }
        skipSpace()
        return MPDStringMatch(op, try quoted(), negated: negated)
    }

    /// Whether `word` (ASCII case ignored) followed by white space starts at `offset` (MPD matches "contains ").
    private func hasWord(_ word: String, at offset: Int) -> Bool {
        let end = offset + word.utf8.count
        guard end < bytes.count, isProtocolSpace(bytes[end]) else { return false }
        return zip(bytes[offset..<end], word.utf8).allSatisfy { asciiLower($0) == $1 }
    }

    /// A `'…'` or `"…"` value (backslash escapes the next byte), and the white space after it.
    private mutating func quoted() throws(MPDFilterError) -> String {
        let open = at
        guard at < bytes.count, bytes[at] == UInt8(ascii: "'") || bytes[at] == UInt8(ascii: "\"") else {
            throw .quotedStringExpected(offset: open)
        }
        let quote = bytes[at]
        at += 1
        var value: [UInt8] = []
        while true {
            guard at < bytes.count else { throw .closingQuoteNotFound(offset: open) }
            if bytes[at] == quote { break }
            if bytes[at] == UInt8(ascii: "\\") {
                at += 1
                guard at < bytes.count else { throw .closingQuoteNotFound(offset: open) }
            }
            guard value.count < limits.maxFilterValueBytes else { throw .quotedValueTooLong(offset: open) }
            value.append(bytes[at])
            at += 1
        }
        at += 1
        skipSpace()
        // Unescaping removes only ASCII backslashes from valid UTF-8, so the value is valid UTF-8 too.
        return String(decoding: value, as: UTF8.self)
    }

    /// A quoted time stamp.
    private mutating func timestamp() throws(MPDFilterError) -> MPDTimestamp {
        let text = try quoted()
        do {
            return try MPDTimestamp.parse(text)
        } catch {
            throw .timestamp(error)
        }
    }

    /// The number after `prio >=`: decimal, at most 255, directly followed by `)`.
    private mutating func priority() throws(MPDFilterError) -> UInt8 {
        let start = at
        var value = 0
        while at < bytes.count, isASCIIDigit(bytes[at]) {
            value = min(value * 10 + Int(bytes[at] - UInt8(ascii: "0")), 256)
            at += 1
        }
        guard at > start else { throw .numberExpected(offset: start) }
        guard let priority = UInt8(exactly: value) else { throw .invalidPriority(offset: start) }
        guard peek(")") else { throw .closingParenthesisExpected(offset: at) }
        return priority
    }

    /// A key or `AND`: letters, `_` and `-`, and the white space after it.
    private mutating func word() throws(MPDFilterError) -> String {
        let start = at
        while at < bytes.count, isWordByte(bytes[at]) { at += 1 }
        guard at > start else { throw .wordExpected(offset: start) }
        let text = String(decoding: bytes[start..<at], as: UTF8.self)
        skipSpace()
        return text
    }

    /// A closing parenthesis and the white space after it.
    private mutating func close() throws(MPDFilterError) {
        guard take(")") else { throw .closingParenthesisExpected(offset: at) }
        skipSpace()
    }

    private func isWordByte(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    private func peek(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard at + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[at + $0] == text.utf8Start[$0] }
    }

    private mutating func take(_ text: StaticString) -> Bool {
        guard peek(text) else { return false }
        at += text.utf8CodeUnitCount
        return true
    }

    private mutating func skipSpace() {
        while at < bytes.count, bytes[at] != 0, isProtocolSpace(bytes[at]) { at += 1 }
    }
}
