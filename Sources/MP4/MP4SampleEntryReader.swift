import Tagging

/// Reads `stsd`: the first sample entry's codec, channels and rate, and for `mp4a` the ES descriptor (`esds`,
/// directly or inside QuickTime's `wave`) with the object type and the decoder-specific info.
enum MP4SampleEntryReader {
    static func read(_ stsd: LimitedInput, _ walker: MP4BoxWalker, into track: inout MP4Track) throws(TagError) {
        try stsd.skip(4)  // version, flags
        guard try stsd.be32() > 0, let entry = try walker.nextHeader(in: stsd) else { return }
        let box = LimitedInput(stsd, limit: entry.bodySize)
        track.codec = entry.type
        // SampleEntry: 6 reserved bytes, data reference index; AudioSampleEntry: version, revision, vendor,
        // channels, sample size, compression id, packet size, rate (16.16).
        guard box.remaining >= 28 else { return }
        try box.skip(8)
        let version = try box.be16()
        try box.skip(6)
        track.channels = Int(try box.be16())
        try box.skip(6)
        track.sampleRate = Int(try box.be32() >> 16)
        switch version {
        case 1: try box.skip(min(16, box.remaining))
        case 2:
            // QuickTime v2: struct size, rate as a float64, channel count, then 20 bytes of format details.
            guard box.remaining >= 36 else { return }
            try box.skip(4)
            let rate = Double(bitPattern: try box.be64())
            track.channels = Int(try box.be32())
            try box.skip(20)
            track.sampleRate = rate.isFinite && rate >= 1 && rate <= 1_000_000 ? Int(rate) : 0
        default: break
        }
        try readCodecBoxes(box, walker, depth: 7, into: &track)
    }

    private static func readCodecBoxes(
        _ parent: LimitedInput, _ walker: MP4BoxWalker, depth: Int,
        into track: inout MP4Track
    ) throws(TagError) {
        try walker.forEachChild(of: parent, depth: depth) { (h, box) throws(TagError) in
            switch h.type {
            case "esds": try readESDescriptor(box, into: &track)
            case "wave": try readCodecBoxes(box, walker, depth: depth + 1, into: &track)
            default: break
            }
        }
    }

    /// ES_Descriptor (tag 3) → DecoderConfigDescriptor (tag 4) → DecoderSpecificInfo (tag 5).
    static func readESDescriptor(_ esds: LimitedInput, into track: inout MP4Track) throws(TagError) {
        try esds.skip(4)  // version, flags
        guard let es = try descriptor(in: esds, tag: 3) else { return }
        try es.skip(2)  // ES_ID
        let flags = try es.be8()
        if flags & 0x80 != 0 { try es.skip(2) }  // dependsOn_ES_ID
        if flags & 0x40 != 0 { try es.skip(Int(try es.be8())) }  // URL
        if flags & 0x20 != 0 { try es.skip(2) }  // OCR_ES_ID
        guard let config = try descriptor(in: es, tag: 4) else { return }
        track.objectType = try config.be8()
        try config.skip(12)  // stream type, buffer size, max and average bitrate
        guard let specific = try descriptor(in: config, tag: 5) else { return }
        guard specific.remaining <= MP4Limits.maxDecoderConfigBytes else {
            throw TagError(.corrupt, offset: specific.offset, "decoder config of \(specific.remaining) bytes")
        }
        track.decoderConfig = try specific.read(specific.remaining)
    }

    /// Finds the next descriptor with `tag` in `parent` (others are skipped) and returns a reader over its body.
    private static func descriptor(in parent: LimitedInput, tag wanted: UInt8) throws(TagError) -> LimitedInput? {
        for _ in 0..<64 {
            guard parent.remaining >= 2 else { return nil }
            let tag = try parent.be8()
            var length = 0
            for i in 0..<4 {  // up to 4 bytes of 7 bits, high bit = more follow
                let b = try parent.be8()
                length = length << 7 | Int(b & 0x7F)
                if b & 0x80 == 0 { break }
                if i == 3 { throw TagError(.corrupt, offset: parent.offset, "descriptor length of more than 4 bytes") }
            }
            guard length <= parent.remaining else {
                throw TagError(
                    .truncated, offset: parent.offset,
                    "descriptor of \(length) bytes runs past its parent (\(parent.remaining) left)")
            }
            let body = LimitedInput(parent, limit: length)
            if tag == wanted { return body }
            try body.skipRest()
        }
        return nil
    }
}
