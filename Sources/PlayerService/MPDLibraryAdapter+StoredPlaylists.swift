import FileSystem
import MPD
import MPDProtocol
import MediaLibrary
import PlayerCore

/// The library's playlists as MPD's stored playlists: names are exact (MPD's are file names), entries are library
/// songs and streams, and every change is announced on the Playlists interface too.
extension MPDLibraryAdapter {
    func mpdPlaylists() throws(MPDCommandError) -> [MPDStoredPlaylist] {
        try storage { () throws(LibraryError) in
            // An automatic playlist has no time of its own: it changes with the library (its last scan).
            try service.playlists().filter(\.isListed).map {
                MPDStoredPlaylist(name: $0.name, modified: $0.modified > 0 ? $0.modified : lastUpdate)
            }
        }
    }

    func mpdPlaylistSongs(_ name: String) throws(MPDCommandError) -> [MPDSong] {
        let info = try playlist(name)
        let entries = try storage { () throws(LibraryError) in
            try service.playlistEntries(info, markPlayed: false)
        }
        return entries.map { entry in
            switch entry {
            case .song(let row): song(row, file(ofPath: row.pathString))
            case .stream(let url): MPDSong(file: url)
            }
        }
    }

    func mpdDeletePlaylist(_ name: String) throws(MPDCommandError) {
        let info = try playlist(name)
        try storage { () throws(LibraryError) in try controller.deletePlaylist(.id(info.id)) }
        playlistsChanged()
    }

    func mpdRenamePlaylist(_ name: String, to newName: String) throws(MPDCommandError) {
        let info = try playlist(name)
        if try find(newName) != nil { throw MPDCommandError(.exist, "Playlist already exists") }
        try storage { () throws(LibraryError) in try controller.renamePlaylist(.id(info.id), to: newName) }
        playlistsChanged()
    }

    func mpdPlaylistDelete(_ name: String, position: Int) throws(MPDCommandError) {
        let info = try playlist(name)
        guard position < info.songs + info.streams else { throw .badSongIndex }
        try storage { () throws(LibraryError) in try controller.removeFromPlaylist(.id(info.id), at: position) }
        playlistsChanged()
    }

    func mpdPlaylistMove(_ name: String, from: Int, to: Int) throws(MPDCommandError) {
        let info = try playlist(name)
        let count = info.songs + info.streams
        guard from < count, to < count else { throw .badSongIndex }
        try storage { () throws(LibraryError) in try controller.movePlaylistEntry(.id(info.id), from: from, to: to) }
        playlistsChanged()
    }

    func mpdSavePlaylist(_ name: String, files: [String], mode: MPDPlaylistSaveMode) throws(MPDCommandError) {
        let paths = try entryPaths(files, strict: false)
        let existing = try find(name)
        // MPD's checks (PlaylistSave.cxx): create wants no playlist of that name, append and replace want one.
        let info: PlaylistInfo
        switch (mode, existing) {
        case (.create, .some): throw MPDCommandError(.exist, "Playlist already exists")
        case (.create, nil): info = try create(name)
        case (.append, let found?), (.replace, let found?): info = found
        case (.append, nil), (.replace, nil): throw MPDCommandError(.noExist, "No such playlist")
        }
        try storage { () throws(LibraryError) in
            if mode == .replace {
                try controller.replacePlaylistEntries(.id(info.id), paths: paths)
            } else if !paths.isEmpty {
                try controller.insertIntoPlaylist(.id(info.id), paths: paths, at: nil)
            }
        }
        playlistsChanged()
    }

    func mpdPlaylistAdd(_ name: String, files: [String], at position: Int?) throws(MPDCommandError) {
        let paths = try entryPaths(files, strict: true)
        let existing = try find(name)
        // A missing playlist counts as an empty one (MPD's LoadMode::TRY), made only once it gets a song.
        let count = existing.map { $0.songs + $0.streams } ?? 0
        if let position, position > count { throw MPDCommandError(.argument, "Bad position") }
        guard !paths.isEmpty else { return }
        let info: PlaylistInfo
        if let existing { info = existing } else { info = try create(name) }
        try storage { () throws(LibraryError) in
            try controller.insertIntoPlaylist(.id(info.id), paths: paths, at: position)
        }
        playlistsChanged()
    }

    func mpdPlaylistClear(_ name: String) throws(MPDCommandError) {
        let info = try playlist(name)
        try storage { () throws(LibraryError) in try controller.replacePlaylistEntries(.id(info.id), paths: []) }
        playlistsChanged()
    }

    /// The playlist named exactly `name` (MPD names are exact).
    func playlist(_ name: String) throws(MPDCommandError) -> PlaylistInfo {
        guard let info = try find(name) else { throw MPDCommandError(.noExist, "No such playlist") }
        return info
    }

    /// The listed playlist named exactly `name`, nil when there is none.
    private func find(_ name: String) throws(MPDCommandError) -> PlaylistInfo? {
        let all = try storage { () throws(LibraryError) in try service.playlists() }
        return all.first { $0.name == name && $0.isListed }
    }

    /// A new, empty user playlist named exactly `name`, or MPD's refusal: the library's naming rule
    /// (`PlaylistNaming`) is checked here so that each refusal gets its own ACK.
    private func create(_ name: String) throws(MPDCommandError) -> PlaylistInfo {
        let all = try storage { () throws(LibraryError) in try service.playlists() }
        switch PlaylistNaming.check(name, among: all) {
        case .success(let stored) where stored == name: break
        // The library would store it trimmed: the client could not find it by the name it gave.
        case .success: throw MPDCommandError(.argument, "Bad playlist name: no spaces around it")
        case .failure(let error):
            // Names are unique after folding: "mix" is taken by "Mix" (MPD would make a second playlist).
            if case .taken = error { throw MPDCommandError(.exist, error.description) }
            throw MPDCommandError(.argument, "Bad playlist name: \(error)")
        }
        return try storage { () throws(LibraryError) in try controller.createPlaylist(name) }
    }

    /// What the playlist stores for `files`: a library song's path, a stream's URL. Anything else (a file
    /// outside the library or not scanned yet) is "No such song" when `strict`, else left out.
    private func entryPaths(_ files: [String], strict: Bool) throws(MPDCommandError) -> [[UInt8]] {
        var entries: [(path: [UInt8], isSong: Bool)] = []
        for file in files {
            if RadioStation.isStreamURL(file) {
                entries.append((Array(file.utf8), false))
                continue
            }
            var resolved: (String, Int)?
            do throws(MPDCommandError) { resolved = try resolve(file) } catch { if strict { throw error } }
            guard let (path, _) = resolved else {
                if strict { throw MPDCommandError(.noExist, "No such song") }
                continue
            }
            entries.append((BytePath.bytes(path), true))
        }
        let songs = entries.filter(\.isSong).map(\.path)
        let known = Set(try storage { () throws(LibraryError) in try service.songs(atPaths: songs) }.map(\.path))
        if strict, songs.contains(where: { !known.contains($0) }) { throw MPDCommandError(.noExist, "No such song") }
        return entries.filter { !$0.isSong || known.contains($0.path) }.map(\.path)
    }

    /// A stored playlist changed from MPD: the desktop hears of it as of a bus call (PlaylistCount,
    /// PlaylistChanged). MPD's own clients are told by the command (`stored_playlist`).
    private func playlistsChanged() { controller.playlistsInterface?.refresh() }
}
