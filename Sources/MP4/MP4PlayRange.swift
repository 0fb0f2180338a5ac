/// The part of a track's media that is meant to be heard, in media units: `start` units of encoder delay are
/// skipped and `length` units play (the rest is padding). Gapless playback is exactly this range.
public struct MP4PlayRange: Sendable, Hashable {
    public var start: Int64
    public var length: Int64

    public init(start: Int64, length: Int64) {
        (self.start, self.length) = (start, length)
    }

    /// Decides the range from the edit list, else iTunes' `iTunSMPB` note, else the whole media.
    ///
    /// An edit's segment duration is in movie units (often milliseconds), so it is rounded; when it ends within one
    /// movie unit of the media's end, the media's own exact end (the sum of `stts`, which encoders shorten to the
    /// source length) is used instead.
    public static func of(
        edits: [MP4Edit], movieTimescale: UInt32, mediaTimescale: UInt32, mediaDuration: Int64,
        iTunSMPB: String?
    ) -> MP4PlayRange {
        let whole = MP4PlayRange(start: 0, length: max(0, mediaDuration))
        if let edit = edits.first(where: { $0.mediaTime >= 0 }), edit.mediaTime < mediaDuration {
            let start = edit.mediaTime
            let available = mediaDuration - start
            guard edit.segmentDuration > 0, movieTimescale > 0, mediaTimescale > 0,
                let segment = Int64(exactly: edit.segmentDuration), segment < Int64(1) << 40
            else {
                return MP4PlayRange(start: start, length: available)
            }
            let length = segment * Int64(mediaTimescale) / Int64(movieTimescale)
            let slack = (Int64(mediaTimescale) + Int64(movieTimescale) - 1) / Int64(movieTimescale)
            if abs(length - available) <= slack { return MP4PlayRange(start: start, length: available) }
            return MP4PlayRange(start: start, length: min(length, available))
        }
        if let note = iTunSMPB.flatMap(GaplessNote.init), note.delay < mediaDuration {
            let available = mediaDuration - note.delay
            let length = note.length > 0 ? min(note.length, available) : max(0, available - note.padding)
            return MP4PlayRange(start: note.delay, length: length)
        }
        return whole
    }
}

/// iTunes' gapless note (`----:com.apple.iTunes:iTunSMPB`): hex words " 00000000 DELAY PADDING LENGTH …".
public struct GaplessNote: Sendable, Hashable {
    public var delay: Int64
    public var padding: Int64
    public var length: Int64

    public init?(_ text: String) {
        let words = text.split(separator: " ").prefix(4)
        guard words.count == 4, words.allSatisfy({ $0.count <= 16 }),
            let d = Int64(words[1], radix: 16), let p = Int64(words[2], radix: 16), let l = Int64(words[3], radix: 16),
            d >= 0, p >= 0, l >= 0
        else { return nil }
        (delay, padding, length) = (d, p, l)
    }
}
