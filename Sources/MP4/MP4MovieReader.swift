import Tagging

/// Reads the structure of an MP4/M4A file: `ftyp`, then `moov` (`mvhd`, each `trak` down to its sample tables and
/// edit list, `udta/meta/ilst`). Media data (`mdat`) is stepped over, never read.
///
/// Why our own reader rather than libavformat: we need a dozen boxes of one container, and libavformat would bring
/// the whole of FFmpeg's demuxer library (and libavutil/libavcodec with it) into a daemon whose idle RSS goal is
/// 15 MB; libmp4v2 is unmaintained. This reader is a few hundred lines, forward-only (it streams from the decoder's
/// own byte source and skips `mdat` by seeking), bounded by `MP4Limits`, and fuzzed (fuzz/MP4Fuzz).
public enum MP4MovieReader {
    /// Reads from `input` at the start of the file; `length` is the file's size in bytes.
    /// Throws only when the input is not an MP4 at all; damage after the first box ends reading with `error` set.
    public static func read(from input: any TagInput, length: Int) throws(TagError) -> MP4Movie {
        let file = LimitedInput(input, limit: length)
        let walker = MP4BoxWalker()
        guard let first = try walker.nextHeader(in: file),
            first.type == "ftyp" || first.type == "moov" || first.type == "free" || first.type == "wide"
                || first.type == "mdat" || first.type == "skip"
        else {
            throw TagError(.corrupt, offset: 0, "not an MP4 file (no ftyp box)")
        }
        var movie = MP4Movie()
        do throws(TagError) {
            var header: MP4BoxHeader? = first
            for _ in 0..<MP4Limits.maxChildren {
                guard let h = header else { break }
                let body = LimitedInput(file, limit: h.bodySize)
                if h.type == "moov" {
                    movie.hasMovie = true
                    try readMovie(body, walker, into: &movie)
                    break  // everything needed is in moov
                }
                try body.skipRest()
                header = try walker.nextHeader(in: file)
            }
        } catch {
            movie.error = error
        }
        return movie
    }

    private static func readMovie(_ moov: LimitedInput, _ walker: MP4BoxWalker, into movie: inout MP4Movie)
        throws(TagError)
    {
        try walker.forEachChild(of: moov, depth: 1) { (h, box) throws(TagError) in
            switch h.type {
            case "mvhd":
                let version = try box.be8()
                try box.skip(3 + (version == 1 ? 16 : 8))
                movie.movieTimescale = try box.be32()
            case "trak":
                guard movie.soundTracks.count < MP4Limits.maxTracks else { return }
                let track = try readTrack(box, walker)
                if track.handler == "soun" { movie.soundTracks.append(track) }
            case "udta":
                try walker.forEachChild(of: box, depth: 2) { (h, box) throws(TagError) in
                    guard h.type == "meta" else { return }
                    try readMeta(box, walker, into: &movie.tags)
                }
            case "meta":
                try readMeta(box, walker, into: &movie.tags)
            default: break
            }
        }
    }

    /// `meta` is a full box (4 bytes of version/flags) in ISO files but a plain container in QuickTime ones, where
    /// those 4 bytes are already the size of its first child (never 0): peek, and give them back when they are.
    private static func readMeta(_ meta: LimitedInput, _ walker: MP4BoxWalker, into tags: inout MP4Tags)
        throws(TagError)
    {
        guard meta.remaining >= 4 else { return }
        let peek = try meta.read(4)
        let children: LimitedInput
        if peek == [0, 0, 0, 0] {
            children = meta
        } else {
            children = LimitedInput(PrefixedInput(prefix: peek, base: meta), limit: 4 + meta.remaining)
        }
        try walker.forEachChild(of: children, depth: 3) { (h, box) throws(TagError) in
            guard h.type == "ilst" else { return }
            try MP4ItemListReader.read(box, walker, into: &tags)
        }
    }

    private static func readTrack(_ trak: LimitedInput, _ walker: MP4BoxWalker) throws(TagError) -> MP4Track {
        var track = MP4Track()
        try walker.forEachChild(of: trak, depth: 2) { (h, box) throws(TagError) in
            switch h.type {
            case "edts":
                try walker.forEachChild(of: box, depth: 3) { (h, box) throws(TagError) in
                    if h.type == "elst" { track.edits = try readEditList(box) }
                }
            case "mdia":
                try walker.forEachChild(of: box, depth: 3) { (h, box) throws(TagError) in
                    switch h.type {
                    case "mdhd":
                        let version = try box.be8()
                        try box.skip(3 + (version == 1 ? 16 : 8))
                        track.mediaTimescale = try box.be32()
                        track.mediaDuration = version == 1 ? try box.be64() : UInt64(try box.be32())
                    case "hdlr":
                        try box.skip(8)
                        track.handler = FourCC(try box.be32())
                    case "minf":
                        try walker.forEachChild(of: box, depth: 4) { (h, box) throws(TagError) in
                            guard h.type == "stbl" else { return }
                            try readSampleTables(box, walker, into: &track)
                        }
                    default: break
                    }
                }
            default: break
            }
        }
        return track
    }

    private static func readEditList(_ box: LimitedInput) throws(TagError) -> [MP4Edit] {
        let version = try box.be8()
        try box.skip(3)
        let entryBytes = version == 1 ? 20 : 12
        let n = try box.checkedCount(try box.be32(), entryBytes: entryBytes, limit: Int(UInt32.max), in: box, "elst")
        var edits: [MP4Edit] = []
        for _ in 0..<min(n, MP4Limits.maxEdits) {
            if version == 1 {
                edits.append(MP4Edit(segmentDuration: try box.be64(), mediaTime: Int64(bitPattern: try box.be64())))
            } else {
                edits.append(
                    MP4Edit(
                        segmentDuration: UInt64(try box.be32()),
                        mediaTime: Int64(Int32(bitPattern: try box.be32()))))
            }
            try box.skip(4)  // media rate
        }
        return edits
    }

    private static func readSampleTables(_ stbl: LimitedInput, _ walker: MP4BoxWalker, into track: inout MP4Track)
        throws(TagError)
    {
        try walker.forEachChild(of: stbl, depth: 5) { (h, box) throws(TagError) in
            switch h.type {
            case "stsd": try MP4SampleEntryReader.read(box, walker, into: &track)
            case "stts": try MP4SampleTableReader.readTimeToSample(box, into: &track.samples)
            case "stsc": try MP4SampleTableReader.readSampleToChunk(box, into: &track.samples)
            case "stsz": try MP4SampleTableReader.readSampleSizes(box, into: &track.samples)
            case "stz2": try MP4SampleTableReader.readCompactSampleSizes(box, into: &track.samples)
            case "stco": try MP4SampleTableReader.readChunkOffsets(box, wide: false, into: &track.samples)
            case "co64": try MP4SampleTableReader.readChunkOffsets(box, wide: true, into: &track.samples)
            default: break
            }
        }
    }
}
