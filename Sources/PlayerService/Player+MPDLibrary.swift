import PlayerCore

/// Library songs and streams into the queue at a position, for the MPD front end's findadd, searchadd and load: as
/// `enqueue(songs:mode:)` (songs' tags from the database, nothing probed again), but nothing starts playing (MPD's
/// add never does).
extension Player {
    func enqueue(entries: [PlaylistEntry], atPosition position: Int?) {
        let items = entries.map { entry in
            switch entry {
            case .song(let song): MediaItem(.file(path: song.pathString))
            case .stream(let url): MediaItem(.url(url))
            }
        }
        guard !items.isEmpty else { return }
        var added: [QueueEntry]
        if let position, position < model.count {
            let anchor = position == 0 ? nil : model.ids[position - 1]
            added = (try? model.insert(items, after: anchor)) ?? []
            if added.isEmpty { added = model.append(items) }
        } else {
            added = model.append(items)
        }
        // A stream's details come from the stream itself once it plays.
        for (entry, item) in zip(added, entries.prefix(Self.seededLibraryDetails)) {
            guard case .song(let song) = item else { continue }
            details[entry.id] = TrackDetails(
                durationMicroseconds: song.durationMicroseconds, tags: song.tags, isSeekable: true)
            probed.insert(entry.id)
        }
        refreshNext()
        publish()
    }
}
