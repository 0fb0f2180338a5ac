import FileSystem
import MPD
import MPDProtocol
import MPRIS
import PlayerCore

/// The player as MPD clients drive it (the MPD front end beside MPRIS: same queue, same engine). Loop modes map
/// as MPD's repeat and single: none ↔ 0/0, playlist ↔ repeat 1, track ↔ repeat 1 + single 1, and single without
/// repeat is the queue's stop after the current entry. `single oneshot` with repeat is a repeat count of one
/// (then repeat of the queue), without repeat a stop after the current entry once.
extension Player: MPDBackend {
    var mpdStatus: MPDPlayerStatus {
        var s = MPDPlayerStatus()
        switch status {
        case .playing: s.state = .play
        case .paused: s.state = .pause
        case .stopped: s.state = .stop
        }
        s.volume = Int((min(1, max(0, volume)) * 100).rounded())
        s.repeatOn = model.loopMode != .none
        s.randomOn = model.isShuffled
        switch (model.stopAfterCurrent, model.loopMode) {
        case (.once, _): s.single = "oneshot"
        case (.always, _): s.single = "1"
        case (.off, .track): s.single = mpdOneShotRepeat && repeats.entry != nil ? "oneshot" : "1"
        case (.off, _): s.single = "0"
        }
        s.consume = model.consumes
        s.queueLength = model.count
        if let id = model.currentID, let p = model.currentIndex {
            (s.currentPosition, s.currentID) = (p, UInt32(exactly: id.rawValue))
            if status != .stopped { s.elapsed = Double(positionMicroseconds) / 1e6 }
            s.duration = details[id]?.durationMicroseconds.map { Double($0) / 1e6 }
        }
        if let next = model.naturalSuccessor, let p = model.index(of: next) {
            (s.nextPosition, s.nextID) = (p, UInt32(exactly: next.rawValue))
        }
        return s
    }

    var mpdQueueCount: Int { model.count }

    var mpdQueueIDs: [UInt32] { model.ids.map { UInt32(truncatingIfNeeded: $0.rawValue) } }

    func mpdSongs(in range: Range<Int>) -> [MPDSong] {
        let tracks = queueEntries(offset: range.lowerBound, limit: range.count)
        return tracks.enumerated().map { i, t in mpdSong(t, position: range.lowerBound + i) }
    }

    func mpdPosition(ofID id: UInt32) -> Int? { model.index(of: QueueEntryID(rawValue: UInt64(id))) }

    func mpdPlay(position: Int?) throws(MPDCommandError) {
        guard let position else { return play() }
        do { try queueGoTo(position: position) } catch { throw .badSongIndex }
        if status != .playing { play() }
    }

    func mpdPause(_ on: Bool?) {
        switch on {
        case nil: playPause()
        case true?: if status == .playing { pause() }
        case false?: if status == .paused { play() }
        }
    }

    func mpdStop() { stop() }
    func mpdNext() { next() }
    func mpdPrevious() { previous() }

    func mpdSeek(position: Int, seconds: Double) throws(MPDCommandError) {
        guard model.ids.indices.contains(position) else { throw .badSongIndex }
        let microseconds = Self.microseconds(seconds)
        let entry = model.entries[position]
        if entry.id == model.currentID, status != .stopped {
            return setPosition(track: entry.id, microseconds: microseconds)
        }
        do { try model.goTo(entry.id) } catch { throw .badSongIndex }
        start(entry, at: microseconds, paused: false)
        publish()
    }

    func mpdSeekCurrent(_ target: MPDSeekTarget) throws(MPDCommandError) {
        guard let id = model.currentID, status != .stopped else {
            throw MPDCommandError(.playerSync, "Not playing")
        }
        switch target {
        case .absolute(let s): setPosition(track: id, microseconds: Self.microseconds(s))
        case .relative(let s): seek(by: Self.microseconds(abs(s)) * (s < 0 ? -1 : 1))
        }
    }

    func mpdSetVolume(_ percent: Int) { setVolume(Double(min(100, max(0, percent))) / 100) }

