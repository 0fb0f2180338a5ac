/// Splits an ICY (Shoutcast/Icecast) body into audio bytes and metadata blocks: after every `interval` audio
/// bytes comes one length byte L and then L×16 bytes of metadata (L = 0: none this time). Pure and incremental:
/// chunks may cut anywhere.
struct IcyDemuxer {
    /// The largest `icy-metaint` accepted; real servers use 8–64 KB. Beyond this the header is not trusted.
    static let maxInterval = 1 << 20

    enum Piece: Equatable {
        case audio(Range<Int>)
        case metadata([UInt8])
    }

    let interval: Int
    private var audioLeft: Int
    /// Metadata bytes still to come in the current block (nil: not inside a block).
    private var metaLeft: Int?
    private var meta: [UInt8] = []

    /// Nil when `interval` is not a sane positive size.
    init?(interval: Int) {
        guard interval > 0, interval <= Self.maxInterval else { return nil }
        self.interval = interval
        audioLeft = interval
    }

    /// Feeds `count` bytes; returns the audio ranges (indices into the chunk) and finished metadata blocks, in order.
    mutating func feed(_ chunk: UnsafeRawBufferPointer) -> [Piece] {
        var pieces: [Piece] = []
        var i = 0
        while i < chunk.count {
            if let left = metaLeft {
                let n = min(left, chunk.count - i)
                meta.append(contentsOf: chunk[i..<(i + n)])
                i += n
                metaLeft = left - n
                if metaLeft == 0 {
                    pieces.append(.metadata(meta))
                    meta = []
                    metaLeft = nil
                    audioLeft = interval
                }
            } else if audioLeft == 0 {
                let length = Int(chunk[i]) * 16
                i += 1
                if length == 0 { audioLeft = interval } else { metaLeft = length; meta.reserveCapacity(length) }
            } else {
                let n = min(audioLeft, chunk.count - i)
                pieces.append(.audio(i..<(i + n)))
                i += n
                audioLeft -= n
            }
        }
        return pieces
    }
}

/// The now-playing fields of one ICY metadata block, e.g. `StreamTitle='Artist - Title';StreamUrl='';`.
struct IcyMetadata: Equatable {
    /// The title to show; nil when the block has none or it was noise (`droppedTitle`).
    var streamTitle: String?
    /// The block was not valid UTF-8 and was read as Windows-1252 (what older stations send).
    var wasWindows1252 = false
    /// The block's StreamTitle was binary noise, not text (`IcyTitleText.isNoise`), and is not shown.
    var droppedTitle = false

    /// Parses a block (trailing NUL padding allowed); nil when it is not `key='value';` text at all.
    static func parse(_ block: [UInt8]) -> IcyMetadata? {
        let trimmed = block.prefix { $0 != 0 }
        if trimmed.isEmpty { return IcyMetadata() }
        var result = IcyMetadata()
        let (text, legacy) = IcyTitleText.decode(trimmed)
        result.wasWindows1252 = legacy
        guard text.contains("='") else { return nil }
        // Values may contain ';' and quotes: a field ends at "';" followed by a key or the end.
        var rest = Substring(text)
        while let eq = rest.firstRange(of: "='") {
            let key = rest[..<eq.lowerBound].trimmingCharacters(in: " ;")
            let afterQuote = rest[eq.upperBound...]
            let end = Self.fieldEnd(in: afterQuote)
            let value = String(afterQuote[..<end])
            if key == "StreamTitle" {
                result.droppedTitle = IcyTitleText.isNoise(value, legacy: legacy)
                result.streamTitle = result.droppedTitle ? nil : value
            }
            rest = afterQuote[end...].dropFirst(2)
        }
        return result
    }

    private static func fieldEnd(in s: Substring) -> Substring.Index {
        var search = s.startIndex
        while let r = s[search...].firstRange(of: "';") {
            let after = s[r.upperBound...]
            if after.isEmpty || after.first!.isLetter || after.allSatisfy({ $0 == "\0" || $0 == " " }) {
                return r.lowerBound
            }
            search = r.upperBound
        }
        if s.hasSuffix("'") { return s.index(before: s.endIndex) }
        return s.endIndex
    }

    /// "Artist - Title" as most stations send it → (title, artist); otherwise the whole text is the title.
    static func split(_ streamTitle: String) -> (title: String?, artist: String?) {
        let trimmed = streamTitle.trimmingCharacters(in: " ")
        if trimmed.isEmpty { return (nil, nil) }
        if let r = trimmed.firstRange(of: " - ") {
            let artist = trimmed[..<r.lowerBound].trimmingCharacters(in: " ")
            let title = trimmed[r.upperBound...].trimmingCharacters(in: " ")
            if !artist.isEmpty && !title.isEmpty { return (title, artist) }
        }
        return (trimmed, nil)
    }
}

extension StringProtocol {
    /// Without leading and trailing characters from `set`.
    func trimmingCharacters(in set: String) -> String {
        let drop: (Character) -> Bool = { set.contains($0) }
        guard let first = firstIndex(where: { !drop($0) }), let last = lastIndex(where: { !drop($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
