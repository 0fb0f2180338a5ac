/// A stored playlist as `listplaylists` shows it.
public struct MPDStoredPlaylist: Sendable, Equatable {
    public var name: String
    /// Seconds since the epoch of its last change (`Last-Modified`).
    public var modified: Int64

    public init(name: String, modified: Int64) {
        self.name = name
        self.modified = modified
    }
}
