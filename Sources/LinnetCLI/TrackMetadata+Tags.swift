/// The further tags `linnet status` shows (album artist, track/disc, genre, date, composer, cover art).
extension TrackMetadata {
    /// `xesam:albumArtist` (a list in MPRIS).
    public var albumArtists: [String] { stringList("xesam:albumArtist") }
    public var genres: [String] { stringList("xesam:genre") }
    public var composers: [String] { stringList("xesam:composer") }
    /// `xesam:contentCreated` as the player sent it ("2026", "2026-05-01T00:00:00Z").
    public var date: String? {
        if case .string(let s)? = entries["xesam:contentCreated"], !s.isEmpty { s } else { nil }
    }
    public var trackNumber: Int64? { integer("xesam:trackNumber") }
    public var discNumber: Int64? { integer("xesam:discNumber") }

    /// `Track 3, disc 1`, or what exists of it; nil when neither is known.
    public var trackAndDisc: String? {
        switch (trackNumber, discNumber) {
        case (let t?, let d?): return "Track \(t), disc \(d)"
        case (let t?, nil): return "Track \(t)"
        case (nil, let d?): return "Disc \(d)"
        case (nil, nil): return nil
        }
    }

    /// The tag lines of `linnet status` after the album, each only when the tag is there.
    public var tagLines: [String] {
        var lines: [String] = []
        if !albumArtists.isEmpty { lines.append("Album artist: " + albumArtists.joined(separator: ", ")) }
        if let trackAndDisc { lines.append(trackAndDisc) }
        if !genres.isEmpty { lines.append("Genre: " + genres.joined(separator: ", ")) }
        if let date { lines.append("Date: " + date) }
        if !composers.isEmpty { lines.append("Composer: " + composers.joined(separator: ", ")) }
        if let artURL, !artURL.isEmpty { lines.append("Art: " + artURL) }
        return lines
    }

    private func stringList(_ key: String) -> [String] {
        switch entries[key] {
        case .string(let s)?: return [s]
        case .array(let items)?: return items.compactMap { if case .string(let s) = $0 { s } else { nil } }
        default: return []
        }
    }

    private func integer(_ key: String) -> Int64? {
        switch entries[key] {
        case .integer(let v)?: return v
        case .number(let d)?: return Int64(exactly: d)  // nil for fractions, NaN, ±inf and beyond Int64
        default: return nil
        }
    }
}
