import Dispatch
import Glibc
import MPRIS
import PlayerCore
import Streaming

/// What a network stream told us about a queue entry (ICY titles, station, buffer).
struct StreamInfo: Sendable, Hashable {
    /// The station's icy-name, icy-genre and icy-url.
    struct Station: Sendable, Hashable {
        var name: String?
        var genre: String?
        var url: String?
    }

    var title: String?
    var artist: String?
    var station = Station()
    var buffer = BufferStatus(isBuffering: true, fraction: 0, seconds: 0)
}

/// Network streams: opening them for the engine, and their events → Metadata and the Stream interface.
extension Player {
    /// The engine's `openDecoder`: http(s) through `StreamOpener` (events come back to `streamEvent`), the rest
    /// as local files.
    /// `cancellation` (the engine's, for this load) closes the connections of an open that a newer command
    /// superseded.
    nonisolated static func openDecoder(
        _ item: PlaybackItem, settings: StreamSettings,
        cancellation: LoadCancellation,
        player: @escaping @MainActor @Sendable () -> Player?
    ) throws(DecodeError) -> any Decoder {
        let location = item.location
        guard MediaLocation.isHTTP(location) else {
            return try DecoderRegistryBridge.open(item)
        }
        let id = item.id
        return try StreamOpener.open(
            url: location, settings: settings,
            observer: { event in
                // Responses matter to tests, not to the player: no wake-up of its queue for every HLS segment.
                if case .response = event { return }
                DispatchQueue.main.async { player()?.streamEvent(id, event) }
            }, cancellation: cancellation)
    }

    func streamEvent(_ itemID: PlaybackItemID, _ event: StreamEvent) {
        guard let id = itemID.entry else { return }
        guard model.entry(id) != nil else { return }
        var info = streams[id] ?? StreamInfo()
        switch event {
        case .nowPlaying(let title, let artist):
            info.title = title
            info.artist = artist
            Log.info(
                "\(model.entry(id)?.location.description ?? itemID.description): now playing \(artist.map { "\($0) - " } ?? "")\(title ?? "")"
            )
        case .station(let name, let genre, let url):
            info.station = StreamInfo.Station(name: name, genre: genre, url: url)
        case .buffer(let status):
            // Small level changes are not worth a signal: flips, 5 % of the buffer or a second of audio are.
            let old = info.buffer
            if status.isBuffering == old.isBuffering && abs(status.fraction - old.fraction) < 0.05
                && abs(status.seconds - old.seconds) < 1
            {
                return
            }
            info.buffer = status
        case .reconnecting(let attempt, let reason):
            Log.info(
                "\(model.entry(id)?.location.description ?? itemID.description): \(reason); reconnecting (attempt \(attempt))"
            )
            info.buffer.isBuffering = true
        case .warning(let text):
            Log.info("\(model.entry(id)?.location.description ?? itemID.description): \(text)")
            return
        case .response:
            return
        }
        guard info != streams[id] else { return }
        streams[id] = info
        publish()
    }

    /// Tags of an entry with what its stream said (ICY title and artist, station name as album, genre).
    func streamTags(_ id: QueueEntryID, _ tags: TrackTags?) -> TrackTags? {
        guard let info = streams[id] else { return tags }
        var t = tags ?? TrackTags()
        if let title = info.title { t.title = title }
        if let artist = info.artist { t.artists = [artist] } else if info.title != nil { t.artists = [] }
        if let name = info.station.name, t.album == nil { t.album = name }
        if let genre = info.station.genre, t.genres.isEmpty { t.genres = [genre] }
        return t
    }

    /// The Stream interface's view of the current entry.
    func streamSnapshot() -> StreamSnapshot {
        guard let id = model.currentID, let info = streams[id], status != .stopped || engine.isLoading else {
            return StreamSnapshot()
        }
        return StreamSnapshot(
            buffering: info.buffer.isBuffering, level: info.buffer.fraction,
            seconds: info.buffer.seconds, stationName: info.station.name ?? "",
            stationGenre: info.station.genre ?? "", stationURL: info.station.url ?? "")
    }

    /// Whether Play should reconnect `entry` instead of resuming it: a live stream (no length, no seeking) that
    /// has been paused longer than `liveRestartSeconds`.
    func shouldRestartLive(_ entry: QueueEntry) -> Bool {
        guard case .url = entry.location, let d = details[entry.id], d.durationMicroseconds == nil, !d.isSeekable,
            let pausedAt
        else { return false }
        return monotonicSeconds() - pausedAt > streamSettings.liveRestartSeconds
    }

    /// A stream entry is about to be opened: it is buffering until its decoder says otherwise.
    func streamStarting(_ entry: QueueEntry) {
        guard case .url = entry.location else { return }
        var info = streams[entry.id] ?? StreamInfo()
        info.buffer = BufferStatus(isBuffering: true, fraction: 0, seconds: 0)
        streams[entry.id] = info
    }
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
