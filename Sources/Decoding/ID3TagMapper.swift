import Mpg123
import PlayerCore
import Tagging

/// Maps the ID3 tags libmpg123 parsed onto `TrackTags` (ID3v2 first, ID3v1 filling the gaps).
///
/// libmpg123 does the byte work (ID3v2.2/2.3/2.4 frames, unsynchronisation, Latin-1/UTF-16 with BOM/UTF-16BE/UTF-8
/// decoded to UTF-8, APIC pictures with MPG123_PICTURE); this type decides what the values mean:
/// - Several values: ID3v2.4 NUL-separated strings become several entries (mpg123 keeps the NULs). ID3v2.3 "/" is
///   NOT split: the v2.3 spec allows it for TPE1/TCOM, but real tags use "/" inside names far more often ("AC/DC",
///   "Earth, Wind & Fire / ...", "Simon/Garfunkel" as one credit) than as a separator, and splitting is lossy while
///   not splitting is at worst one entry too few.
/// - Genres: "(17)", "17", "(17)Rock", "(17)(18)" and v2.4 "17"/"RX"/"CR" values; ID3v1 numeric genres.
/// - Track/disc "3/12" forms; date from TDRC (v2.4) or TYER (v2.3), TYE (v2.2).
/// - Comments: COMM frames except machine data written by iTunes ("iTunNORM", "iTunSMPB", …).
/// - Pictures and SYLT synced lyrics: on a seekable source by `ID3FrameWalker` from the same byte source (position
///   restored, as mpg123 shares it): bounded memory, ID3v2.2 PIC too, front cover preferred, > 16 MiB refused. On a
///   non-seekable source pictures come from mpg123's MPG123_PICTURE copies (`Mpg123ID3.pictures`), no SYLT.
enum ID3TagMapper {
    static func tags(from id3: Mpg123ID3, source: any ByteSource) -> TrackTags {
        var tags = tags(from: id3)
        if id3.v2Version != nil, source.isSeekable, !source.isRemote {
            let saved = source.position
            defer { try? source.seek(to: saved) }
            if (try? source.seek(to: 0)) != nil,
                let extras = try? ID3FrameWalker.read(from: TagInputFromByteSource(source))
            {
                if tags.picture == nil, let p = extras.picture {
                    tags.picture = EmbeddedPicture(
                        mimeType: p.mimeType, data: p.data, pictureType: p.type,
                        description: p.description)
                }
                tags.syncedLyrics = lines(from: extras.syncedText)
                // RVA2 (ID3v2.4's own volume adjustment) when there are no TXXX ReplayGain values.
                if tags.replayGain == nil { tags.replayGain = ReplayGainTags.info(rva2: extras.volumeAdjustments) }
                // Picard's UFID (owner http://musicbrainz.org) is the recording; it wins over a TXXX guess.
                if let ufid = extras.musicBrainzRecordingID.flatMap(MusicBrainzID.normalized) {
                    tags.musicBrainzRecordingID = ufid
                }
            }
        }
        return tags
    }

