/// The arguments of `count` and `searchcount`: an optional filter and an optional trailing `group TYPE`.
public struct MPDCountQuery: Sendable, Equatable {
    /// The filter; nil counts every song.
    public var filter: MPDFilter?
    /// The tag to group the counts by.
    public var group: MPDTag?

    /// A query with the given parts.
    public init(filter: MPDFilter?, group: MPDTag? = nil) {
        self.filter = filter
        self.group = group
    }

    /// Parses the arguments as MPD's handle_count; `foldsCase` is true for `searchcount`.
    public static func parse(_ arguments: [String], foldsCase: Bool, limits: MPDLimits = .default)
        throws(MPDArgumentError) -> MPDCountQuery
    {
        var rest = arguments[...]
        var group: MPDTag?
        if let name = takeClause("group", from: &rest) {
            guard let tag = MPDTag(name: name) else { throw .unknownTagType(name) }
            group = tag
        }
        guard !rest.isEmpty else { return MPDCountQuery(filter: nil, group: group) }
        do {
            return MPDCountQuery(
                filter: try MPDFilter.parse(arguments: rest, foldsCase: foldsCase, limits: limits), group: group)
        } catch {
            throw .filter(error)
        }
    }
}
