import Decoding
import Dispatch
import PlayerCore

/// What opening a file taught us about a queue entry (for Metadata, CanSeek and Seek past the end).
struct TrackDetails: Sendable, Hashable {
    var durationMicroseconds: Int64?
    /// Tags without the embedded picture (the bus never carries picture bytes).
    var tags: TrackTags
    var isSeekable: Bool

    init(durationMicroseconds: Int64?, tags: TrackTags, isSeekable: Bool) {
        self.durationMicroseconds = durationMicroseconds
        var t = tags
        t.picture = nil
        self.tags = t
        self.isSeekable = isSeekable
    }

    init(_ info: TrackInfo) {
        self.init(durationMicroseconds: info.durationMicroseconds, tags: info.tags, isSeekable: info.isSeekable)
    }

    /// Opens a decoder for the engine (the registry picks the decoder).
    static func openDecoder(path: String) throws(DecodeError) -> any Decoder {
        try DecoderRegistry.open(path: path)
    }

    /// Reads `path`'s tags and length (from its headers where they say enough; see `TrackProbe`).
    static func probe(path: String) throws(DecodeError) -> TrackDetails {
        let summary = try TrackProbe.summary(path: path)
        return TrackDetails(
            durationMicroseconds: summary.durationMicroseconds, tags: summary.tags, isSeekable: summary.isSeekable)
    }
}

/// Reads tags of queued files in the background, a batch at a time, so GetTracksMetadata and the metadata of
/// a restored (paused, never heard) track are complete without blocking the service's queue.
final class TagProber: Sendable {
    private let work = DispatchQueue(label: "linnet.probe", qos: .utility)
    private let batchSize = 32

    /// Probes `requests`; `deliver` runs on the main actor once per batch with details (nil: could not open).
    func probe(
        _ requests: [(QueueEntryID, String)],
        deliver: @escaping @MainActor @Sendable ([(QueueEntryID, TrackDetails?)]) -> Void
    ) {
        guard !requests.isEmpty else { return }
        let size = batchSize
        work.async {
            var batch: [(QueueEntryID, TrackDetails?)] = []
            for (id, path) in requests {
                batch.append((id, try? TrackDetails.probe(path: path)))
                if batch.count == size {
                    let done = batch
                    DispatchQueue.main.async { deliver(done) }
                    batch = []
                }
            }
            if !batch.isEmpty {
                let done = batch
                DispatchQueue.main.async { deliver(done) }
            }
        }
    }
}
