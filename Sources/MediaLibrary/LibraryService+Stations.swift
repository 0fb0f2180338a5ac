import Dispatch
import PlayerCore
import SQLite

/// Radio stations and streams in playlists through the library service (service queue).
extension LibraryService {
    private var stationStore: StationStore { StationStore(db: playlistStore.db) }

    public func stations() throws(LibraryError) -> [RadioStation] {
        dispatchPrecondition(condition: .onQueue(serviceQueue))
        do { return try stationStore.list() } catch { throw .storage(error.description) }
    }

    public func addStation(_ station: RadioStation) throws(LibraryError) {
        dispatchPrecondition(condition: .onQueue(serviceQueue))
        if let problem = RadioStation.problem(name: station.name, url: station.url) { throw .playlist(problem) }
        do { try stationStore.add(station) } catch { throw .storage(error.description) }
    }

    public func removeStation(name: String) throws(LibraryError) {
        dispatchPrecondition(condition: .onQueue(serviceQueue))
        let removed: Bool
        do { removed = try stationStore.remove(name: name) } catch { throw .storage(error.description) }
        if !removed { throw .playlist("no station named '\(name)'") }
    }

    /// Imports the station file of older versions once; logs what it did.
    public func importStations(fromFile path: String) {
        dispatchPrecondition(condition: .onQueue(serviceQueue))
        do {
            if let n = try stationStore.importOnce(fromFile: path) {
                log(
                    "library: imported \(n) radio station\(n == 1 ? "" : "s") from \(path) (renamed to \(path).imported)"
                )
            }
        } catch {
            log("library: cannot import the radio stations of \(path): \(error)")
        }
    }

    /// Appends stream URLs (http/https only) to a user playlist.
    public func addStreams(toPlaylist reference: PlaylistReference, urls: [String]) throws(LibraryError) {
        dispatchPrecondition(condition: .onQueue(serviceQueue))
        guard !urls.isEmpty else { throw .playlist("no stream URL given") }
        if let bad = urls.first(where: { !RadioStation.isStreamURL($0) }) {
            throw .playlist("'\(bad)' is not an http:// or https:// URL")
        }
        do { try playlistStore.add(reference, paths: urls.map { Array($0.utf8) }) } catch {
            throw Self.playlistError(error)
        }
    }

    /// A playlist's entries in order: library songs and streams (entries that are neither are left out);
    /// notes the play (LastPlayDate) when it is for playing, not for showing.
    public func playlistEntries(_ info: PlaylistInfo, markPlayed: Bool = true) throws(LibraryError) -> [PlaylistEntry] {
        dispatchPrecondition(condition: .onQueue(serviceQueue))
        let songs = try playlistSongs(info, markPlayed: markPlayed)
        guard info.source == .user || info.source == .file else { return songs.map { .song($0) } }
        let paths: [[UInt8]]
        do { paths = try playlistStore.itemPaths(.id(info.id)) } catch { throw Self.playlistError(error) }
        var byPath: [[UInt8]: SongRow] = [:]
        for song in songs { byPath[song.path] = song }
        return paths.compactMap { path -> PlaylistEntry? in
            if let song = byPath[path] { return .song(song) }
            let text = String(decoding: path, as: UTF8.self)
            return RadioStation.isStreamURL(text) ? .stream(text) : nil
        }
    }
}
