/// The MPD protocol version Linnet announces, in one place.
///
/// 0.23.5: the request syntax, filters and command lists parsed here are those of MPD 0.23 (0.24's additions such
/// as `eq_ci` are accepted too, which a 0.23 client never sends). Announcing 0.24 would make clients expect 0.24
/// commands (`protocol`, `searchplaylist`, stickers with `sort`) the handlers do not have.
public enum MPDProtocolVersion {
    /// The version identifier, e.g. for the greeting.
    public static let string = "0.23.5"
    /// The line a server sends when a client connects: `OK MPD 0.23.5\n`.
    public static let greeting = "OK MPD \(string)\n"
}
