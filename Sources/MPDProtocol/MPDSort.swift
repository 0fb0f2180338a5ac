/// The `sort` clause of `find`/`search`: a key and its direction.
public struct MPDSort: Sendable, Equatable, Hashable {
    /// What to sort by.
    public enum Key: Sendable, Equatable, Hashable {
        /// A tag's value.
        case tag(MPDTag)
        /// The file's modification time (`Last-Modified`).
        case lastModified
        /// When the song was added to the database (`Added`, MPD 0.24).
        case added
    }

    /// What to sort by.
    public var key: Key
    /// Whether descending (a leading `-`).
    public var descending: Bool

    /// A sort by `key`.
    public init(_ key: Key, descending: Bool = false) {
        self.key = key
        self.descending = descending
    }

    /// Parses `[-]TAG`, `[-]Last-Modified` or `[-]Added` (case ignored), as MPD's ParseSortTag.
    public static func parse(_ text: String) throws(MPDArgumentError) -> MPDSort {
        let descending = text.utf8.first == UInt8(ascii: "-")
        let name = descending ? String(text.dropFirst()) : text
        if asciiCaseInsensitiveEqual(name, "Last-Modified") { return MPDSort(.lastModified, descending: descending) }
        if asciiCaseInsensitiveEqual(name, "Added") { return MPDSort(.added, descending: descending) }
        guard let tag = MPDTag(name: name) else { throw .unknownSortTag(text) }
        return MPDSort(.tag(tag), descending: descending)
    }
}
