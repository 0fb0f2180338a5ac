/// The arguments of `find`, `search`, `findadd`, `searchadd`, `searchaddpl` (after its NAME), `playlistfind`:
/// a filter, then optional `sort TYPE`, `window START:END` and (adding commands) `position POS`.
public struct MPDSongQuery: Sendable, Equatable {
    /// The filter.
    public var filter: MPDFilter
    /// The `sort` clause.
    public var sort: MPDSort?
    /// The `window` clause.
    public var window: MPDRange?
    /// The `position` clause (only when parsed with `allowsPosition`).
    public var position: MPDInsertPosition?

    /// A query with the given parts.
    public init(filter: MPDFilter, sort: MPDSort? = nil, window: MPDRange? = nil, position: MPDInsertPosition? = nil) {
        self.filter = filter
        self.sort = sort
        self.window = window
        self.position = position
    }

    /// Parses the arguments as MPD does: clauses are taken from the end in MPD's order (`position`, then
    /// `window`, then `sort`), so they must be given as `sort … window … position …`; the rest is the filter.
    /// `foldsCase`: true for the `search` commands (see `MPDFilter.parse`).
    public static func parse(
        _ arguments: [String], foldsCase: Bool, allowsPosition: Bool = false, limits: MPDLimits = .default
    ) throws(MPDArgumentError) -> MPDSongQuery {
        var rest = arguments[...]
        var position: MPDInsertPosition?
        if allowsPosition, let value = takeClause("position", from: &rest) {
            position = try MPDInsertPosition.parse(value)
        }
        let window = try takeClause("window", from: &rest).map { text throws(MPDArgumentError) in
            try MPDRange.parse(text)
        }
        let sort = try takeClause("sort", from: &rest).map { text throws(MPDArgumentError) in
            try MPDSort.parse(text)
        }
        do {
            let filter = try MPDFilter.parse(arguments: rest, foldsCase: foldsCase, limits: limits)
            return MPDSongQuery(filter: filter, sort: sort, window: window, position: position)
        } catch {
            throw .filter(error)
        }
    }
}

/// Removes a trailing `keyword VALUE` from `arguments` and gives VALUE, when the next-to-last is `keyword`.
func takeClause(_ keyword: String, from arguments: inout ArraySlice<String>) -> String? {
    guard arguments.count >= 2, arguments[arguments.endIndex - 2] == keyword else { return nil }
    let value = arguments[arguments.endIndex - 1]
    arguments.removeLast(2)
    return value
}
