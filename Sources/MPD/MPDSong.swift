/// One song as MPD clients see it: the `file` URI (library-relative, an absolute path or a stream URL), its tags,
/// and where it stands in the queue.
public struct MPDSong: Sendable, Equatable {
    public var file: String
    /// Tag name → values, in MPD's tag names (`Artist`, `Album`, `Title`, `Track`, …); several values repeat the
    /// line, as MPD does.
    public var tags: [(name: String, values: [String])] = []
    public var duration: Double?
    /// Seconds since the epoch the file last changed (`Last-Modified`), when known.
    public var lastModified: Int64?
    /// For streams: the station's name (`Name`).
    public var name: String?
    public var position: Int?
    public var id: UInt32?

    public init(file: String) { self.file = file }

    public static func == (a: MPDSong, b: MPDSong) -> Bool {
        a.file == b.file && a.duration == b.duration && a.lastModified == b.lastModified && a.name == b.name
            && a.position == b.position && a.id == b.id
            && a.tags.map(\.name) == b.tags.map(\.name) && a.tags.map(\.values) == b.tags.map(\.values)
    }
}
