extension MPDFilter {
    /// Parses a command's filter arguments, as MPD's SongFilter::Parse: each argument starting with `(` is an
    /// expression, any other starts an old-style `KEY VALUE` pair; several are joined by `.and`.
    ///
    /// `foldsCase` is true for the `search` family: old-style pairs then match substrings (MPD 0.20 semantics;
    /// case folding itself is left to the handler through `.commandDefault`).
    public static func parse(
        arguments: some Collection<String>, foldsCase: Bool, limits: MPDLimits = .default
    ) throws(MPDFilterError) -> MPDFilter {
        var rest = arguments[...]
        var parts: [MPDFilter] = []
        while let first = rest.first {
            rest = rest.dropFirst()
            if first.utf8.first == UInt8(ascii: "(") {
                var parser = MPDFilterExpressionParser(first, limits: limits)
                parts.append(try parser.parseWhole())
                continue
            }
            guard let value = rest.first else { throw .incorrectNumberOfArguments }
            rest = rest.dropFirst()
            parts.append(try pair(key: first, value: value, foldsCase: foldsCase))
        }
        guard !parts.isEmpty else { throw .incorrectNumberOfArguments }
        return parts.count == 1 ? parts[0] : .and(parts)
    }

    /// One old-style `KEY VALUE` pair.
    static func pair(key name: String, value: String, foldsCase: Bool) throws(MPDFilterError) -> MPDFilter {
        let match = MPDStringMatch(foldsCase ? .contains : .equals, value)
        switch MPDFilterKey(name: name) {
        case .tag(let tag): return .tag(tag, match)
        case .any: return .anyTag(match)
        case .file: return .uri(match)
        case .base:
            guard isSafeRelativePath(value) else { throw .badURI(value) }
            return .base(value)
        case .modifiedSince, .addedSince:
            let time: MPDTimestamp
            do { time = try MPDTimestamp.parse(value) } catch { throw .timestamp(error) }
            return MPDFilterKey(name: name) == .modifiedSince ? .modifiedSince(time) : .addedSince(time)
        // MPD has no old-style AudioFormat or prio; it would misread them as a tag.
        case .audioFormat, .priority, nil: throw .unknownType(name)
        }
    }

    /// MPD's uri_safe_local: non-empty `/`-separated segments, none empty, `.` or `..`.
    static func isSafeRelativePath(_ path: String) -> Bool {
        path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).allSatisfy { segment in
            !segment.isEmpty && !segment.elementsEqual(".".utf8) && !segment.elementsEqual("..".utf8)
        }
    }
}
