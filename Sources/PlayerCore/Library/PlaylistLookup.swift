/// How a playlist is named in a call: its id (`.id`, what MPRIS object paths carry), or text that a person typed
/// or a client passed (`.text`: an id, a file playlist's path, or a name).
public enum PlaylistReference: Sendable, Hashable, CustomStringConvertible {
    case id(String)
    case text(String)

    public var description: String {
        switch self {
        case .id(let id): "id \(id)"
        case .text(let t): t
        }
    }
}

/// Finds the playlist a reference means. Pure.
///
/// Text is tried as an id first (names of digits only are refused, so a user's name never hides an id), then as a
/// file playlist's path, then as a name (folded): the user's playlist of that name (names are unique among
/// them), else an automatic one, else a file playlist — and when several files share the name (`mix.m3u8`,
/// `mix.pls`) the text is ambiguous: they are told apart by id or path, never merged or picked at random.
public enum PlaylistLookup {
    public static func find(_ reference: PlaylistReference, in all: [PlaylistInfo]) -> Result<
        PlaylistInfo, PlaylistLookupError
    > {
        switch reference {
        case .id(let id):
            return all.first { $0.id == id }.map { .success($0) } ?? .failure(.notFound(reference))
        case .text(let text):
            if let p = all.first(where: { $0.id == text }) { return .success(p) }
            if text.hasPrefix("/"), let p = all.first(where: { $0.source == .file && $0.path == text }) {
                return .success(p)
            }
            let key = TextFolding.fold(text)
            let named = all.filter { TextFolding.fold($0.name) == key }
            if let p = named.first(where: { $0.source == .user }) ?? named.first(where: \.isAutomatic) {
                return .success(p)
            }
            switch named.count {
            case 0: return .failure(.notFound(reference))
            case 1: return .success(named[0])
            default: return .failure(.ambiguous(text, named))
            }
        }
    }
}

/// Why a playlist reference found no single playlist.
public enum PlaylistLookupError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(PlaylistReference)
    /// Several file playlists have this name; each is listed with its id and path.
    case ambiguous(String, [PlaylistInfo])

    public var description: String {
        switch self {
        case .notFound(.id(let id)): "no playlist with id \(id)"
        case .notFound(.text(let t)): "no playlist '\(t)'"
        case .ambiguous(let text, let list):
            "'\(text)' names \(list.count) playlists: "
                + list.map { "\($0.id) (\($0.path ?? $0.name))" }.joined(separator: ", ") + "; give the id or the path"
        }
    }
}
