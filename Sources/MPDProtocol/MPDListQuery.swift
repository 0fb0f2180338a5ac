/// The arguments of `list TYPE [FILTER] [group TYPE…] [window START:END]`.
public struct MPDListQuery: Sendable, Equatable {
    /// What `list` lists.
    public enum Subject: Sendable, Equatable {
        /// A tag's distinct values.
        case tag(MPDTag)
        /// Song URIs (`file`, `filename`).
        case file
    }

    /// What is listed.
    public var subject: Subject
    /// The filter; nil lists everything.
    public var filter: MPDFilter?
    /// The tags to group by, outermost last (in the order MPD takes them off the end).
    public var groups: [MPDTag]
    /// The `window` clause.
    public var window: MPDRange?

    /// A query with the given parts.
    public init(subject: Subject, filter: MPDFilter? = nil, groups: [MPDTag] = [], window: MPDRange? = nil) {
        self.subject = subject
        self.filter = filter
        self.groups = groups
        self.window = window
    }

    /// Parses the arguments as MPD's handle_list: `window` last, `group` clauses before it, and the old
    /// `list album ARTIST` form (one bare value: the artist). The filter is find-style (case counts).
    public static func parse(_ arguments: [String], limits: MPDLimits = .default) throws(MPDArgumentError)
        -> MPDListQuery
    {
        guard let name = arguments.first else { throw .tooFewArguments("list") }
        let subject: Subject
        if asciiCaseInsensitiveEqual(name, "file") || asciiCaseInsensitiveEqual(name, "filename") {
            subject = .file
        } else if let tag = MPDTag(name: name) {
            subject = .tag(tag)
        } else {
            throw .unknownTagType(name)
        }
        var rest = arguments.dropFirst()
        let window = try takeClause("window", from: &rest).map { text throws(MPDArgumentError) in
            try MPDRange.parse(text)
        }
        if rest.count == 1, let artist = rest.first, artist.utf8.first != UInt8(ascii: "(") {
            guard subject == .tag(.album) else { throw .legacyListNeedsAlbum }
            return MPDListQuery(
                subject: subject, filter: .tag(.artist, MPDStringMatch(.equals, artist)), window: window)
        }
        var groups: [MPDTag] = []
        while let groupName = takeClause("group", from: &rest) {
            guard let tag = MPDTag(name: groupName) else { throw .unknownTagType(groupName) }
            guard subject != .tag(tag), !groups.contains(tag) else { throw .conflictingGroup(groupName) }
            groups.append(tag)
        }
        guard !rest.isEmpty else { return MPDListQuery(subject: subject, groups: groups, window: window) }
        do {
            let filter = try MPDFilter.parse(arguments: rest, foldsCase: false, limits: limits)
            return MPDListQuery(subject: subject, filter: filter, groups: groups, window: window)
        } catch {
            throw .filter(error)
        }
    }
}