    /// SYLT entries as lyric lines. Taggers write either one entry per line, or one per syllable with a line break
    /// at the start of each entry that begins a line (the ID3v2 spec's convention): when any later entry starts with
    /// a line break, entries are grouped into lines of timed words; otherwise each entry is a line.
    static func lines(from entries: [SyncedText]) -> [LyricLine] {
        func isBreak(_ c: Character) -> Bool { c == "\n" || c == "\r" || c == "\r\n" }
        let grouped = entries.dropFirst().contains { $0.text.first.map(isBreak) ?? false }
        var lines: [LyricLine] = []
        var words: [LyricWord] = []
        func flush() {
            guard let first = words.first else { return }
            let text = words.map(\.text).joined().trimmingBreaks
            lines.append(LyricLine(time: first.time, text: text, words: words.count > 1 ? words : []))
            words = []
        }
        for e in entries {
            let word = LyricWord(time: Int64(e.milliseconds) * 1000, text: String(e.text.drop(while: isBreak)))
            if !grouped || e.text.first.map(isBreak) == true { flush() }
            words.append(word)
        }
        flush()
        return lines.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    static func tags(from id3: Mpg123ID3) -> TrackTags {
        var tags = TrackTags()
        var sawGenre = false
        var txxx: [String: [String]] = [:]
        for frame in id3.v2Frames {
            let values = frame.values.compactMap(TagText.trimmed)
            guard let first = values.first else { continue }
            switch frame.id {
            case "TIT2", "TT2\0": tags.title = first
            case "TPE1", "TP1\0": tags.artists = values
            case "TALB", "TAL\0": tags.album = first
            case "TPE2", "TP2\0": tags.albumArtists = values
            case "TCOM", "TCM\0": tags.composers = values
            case "TCON", "TCO\0":
                tags.genres = unique(values.flatMap(TagText.genres))
                sawGenre = true
            case "TDRC", "TYER", "TYE\0": if frame.id == "TDRC" || tags.date == nil { tags.date = first }
            case "TRCK", "TRK\0": (tags.trackNumber, tags.trackCount) = TagText.numberPair(first)
            case "TPOS", "TPA\0": (tags.discNumber, tags.discCount) = TagText.numberPair(first)
            case "COMM", "COM\0":
                if !frame.description.hasPrefix("iTun") { tags.comments.append(contentsOf: values) }
            case "USLT", "ULT\0": if tags.lyrics == nil { tags.lyrics = frame.values.joined(separator: "\n") }
            case "TSOP", "TSP\0": tags.artistSort = first
            case "TSO2", "TS2\0": tags.albumArtistSort = first
            case "TCMP", "TCP\0": tags.compilation = TagText.flag(first)
            case "TXXX", "TXX\0": txxx[frame.description.uppercased(), default: []] += values
            default: break
            }
        }
        // User-defined frames some taggers use for fields ID3 has no frame for (foobar2000, Picard, Mp3tag).
        func number(_ keys: String...) -> Int? {
            keys.lazy.compactMap { txxx[$0]?.first }.first.flatMap { TagText.numberPair($0).number }
        }
        if tags.albumArtists.isEmpty { tags.albumArtists = txxx["ALBUMARTIST"] ?? txxx["ALBUM ARTIST"] ?? [] }
        tags.replayGain = ReplayGainTags.info { txxx[$0.uppercased()]?.first }
        if tags.trackCount == nil { tags.trackCount = number("TRACKTOTAL", "TOTALTRACKS") }
        if tags.compilation == nil, let flag = txxx["COMPILATION"]?.first { tags.compilation = TagText.flag(flag) }
        if tags.discCount == nil { tags.discCount = number("DISCTOTAL", "TOTALDISCS") }
        // Picard's TXXX names: "MusicBrainz Album Id" is the release ("MusicBrainz Release Track Id" is the release's
        // track, not the recording, and is not read); the recording is the UFID frame (`tags(from:source:)`), which
        // libmpg123 does not expose; a TXXX "MusicBrainz Recording Id" from other taggers stands in until then.
        tags.musicBrainzReleaseID = MusicBrainzID.first(
            (txxx["MUSICBRAINZ ALBUM ID"] ?? []) + (txxx["MUSICBRAINZ RELEASE ID"] ?? []))
        tags.musicBrainzArtistIDs = MusicBrainzID.list(txxx["MUSICBRAINZ ARTIST ID"] ?? [])
        tags.musicBrainzRecordingID = MusicBrainzID.first(txxx["MUSICBRAINZ RECORDING ID"] ?? [])
        if let p = id3.pictures.first {
            tags.picture = EmbeddedPicture(
                mimeType: mimeType(p), data: p.data, pictureType: p.type,
                description: p.description)
        }
        if let v1 = id3.v1 { fill(&tags, from: v1, genreKnown: sawGenre) }
        return tags
    }

    /// ID3v2.2 PIC frames carry a 3-letter format ("JPG", "PNG") instead of a MIME type; empty ones are sniffed.
    static func mimeType(_ p: Mpg123ID3.Picture) -> String {
        switch p.mimeType.lowercased() {
        case "jpg", "jpeg", "image/jpg": return "image/jpeg"
        case "png": return "image/png"
        case "": return imageMimeType(p.data)
        default: return p.mimeType.lowercased()
        }
    }

    static func imageMimeType(_ data: [UInt8]) -> String {
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        return "application/octet-stream"
    }

    private static func unique(_ list: [String]) -> [String] {
        var seen = Set<String>()
        return list.filter { seen.insert($0).inserted }
    }

    /// ID3v1 fields only fill what ID3v2 left empty.
    private static func fill(_ tags: inout TrackTags, from v1: Mpg123ID3.V1, genreKnown: Bool) {
        if tags.title == nil { tags.title = TagText.string(from: v1.title) }
        if tags.artists.isEmpty, let a = TagText.string(from: v1.artist) { tags.artists = [a] }
        if tags.album == nil { tags.album = TagText.string(from: v1.album) }
        if tags.date == nil { tags.date = TagText.string(from: v1.year) }
        // ID3v1.1: a zero byte before the last comment byte makes that byte the track number.
        var comment = v1.comment
        if comment.count == 30, comment[28] == 0, comment[29] != 0 {
            if tags.trackNumber == nil { tags.trackNumber = Int(comment[29]) }
            comment = Array(comment[0..<28])
        }
        if tags.comments.isEmpty, let c = TagText.string(from: comment) { tags.comments = [c] }
        // 255 means "no genre"; an ID3v2 genre frame, even one naming no known genre, wins over the v1 byte.
        if !genreKnown, tags.genres.isEmpty, Int(v1.genre) < id3v1Genres.count {
            tags.genres = [id3v1Genres[Int(v1.genre)]]
        }
    }
}

private extension String {
    /// Without leading and trailing line breaks (spaces inside a line are kept).
    var trimmingBreaks: String {
        let isBreak: (Character) -> Bool = { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        return String(drop(while: isBreak).reversed().drop(while: isBreak).reversed())
    }
}
