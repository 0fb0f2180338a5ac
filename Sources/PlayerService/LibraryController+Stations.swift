import Glibc
import MediaLibrary
import PlayerCore

/// The radio station list and streams in playlists, kept in the library database.
extension LibraryController: StationControl {
    func stations() throws(LibraryError) -> [RadioStation] { try service.stations() }
    func addStation(name: String, url: String) throws(LibraryError) {
        if let problem = StreamURLCheck.problem(url) { throw .malformedURL(problem) }
        try service.addStation(RadioStation(name: name, url: url))
    }
    func removeStation(name: String) throws(LibraryError) { try service.removeStation(name: name) }
    func addStreams(toPlaylist playlist: PlaylistReference, urls: [String]) throws(LibraryError) {
        // All or nothing: one bad URL leaves the playlist as it was.
        if let problem = urls.lazy.compactMap(StreamURLCheck.problem).first { throw .malformedURL(problem) }
        try service.addStreams(toPlaylist: playlist, urls: urls)
    }
    func playlistEntries(_ playlist: PlaylistReference) throws(LibraryError) -> [PlaylistEntry] {
        try service.playlistEntries(service.playlist(playlist), markPlayed: false)
    }

    /// Where `linnet radio` kept its stations before they moved into the library ($XDG_DATA_HOME/linnet/stations).
    static func stationFilePath() -> String? {
        if let x = getenv("XDG_DATA_HOME").map({ String(cString: $0) }), x.hasPrefix("/") {
            return x + "/linnet/stations"
        }
        if let h = getenv("HOME").map({ String(cString: $0) }), h.hasPrefix("/") {
            return h + "/.local/share/linnet/stations"
        }
        return nil
    }
}
