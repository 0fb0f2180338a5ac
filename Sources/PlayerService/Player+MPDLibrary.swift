import PlayerCore

/// Library songs into the queue at a position, for the MPD front end's findadd, searchadd and load: as
/// `enqueue(songs:mode:)` (tags from the database, nothing probed again), but nothing starts playing (MPD's add
/// never does).
extension Player {
    func enqueue(songs: [SongRow], atPosition position: Int?) {
        let items = songs.map { MediaItem(.file(path: $0.pathString)) }
        guard !items.isEmpty else { return }
        var added: [QueueEntry]
        if let position, position < model.count {
            let anchor = position == 0 ? nil : model.ids[position - 1]
            added = (try? model.insert(items, after: anchor)) ?? []
            if added.isEmpty { added = model.append(items) }
        } else {
            added = model.append(items)
        }
        for (entry, song) in zip(added, songs.prefix(Self.seededLibraryDetails)) {
            details[entry.id] = TrackDetails(
                durationMicroseconds: song.durationMicroseconds, tags: song.tags, isSeekable: true)
            probed.insert(entry.id)
        }
        refreshNext()
        publish()
    }
}
