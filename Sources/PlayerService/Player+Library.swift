import PlayerCore

/// Putting library songs into the queue (Library.Enqueue, playlists): their tags come from the database, so
/// nothing is probed again.
extension Player {
    /// How many enqueued library songs get their details from the library at once (a TrackList window's worth).
    static let seededLibraryDetails = 500

    /// Queues `songs` as `mode` says; `replace` starts the first one.
    func enqueue(songs: [SongRow], mode: EnqueueMode) throws(LibraryError) {
        var items: [MediaItem] = []
        var known: [TrackDetails] = []
        for song in songs {
            // No title or duration hint in the queue: the library knows them, and 100,000 hints held in memory
            // cost 17 MB of idle RSS. Details are seeded for the first songs only (the TrackList window); the
            // others are probed when the window reaches them, as after a restart.
            items.append(MediaItem(.file(path: song.pathString)))
            if known.count < Self.seededLibraryDetails {
                known.append(
                    TrackDetails(durationMicroseconds: song.durationMicroseconds, tags: song.tags, isSeekable: true))
            }
        }
        guard !items.isEmpty else { throw .nothingToPlay }
        let added: [QueueEntry]
        switch mode {
        case .replace:
            dropPendingAdditions()
            added = model.replace(with: items)
            details.removeAll()
            probed = []
        case .append:
            added = model.append(items)
        case .next:
            added = (try? model.insert(items, after: model.currentID)) ?? model.append(items)
        }
        for (entry, d) in zip(added, known) {
            details[entry.id] = d
            probed.insert(entry.id)
        }
        if mode == .replace || model.current == nil
            || status == .stopped && mode != .append && model.count == added.count
        {
            try? model.goTo(added[0].id)
            start(added[0], at: 0, paused: false)
        } else {
            refreshNext()
        }
        publish()
    }
}

extension SongRow {
    /// The row's tags in the player's terms.
    var tags: TrackTags {
        var t = TrackTags()
        t.title = title
        t.artists = artists
        t.album = album
        t.albumArtists = albumArtists
        t.genres = genres
        t.composers = composers
        t.trackNumber = trackNumber
        t.discNumber = discNumber
        t.date = date
        t.musicBrainzRecordingID = musicBrainzRecordingID
        t.musicBrainzReleaseID = musicBrainzReleaseID
        t.musicBrainzArtistIDs = musicBrainzArtistIDs
        return t
    }
}
