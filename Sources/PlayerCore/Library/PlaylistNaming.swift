/// The rule for naming a user playlist, the same for creating and renaming: a name is one line of text, unique
/// after folding (`TextFolding`) among the user's playlists, and none of the reserved names — the automatic
/// playlists' names and ids (they would be shadowed by, or shadow, the automatic ones) and names of digits only
/// (those are ids: `PlaylistLookup` reads them as ids first). Pure.
public enum PlaylistNaming {
    /// Folded names no user playlist may take.
    public static let reserved: Set<String> = Set(
        [
            PlaylistInfo.recentlyAddedName, PlaylistInfo.mostPlayedName,
            PlaylistInfo.recentlyAddedID, PlaylistInfo.mostPlayedID
        ]
        .map(TextFolding.fold))

    /// The name to store for `proposed` (trimmed), or why it cannot be used. `renaming` is the id of the playlist
    /// being renamed (it may keep its own name in another spelling).
    public static func check(
        _ proposed: String, among existing: [PlaylistInfo],
        renaming: String? = nil
    ) -> Result<String, PlaylistNameError> {
        let name = proposed.trimmingWhitespace
        guard !name.isEmpty else { return .failure(.empty) }
        if name.contains(where: { $0.isNewline || $0 == "\t" }) { return .failure(.notOneLine(name)) }
        let key = TextFolding.fold(name)
        guard !key.isEmpty else { return .failure(.empty) }
        if reserved.contains(key) { return .failure(.reserved(name)) }
        if key.allSatisfy({ $0.isASCII && $0.isNumber }) { return .failure(.looksLikeID(name)) }
        if let other = existing.first(where: {
            $0.source == .user && $0.id != renaming && TextFolding.fold($0.name) == key
        }) {
            return .failure(.taken(requested: name, existing: other.name))
        }
        return .success(name)
    }
}

/// Why a playlist name was refused (by CreatePlaylist and RenamePlaylist alike).
public enum PlaylistNameError: Error, Sendable, Hashable, CustomStringConvertible {
    case empty
    case notOneLine(String)
    case reserved(String)
    case looksLikeID(String)
    case taken(requested: String, existing: String)

    public var description: String {
        switch self {
        case .empty: "a playlist name cannot be empty"
        case .notOneLine(let n): "a playlist name is one line of text, not '\(n)'"
        case .reserved(let n):
            "'\(n)' is reserved for an automatic playlist (\(PlaylistInfo.recentlyAddedName), \(PlaylistInfo.mostPlayedName))"
        case .looksLikeID(let n): "'\(n)' cannot name a playlist: a number alone is read as a playlist id"
        case .taken(let requested, let existing):
            requested == existing
                ? "a playlist named '\(existing)' exists already"
                : "'\(requested)' is taken: a playlist named '\(existing)' exists already (names ignore case and accents)"
        }
    }
}
