/// What a network stream tells its listener besides audio (delivered on the stream's threads).
public enum StreamEvent: Sendable, Hashable {
    /// The station's now-playing title changed (ICY StreamTitle); artist split off when the station sends
    /// "Artist - Title".
    case nowPlaying(title: String?, artist: String?)
    /// The station's own name, genre and home page (icy-name, icy-genre, icy-url).
    case station(name: String?, genre: String?, url: String?)
    /// The buffer level changed.
    case buffer(BufferStatus)
    /// The connection dropped; trying again (attempt counts from 1) after a back-off.
    case reconnecting(attempt: Int, reason: String)
    /// A problem that did not stop playback but should be logged (e.g. a title that was not valid UTF-8).
    case warning(String)
    /// A request was answered and accepted: its HTTP status (206 for a Range request) and the byte it asked to
    /// start at (0: the whole resource). One per connection, reconnects and seeks included.
    case response(status: Int, rangeStart: Int64)
}
