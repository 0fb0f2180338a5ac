import MPDProtocol
import PlayerCore

/// What `playlistadd`'s URI names: a stream, or a song or folder of the library. As MPD splits them (a URI with a
/// scheme is a stream, anything else is looked up in the database), but only http(s) streams are taken (the ones
/// Linnet plays and the library stores), and nothing outside the library folders is ever named.
enum MPDPlaylistTarget: Equatable {
    /// An http(s) URL, as given.
    case stream(String)
    /// A song file or folder, relative to the library folders ("" is the whole library, as in MPD).
    case library(String)

    static func parse(_ uri: String) throws(MPDCommandError) -> MPDPlaylistTarget {
        if RadioStation.isStreamURL(uri) { return .stream(uri) }
        if uri.contains("://") { throw MPDCommandError(.noExist, "Unsupported URI scheme") }
        // An absolute path is no database name (MPD: "No such directory"); the other checks are `directory`'s.
        if uri.hasPrefix("/") { throw MPDCommandError(.noExist, "No such directory") }
        return .library(try MPDSongPages.directory(uri))
    }
}
