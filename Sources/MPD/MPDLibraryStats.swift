/// The library's side of `stats`: distinct artists and albums, songs, their total length, the last scan's end.
public struct MPDLibraryStats: Sendable, Equatable {
    public var artists = 0
    public var albums = 0
    public var songs = 0
    /// Seconds of music in the library (`db_playtime`).
    public var playtime = 0
    /// Seconds since the epoch of the last scan's end (`db_update`).
    public var lastUpdate: Int64 = 0

    public init() {}
}
