import CoverArt
import Decoding
import Dispatch
import PlayerCore

/// What the now-playing surface adds to a track's tags: the cover art URL and the chosen lyrics. Found once per
/// track on a background queue (art is hashed and written to the cache, the `.lrc` file is read), never on the
/// service's queue, and without keeping picture bytes once the file is written.
struct TrackExtras: Sendable, Hashable {
    var artURL: String?
    var lyrics: TrackLyrics?

    /// Reads the track's tags (with the picture) and finds its extras. Blocking: file I/O.
    static func load(path: String, tags known: TrackTags?) -> TrackExtras {
        var tags = known
        if tags?.picture == nil, let summary = try? TrackProbe.summary(path: path) { tags = summary.tags }
        let t = tags ?? TrackTags()
        var art: String?
        if let cache = ArtCache.standard() {
            do {
                art = try cache.artURL(for: t, trackPath: path)
            } catch {
                Log.error("cover art of \(path): \(error)")
                art = FolderArt.find(forTrack: path).map(FileURI.uri(fromPath:))
            }
        }
        return TrackExtras(artURL: art, lyrics: TrackLyrics.load(forTrackAt: path, tags: t))
    }
}

/// Finds `TrackExtras` one request at a time on a utility queue; answers on the main actor.
final class ExtrasLoader: Sendable {
    private let work = DispatchQueue(label: "linnet.extras", qos: .utility)

    func load(
        _ id: QueueEntryID, path: String, tags: TrackTags?,
        deliver: @escaping @MainActor @Sendable (QueueEntryID, TrackExtras) -> Void
    ) {
        work.async {
            let extras = TrackExtras.load(path: path, tags: tags)
            DispatchQueue.main.async { deliver(id, extras) }
        }
    }
}
