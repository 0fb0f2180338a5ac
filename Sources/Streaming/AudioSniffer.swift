/// Whether the first bytes of a network body are audio at all (pure). A server can label anything
/// `audio/mpeg`; MPEG's 11-bit frame sync occurs by chance in random bytes, so a bare header is not enough:
/// MPEG and ADTS need three frames in a row, each starting where the previous one's header says it ends.
enum AudioSniffer {
    static func looksLikeAudio(_ b: [UInt8]) -> Bool {
        func starts(_ s: String, at o: Int = 0) -> Bool {
            let m = Array(s.utf8)
            return b.count >= o + m.count && Array(b[o..<(o + m.count)]) == m
        }
        if starts("fLaC") || starts("OggS") || starts("ID3") || starts("caff") || starts("RF64") { return true }
        if starts("ftyp", at: 4) { return true }  // MP4/M4A
        if (starts("RIFF") && starts("WAVE", at: 8)) || (starts("FORM") && starts("AIF", at: 8)) { return true }
        return chainStart(b, frameLength: mpegFrameLength) != nil || chainStart(b, frameLength: adtsFrameLength) != nil
    }

    /// The first offset where `count` frames follow each other exactly.
    static func chainStart(_ b: [UInt8], count: Int = 3, frameLength: ([UInt8], Int) -> Int?) -> Int? {
        var i = 0
        while i + 4 <= b.count {
            var at = i, found = 0
            while found < count, let n = frameLength(b, at), n > 4 {
                found += 1
                at += n
                if at + 4 > b.count { break }
            }
            if found >= count { return i }
            i += 1
        }
        return nil
    }

    /// The byte length of the MPEG audio frame whose header starts at `i`, nil when it is not a valid header.
    static func mpegFrameLength(_ b: [UInt8], _ i: Int) -> Int? {
        guard i + 4 <= b.count, b[i] == 0xFF, b[i + 1] & 0xE0 == 0xE0 else { return nil }
        let version = Int(b[i + 1] >> 3) & 3  // 0: 2.5, 2: 2, 3: 1
        let layer = Int(b[i + 1] >> 1) & 3  // 1: III, 2: II, 3: I
        let bitrateIndex = Int(b[i + 2] >> 4), rateIndex = Int(b[i + 2] >> 2) & 3
        let padding = Int(b[i + 2] >> 1) & 1
        guard version != 1, layer != 0, bitrateIndex != 0, bitrateIndex != 15, rateIndex != 3 else { return nil }
        let v1 = version == 3
        let kbps: [Int]
        switch (v1, layer) {
        case (true, 3): kbps = [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448]
        case (true, 2): kbps = [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384]
        case (true, _): kbps = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
        case (false, 3): kbps = [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256]
        default: kbps = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
        }
        let baseRates = [44100, 48000, 32000]
        let rate = baseRates[rateIndex] / (version == 3 ? 1 : version == 2 ? 2 : 4)
        let bitrate = kbps[bitrateIndex] * 1000
        if layer == 3 { return (12 * bitrate / rate + padding) * 4 }
        let factor = (layer == 1 && !v1) ? 72 : 144
        return factor * bitrate / rate + padding
    }

    /// The byte length of the ADTS (AAC) frame whose header starts at `i`, nil when it is not a valid header.
    static func adtsFrameLength(_ b: [UInt8], _ i: Int) -> Int? {
        guard i + 7 <= b.count, b[i] == 0xFF, b[i + 1] & 0xF6 == 0xF0 else { return nil }
        guard (b[i + 2] >> 2) & 0xF < 13 else { return nil }  // sampling frequency index
        let length = Int(b[i + 3] & 3) << 11 | Int(b[i + 4]) << 3 | Int(b[i + 5] >> 5)
        return length >= 7 ? length : nil
    }
}
