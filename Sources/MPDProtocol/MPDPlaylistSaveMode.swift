/// How `save NAME [MODE]` writes the queue into a stored playlist (MPD 0.24's modes; 0.23 knows `create` only).
public enum MPDPlaylistSaveMode: String, Sendable, CaseIterable {
    /// A new playlist; refused when one of that name exists.
    case create
    /// After the existing playlist's songs; refused when there is none.
    case append
    /// Instead of the existing playlist's songs; refused when there is none.
    case replace

    /// Parses `create`, `append` or `replace` (exactly, as MPD).
    public static func parse(_ text: String) throws(MPDArgumentError) -> MPDPlaylistSaveMode {
        guard let mode = MPDPlaylistSaveMode(rawValue: text) else { throw .saveModeExpected(text) }
        return mode
    }
}
