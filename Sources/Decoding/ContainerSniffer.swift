import PlayerCore
/// Which decoder family a stream belongs to, decided from its first bytes and, failing that, its name.
enum DecoderFamily: Sendable, Hashable {
    /// MPEG audio (MP3/MP2/MP1): libmpg123.
    case mpeg
    /// Everything libsndfile reads: WAV, FLAC, Ogg Vorbis/Opus, AIFF, CAF, …
    case sndfile
    /// MP4/M4A (ISO base media): our box reader, AAC through libfaad2.
    case mp4
    /// ADTS AAC (`.aac`): libfaad2.
    case adts
}

/// Pure content sniffing: magic numbers first (a file's name can lie), the extension only when the content
/// does not say.
enum ContainerSniffer {
    /// Bytes of the start of a stream the sniffer wants to see.
    static let prefixLength = 64

    /// What the start of the stream says: a family, or nil when the content is not recognised.
    static func family(ofPrefix b: [UInt8]) -> DecoderFamily? {
        func starts(_ s: String, at offset: Int = 0) -> Bool {
            let m = Array(s.utf8)
            return b.count >= offset + m.count && Array(b[offset..<(offset + m.count)]) == m
        }
        if starts("fLaC") || starts("OggS") || starts("caff") || starts(".snd") { return .sndfile }
        if (starts("RIFF") || starts("RIFX")) && (starts("WAVE", at: 8)) { return .sndfile }
        if starts("RF64") || starts("riff") { return .sndfile }  // RF64 and Wave64
        if starts("FORM") && (starts("AIFF", at: 8) || starts("AIFC", at: 8)) { return .sndfile }
        if starts("ftyp", at: 4) { return .mp4 }
        if isADTSHeader(b) { return .adts }
        if starts("ID3") { return .mpeg }  // see `id3TagLength` for FLAC behind ID3
        if isMPEGFrameHeader(b) { return .mpeg }
        return nil
    }

    /// The family for a file name's extension, nil for an unknown one.
    static func family(ofExtension ext: String) -> DecoderFamily? {
        switch ext.lowercased() {
        case "mp3", "mp2", "mp1", "mpga", "mpa": return .mpeg
        case "wav", "wave", "flac", "ogg", "oga", "opus", "aif", "aiff", "aifc", "caf", "w64", "rf64", "au", "snd":
            return .sndfile
        case "m4a", "m4b", "mp4", "m4v", "3gp": return .mp4
        case "aac", "adts": return .adts
        default: return nil
        }
    }

    /// The length of an ID3v2 tag at the start of `b` (header + body + optional footer), nil when there is none.
    static func id3TagLength(_ b: [UInt8]) -> Int? {
        guard b.count >= 10, b[0] == 0x49, b[1] == 0x44, b[2] == 0x33,
            b[6] & 0x80 == 0, b[7] & 0x80 == 0, b[8] & 0x80 == 0, b[9] & 0x80 == 0
        else { return nil }
        let size = Int(b[6]) << 21 | Int(b[7]) << 14 | Int(b[8]) << 7 | Int(b[9])
        let footer = b[5] & 0x10 != 0 ? 10 : 0
        return 10 + size + footer
    }

    /// True when `b` starts with a plausible MPEG audio frame header (sync, version, layer, bitrate, rate).
    static func isMPEGFrameHeader(_ b: [UInt8]) -> Bool {
        guard b.count >= 4, b[0] == 0xFF, b[1] & 0xE0 == 0xE0 else { return false }
        let version = (b[1] >> 3) & 3, layer = (b[1] >> 1) & 3
        let bitrate = b[2] >> 4, rate = (b[2] >> 2) & 3
        return version != 1 && layer != 0 && bitrate != 15 && rate != 3
    }

    /// True when `b` starts with an ADTS header (sync, layer 0, a valid rate index): AAC, not MPEG layer 1–3.
    static func isADTSHeader(_ b: [UInt8]) -> Bool {
        b.count >= 7 && b[0] == 0xFF && b[1] & 0xF6 == 0xF0 && (b[2] >> 2) & 0x0F < 13
    }

    /// The extension of a path's last component, lowercased ("" when none).
    static func fileExtension(of path: String) -> String {
        // From the end, by bytes: splitting the whole path into Characters cost 28k instructions a file in a scan.
        let name = FileTitle.lastComponent(of: path)
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return "" }
        return String(name[name.utf8.index(after: dot)...]).lowercased()
    }
}
