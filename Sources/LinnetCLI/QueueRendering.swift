/// How `linnet queue` prints the whole queue: one line (or JSON object) per entry, numbered by queue position.
public enum QueueRendering {
    /// One listed entry: its position from 1 and its metadata.
    public struct Entry: Sendable, Equatable {
        public var number: Int
        public var metadata: TrackMetadata

        public init(number: Int, metadata: TrackMetadata) {
            self.number = number
            self.metadata = metadata
        }
    }

    /// The text lines; numbers are padded to the width of the queue's length, so columns line up in any range.
    public static func text(_ entries: [Entry], length: Int, current: Int?) -> String {
        var out = ""
        for e in entries {
            out += StatusRendering.queueLine(
                index: e.number, count: length, isCurrent: e.number == current,
                metadata: e.metadata)
            out += "\n"
        }
        return out
    }

    /// A JSON array, one object per entry (the same keys as `status --json` where they apply).
    public static func json(_ entries: [Entry], current: Int?) -> JSONValue {
        .array(
            entries.map { e in
                let m = e.metadata
                return .object([
                    ("position", .integer(Int64(e.number))),
                    ("current", .bool(e.number == current)),
                    ("trackid", m.trackID.map(JSONValue.string) ?? .null),
                    ("title", m.displayTitle.map(JSONValue.string) ?? .null),
                    ("artist", .array(m.artists.map(JSONValue.string))),
                    ("album", m.album.map(JSONValue.string) ?? .null),
                    ("length_us", m.lengthMicroseconds.map(JSONValue.integer) ?? .null),
                    ("url", m.url.map(JSONValue.string) ?? .null)
                ])
            })
    }
}
