import FileSystem
import PlayerCore
import SQLite

extension LibraryWriter {
    /// A song read in this batch, waiting for its album.
    struct NewSong {
        var id: Int64
        var path: [UInt8]
        var song: LibrarySong
    }

    /// Decides the albums of one album folder from all its tracks (those stored and `newSongs`, read just now,
    /// whose old songs are already gone) and writes them: new songs are inserted, stored ones whose album
    /// changed are moved. Songs without an album title are inserted outside any album.
    func settle(albumDir: [UInt8], newSongs: [NewSong], now: Int64) throws(SQLiteError) {
        var stored: [(id: Int64, path: [UInt8], track: AlbumTrack, albumID: Int64?, added: Int64)] = []
        songsInAlbumDir.reset()
        try songsInAlbumDir.bind(.blob(albumDir), at: 1)
        while try songsInAlbumDir.step() {
            let s = songsInAlbumDir
            let compilation = s.int64(4) != 0
            let track = AlbumTrack(
                album: s.text(2) ?? "",
                albumArtist: compilation
                    ? AlbumGrouping.variousArtists
                    : LibraryDatabase.split(s.text(3)).first,
                albumArtistSortKey: s.text(7) ?? "", artists: LibraryDatabase.split(s.text(5)),
                artistSortKey: s.text(6) ?? "", year: LibraryReader.int(s, 8))
            stored.append((s.int64(0), s.blob(1) ?? [], track, s.isNull(9) ? nil : s.int64(9), s.int64(10)))
        }
        songsInAlbumDir.reset()
        // Path order, so the same folder decides the same way however its files arrived.
        enum Member { case stored(Int), new(Int) }
        var members: [(path: [UInt8], member: Member, track: AlbumTrack)] = []
        members.reserveCapacity(stored.count + newSongs.count)
        for (i, s) in stored.enumerated() { members.append((s.path, .stored(i), s.track)) }
        for (i, n) in newSongs.enumerated() { members.append((n.path, .new(i), AlbumTrack(n.song))) }
        members.sort { $0.path.lexicographicallyPrecedes($1.path) }
        let albums = AlbumGrouping.albums(folderKey: BytePath.string(albumDir), tracks: members.map(\.track))
        // An album counts as added when its first song was.
        var added: [String: Int64] = [:]
        for (m, album) in zip(members, albums) {
            guard let album else { continue }
            let when: Int64
            switch m.member {
            case .stored(let i): when = stored[i].added
            case .new: when = now
            }
            added[album.key] = min(added[album.key] ?? when, when)
        }
        for (m, album) in zip(members, albums) {
            var albumID: Int64?
            if let album { albumID = try self.albumID(album, added: added[album.key] ?? now) }
            switch m.member {
            case .stored(let i):
                guard stored[i].albumID != albumID else { continue }
                try moveSong(id: stored[i].id, toAlbum: albumID, albumArtist: album?.artist ?? "")
            case .new(let i):
                let n = newSongs[i]
                try insertSong(
                    id: n.id, song: n.song, albumDir: album == nil ? nil : albumDir, albumID: albumID,
                    albumArtist: album?.artist ?? n.song.effectiveAlbumArtist, now: now)
            }
        }
    }
}