    func mpdSetRepeat(_ on: Bool) {
        let single = model.stopAfterCurrent
        if on, single != .off {
            // single and repeat: the track loops (once, for oneshot).
            if single == .once { mpdSingleOneShot() } else { setLoopMode(.track) }
        } else if on, model.loopMode == .none {
            setLoopMode(.playlist)
        } else if !on, model.loopMode != .none {
            let wasSingle = model.loopMode == .track
            setLoopMode(.none)
            if wasSingle { setStopAfterCurrent(.always) }
        }
    }

    func mpdSetRandom(_ on: Bool) { setShuffle(on) }

    func mpdSetSingle(_ mode: MPDSingleMode) throws(MPDCommandError) {
        switch mode {
        case .off:
            if model.loopMode == .track { setLoopMode(.playlist) }
            setStopAfterCurrent(.off)
        case .on: if model.loopMode == .none { setStopAfterCurrent(.always) } else { setLoopMode(.track) }
        case .oneshot: if model.loopMode == .none { setStopAfterCurrent(.once) } else { mpdSingleOneShot() }
        }
    }

    /// `single oneshot` with repeat on: the current track once more, then the queue repeats.
    private func mpdSingleOneShot() {
        setLoopMode(.playlist)
        guard model.currentID != nil else { return }
        setLoopCount(1)
        mpdOneShotRepeat = true
        publish()
    }

    var mpdReplayGainMode: String { replayGainMode.rawValue }

    func mpdSetReplayGainMode(_ mode: String) {
        guard let mode = ReplayGainMode(rawValue: mode) else { return }
        setReplayGain(mode: mode, preampDB: replayGainPreamp)
    }

    func mpdSetConsume(_ on: Bool) {
        guard on != model.consumes else { return }
        model.consumes = on
        publish()
    }

    func mpdAdd(uri: String, at position: Int?, localClient: Bool) throws(MPDCommandError) -> [UInt32]? {
        let target = try mpdLocation(uri, localClient: localClient)
        // Entries get ever larger ids: the new ones are those from here on (no set of the whole queue per add).
        let firstNew = model.nextRawID
        do {
            if let position, position < model.count {
                let after: QueueEntryID? = position == 0 ? nil : model.ids[position - 1]
                try addTrack(uri: target, after: after, setAsCurrent: false)
            } else {
                try queueAdd(uris: [target], mode: .append)
            }
        } catch {
            throw MPDCommandError(.noExist, "\(error)")
        }
        let added = model.ids.filter { $0.rawValue >= firstNew }
        return added.isEmpty ? nil : added.map { UInt32(truncatingIfNeeded: $0.rawValue) }
    }

    func mpdShuffle(positions: Range<Int>) {
        var random = SystemRandomNumberGenerator()
        model.shuffleEntries(in: positions, using: &random)
        refreshNext()
        publish()
    }

    func mpdDelete(positions: Range<Int>) throws(MPDCommandError) {
        guard positions.upperBound <= model.count else { throw .badSongIndex }
        do { try queueRemove(Array(model.ids[positions])) } catch { throw .badSongIndex }
    }

    func mpdMove(positions: Range<Int>, to: Int) throws(MPDCommandError) {
        guard positions.upperBound <= model.count, to + positions.count <= model.count else { throw .badSongIndex }
        let ids = Array(model.ids[positions])
        do {
            for (offset, id) in ids.enumerated() { try model.move(id, to: to + offset) }
        } catch {
            throw .badSongIndex
        }
        refreshNext()
        publish()
    }

    func mpdSwap(_ a: Int, _ b: Int) throws(MPDCommandError) {
        guard model.ids.indices.contains(a), model.ids.indices.contains(b) else { throw .badSongIndex }
        guard a != b else { return }
        let (low, high) = (min(a, b), max(a, b))
        let (first, second) = (model.ids[low], model.ids[high])
        do {
            try model.move(second, to: low)
            try model.move(first, to: high)
        } catch {
            throw .badSongIndex
        }
        refreshNext()
        publish()
    }

    func mpdClear() { queueClear() }

    // MARK: - Mapping

