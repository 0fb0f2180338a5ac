/// A filter value that matches nothing in the library exactly (folded), with the closest names it has: what a
/// query that found nothing reports ("no artist 'sigur'; did you mean 'Sigur Rós'?").
public struct FilterMiss: Sendable, Hashable, CustomStringConvertible {
    /// The filter key (`LibraryQuery.Filter.keys`): artist, album, albumartist, genre, composer, playlist.
    public var key: String
    public var value: String
    /// Best first (`NameSuggestions.rank`); may be empty.
    public var suggestions: [String]

    public init(key: String, value: String, suggestions: [String]) {
        self.key = key
        self.value = value
        self.suggestions = suggestions
    }

    /// The key as a word in a sentence.
    static func noun(_ key: String) -> String {
        switch key {
        case "albumartist": "album artist"
        default: key
        }
    }

    public var description: String {
        let head = "no \(Self.noun(key)) '\(value)'"
        guard let last = suggestions.last else { return head + " in the library" }
        let quoted = suggestions.map { "'\($0)'" }
        let list = suggestions.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or '\(last)'"
        return head + "; did you mean " + list + "?"
    }
}
