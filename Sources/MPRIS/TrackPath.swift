import DBus
import PlayerCore

/// Track ids on the bus: `/org/linnet/Track/<entry id>` for queue entries, the spec's NoTrack for "none".
public enum TrackPath {
    static let prefix = "/org/linnet/Track/"
    /// The spec's "no track" path (AddTrack's AfterTrack for "at the start"; never a real entry).
    public static let noTrack: DBusObjectPath = "/org/mpris/MediaPlayer2/TrackList/NoTrack"

    /// The object path of a queue entry (stable for the entry's life, persisted with the queue).
    public static func path(_ id: QueueEntryID) -> DBusObjectPath {
        DBusObjectPath(prefix + String(id.rawValue))!
    }

    /// What a path names: an entry id, NoTrack (`.noTrack`), or something else (`nil`).
    public enum Parsed: Hashable, Sendable {
        case entry(QueueEntryID)
        case noTrack
    }

    public static func parse(_ path: DBusObjectPath) -> Parsed? {
        if path == noTrack { return .noTrack }
        let text = path.rawValue
        guard text.hasPrefix(prefix), let raw = UInt64(text.dropFirst(prefix.count)) else { return nil }
        return .entry(QueueEntryID(rawValue: raw))
    }
}