    /// A queue entry as MPD shows it; local files under a library folder by their path inside it.
    private func mpdSong(_ t: TrackSnapshot, position: Int) -> MPDSong {
        var song = MPDSong(file: mpdFile(t.location))
        var tags: [(String, [String])] = []
        if let tags0 = t.tags {
            if !tags0.artists.isEmpty { tags.append(("Artist", tags0.artists)) }
            if let s = tags0.artistSort { tags.append(("ArtistSort", [s])) }
            if let a = tags0.album { tags.append(("Album", [a])) }
            if !tags0.albumArtists.isEmpty { tags.append(("AlbumArtist", tags0.albumArtists)) }
            if let s = tags0.albumArtistSort { tags.append(("AlbumArtistSort", [s])) }
            if let title = tags0.title { tags.append(("Title", [title])) }
            if let n = tags0.trackNumber { tags.append(("Track", [String(n)])) }
            if !tags0.genres.isEmpty { tags.append(("Genre", tags0.genres)) }
            if let d = tags0.date { tags.append(("Date", [d])) }
            if !tags0.composers.isEmpty { tags.append(("Composer", tags0.composers)) }
            if let n = tags0.discNumber { tags.append(("Disc", [String(n)])) }
        }
        if t.location.isHTTP, let info = streams[t.id] {
            song.name = info.station.name
            if let title = info.title {
                tags.removeAll { $0.0 == "Title" }
                tags.append(("Title", [info.artist.map { "\($0) - \(title)" } ?? title]))
            }
        }
        song.tags = tags.map { (name: $0.0, values: $0.1) }
        song.duration = t.durationMicroseconds.map { Double($0) / 1e6 }
        song.position = position
        song.id = UInt32(exactly: t.id.rawValue)
        return song
    }

    /// The `file` of a location: inside a library folder its relative path, else the absolute path or the URL.
    private func mpdFile(_ location: MediaLocation) -> String {
        guard let path = location.path else { return location.uri }
        for root in mpdMusicFolders where path.hasPrefix(root + "/") { return String(path.dropFirst(root.count + 1)) }
        return path
    }

    /// What an `add` argument names: a stream URL as it is; a file:// URI or absolute path only from a local
    /// (Unix socket) client; anything else relative to a library folder, never outside them.
    private func mpdLocation(_ uri: String, localClient: Bool) throws(MPDCommandError) -> String {
        if MediaLocation.isHTTP(uri) { return uri }
        if uri.hasPrefix("/") || uri.lowercased().hasPrefix("file:") {
            guard localClient else {
                throw MPDCommandError(.permission, "Access denied: local files only from a local (Unix socket) client")
            }
            return uri
        }
        let parts = uri.split(separator: "/", omittingEmptySubsequences: false)
        guard !uri.isEmpty, !parts.contains(".."), !parts.contains("."), !uri.contains("\0") else {
            throw MPDCommandError(.noExist, "No such directory")
        }
        guard let root = mpdMusicFolders.first(where: { (try? FilePath($0 + "/" + uri).status()) != nil }) else {
            throw MPDCommandError(.noExist, "No such directory")
        }
        return root + "/" + uri
    }

    private static func microseconds(_ seconds: Double) -> Int64 {
        Int64(exactly: (seconds * 1e6).rounded()) ?? (seconds > 0 ? Int64.max : 0)
    }
}

extension Player {
    var mpdOutputs: [OutputDescription] {
        outputs?.descriptions ?? [
            OutputDescription(id: 0, name: "local", plugin: "pulse", enabled: true, address: "local", status: "")
        ]
    }

    func mpdSetOutput(id: Int, enabled: Bool?) throws(MPDCommandError) {
        guard let outputs else {
            guard enabled == true else {
                throw MPDCommandError(.system, "the sound output cannot be disabled (it is the only one)")
            }
            return
        }
        let on = enabled ?? !(outputs.list.outputs.first { $0.id == id }?.enabled ?? false)
        do throws(OutputListError) { try outputs.setOutput(String(id), enabled: on) } catch {
            throw MPDCommandError(.system, "\(error)")
        }
        publish()
    }
}
