import Glibc
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
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .io("\(path): \(String(cString: strerror(errno)))") }
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let reason = String(cString: strerror(errno))
                close(fd)
                unlink(temporary)
                throw .io("\(path): \(reason)")
            }
            written += n
        }
        bytes = []
        guard fsync(fd) == 0, close(fd) == 0, Glibc.rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .io("\(path): \(reason)")
        }
    }
}
