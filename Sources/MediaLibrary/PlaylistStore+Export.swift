import FileSystem
import PlayerCore
import SQLite

/// Exporting a playlist as an M3U8 file.
extension PlaylistStore {
    /// Writes a playlist as M3U8 to `path` (absolute; replaced atomically).
    func export(_ reference: PlaylistReference, to path: String) throws(Failure) {
        let info = try find(reference)
        let songs: [SongRow]
        do { songs = try self.songs(info) } catch { throw .storage(error) }
        var text = "#EXTM3U\n#PLAYLIST:\(info.name)\n"
        var byPath: [[UInt8]: SongRow] = [:]
        for song in songs { byPath[song.path] = song }
        // In the playlist's order: its songs, and its streams (which are not songs) as their URLs.
        let paths = info.source == .user || info.source == .file ? try itemPaths(.id(info.id)) : songs.map(\.path)
        for path in paths {
            if let song = byPath[path] {
                let seconds = song.durationMicroseconds.map { $0 / 1_000_000 } ?? -1
                let artist = song.artists.joined(separator: ", ")
                text += "#EXTINF:\(seconds),\(artist.isEmpty ? "" : artist + " - ")\(song.title)\n"
                text += String(decoding: song.path, as: UTF8.self) + "\n"
            } else if RadioStation.isStreamURL(String(decoding: path, as: UTF8.self)) {
                text += "#EXTINF:-1,\n" + String(decoding: path, as: UTF8.self) + "\n"
            }
        }
        do {
            try FilePath(path).writeAtomically(Array(text.utf8), durable: true)
        } catch {
            throw .io("\(path): \(error.message)")
        }
    }
}
