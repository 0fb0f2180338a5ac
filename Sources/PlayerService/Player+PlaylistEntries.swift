import PlayerCore

/// Playing a user playlist that may hold streams as well as library songs (MPRIS ActivatePlaylist).
extension Player {
    /// Replaces the queue with `entries` and starts the first: songs keep the details the library knows,
    /// streams are probed when they play.
    func play(playlist entries: [PlaylistEntry]) throws(LibraryError) {
        var songs: [SongRow] = []
        for entry in entries {
            guard case .song(let song) = entry else { break }
            songs.append(song)
        }
        // Songs only: the library's own path (details seeded from the database).
        if songs.count == entries.count { return try enqueue(songs: songs, mode: .replace) }
        var items: [MediaItem] = []
        var known: [Int: TrackDetails] = [:]
        for entry in entries {
            switch entry {
            case .song(let song):
                if known.count < Self.seededLibraryDetails {
                    known[items.count] = TrackDetails(
                        durationMicroseconds: song.durationMicroseconds, tags: song.tags,
                        isSeekable: true)
                }
                items.append(MediaItem(.file(path: song.pathString)))
            case .stream(let url):
                items.append(MediaItem(.url(url)))
            }
        }
        dropPendingAdditions()
        let added = model.replace(with: items)
        details.removeAll()
        probed = []
        for (i, d) in known where added.indices.contains(i) {
            details[added[i].id] = d
            probed.insert(added[i].id)
        }
        try? model.goTo(added[0].id)
        start(added[0], at: 0, paused: false)
        publish()
    }
}
