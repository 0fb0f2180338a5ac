/// Decides the albums of one album folder (`AlbumFolder`) once its tracks are known. Folder and album title
/// together are the strongest sign that tracks belong together, so:
///
/// - tracks with the same folded album title are one album unless their album artists differ explicitly (both
///   tagged, different: two albums); a track without an album-artist tag joins the tagged album when there is
///   one, else the one whose album artist is among its artists, else the untagged tracks' own album;
/// - an album without an album-artist tag belongs to the artist more than half of its tracks share (a guest on
///   one track changes nothing), or to "Various Artists" when none has a majority (a compilation);
/// - a compilation flag counts as an explicit "Various Artists".
public enum AlbumGrouping {
    /// One album of one track per entry of `tracks` (given in path order: the first track's spellings win), nil
    /// for tracks without an album title. `folderKey` names the album folder and makes the keys unique.
    public static func albums(folderKey: String, tracks: [AlbumTrack]) -> [AlbumIdentity?] {
        var out = [AlbumIdentity?](repeating: nil, count: tracks.count)
        var byTitle: [String: [Int]] = [:]
        var titles: [String] = []
        for (i, t) in tracks.enumerated() {
            let title = TextFolding.fold(t.album)
            guard !title.isEmpty else { continue }
            if byTitle[title] == nil { titles.append(title) }
            byTitle[title, default: []].append(i)
        }
        for title in titles {
            for group in groups(byTitle[title] ?? [], tracks) {
                let album = identity(folderKey: folderKey, title: title, members: group, tracks)
                for i in group { out[i] = album }
            }
        }
        return out
    }

    /// Splits the tracks of one title by explicit album artist; untagged tracks join as the rule says.
    private static func groups(_ members: [Int], _ tracks: [AlbumTrack]) -> [[Int]] {
        var tagged: [(key: String, members: [Int])] = []
        var untagged: [Int] = []
        for i in members {
            guard let artist = tracks[i].albumArtist else { untagged.append(i); continue }
            let key = TextFolding.fold(artist)
            if let g = tagged.firstIndex(where: { $0.key == key }) {
                tagged[g].members.append(i)
            } else {
                tagged.append((key, [i]))
            }
        }
        var rest: [Int] = []
        for i in untagged {
            if tagged.count == 1 {
                tagged[0].members.append(i)
                continue
            }
            // Folding is most of grouping's cost: only when there is a tagged album to choose.
            let artists = tagged.isEmpty ? [] : tracks[i].artists.map(TextFolding.fold)
            if let g = tagged.firstIndex(where: { artists.contains($0.key) }) {
                tagged[g].members.append(i)
            } else {
                rest.append(i)
            }
        }
        // Keep path order within each album (the first track's spellings win).
        return (tagged.map { $0.members.sorted() } + [rest]).filter { !$0.isEmpty }
    }

    private static func identity(folderKey: String, title: String, members: [Int], _ tracks: [AlbumTrack])
        -> AlbumIdentity
    {
        let first = tracks[members[0]]
        let artist: String, artistSort: String
        if let tagged = members.lazy.compactMap({ tracks[$0].albumArtist == nil ? nil : tracks[$0] }).first,
            let name = tagged.albumArtist
        {
            (artist, artistSort) = (name, tagged.albumArtistSortKey)
        } else {
            (artist, artistSort) = majorityArtist(members, tracks)
        }
        return AlbumIdentity(
            key: folderKey + "\u{1F}" + title + "\u{1F}" + TextFolding.fold(artist), name: first.album,
            artist: artist, sort: artistSort + "\u{1F}" + title,
            year: members.lazy.compactMap { tracks[$0].year }.first)
    }

    /// The artist more than half of the tracks share (ties: the one that leads more tracks, then the first met),
    /// with its sort key; "Various Artists" without a majority, "" when no track names an artist.
    static func majorityArtist(_ members: [Int], _ tracks: [AlbumTrack]) -> (name: String, sort: String) {
        var counts: [String: (tracks: Int, leads: Int, order: Int, name: String, sort: String?)] = [:]
        for i in members {
            let t = tracks[i]
            var seen: [String] = []
            for (n, name) in t.artists.enumerated() {
                let key = TextFolding.fold(name)
                guard !key.isEmpty, !seen.contains(key) else { continue }  // once per track
                seen.append(key)
                var c = counts[key] ?? (0, 0, counts.count, name, nil)
                c.tracks += 1
                if n == 0 { c.leads += 1; c.sort = c.sort ?? t.artistSortKey }
                counts[key] = c
            }
        }
        guard !counts.isEmpty else { return ("", "") }
        let best = counts.values.filter { $0.tracks * 2 > members.count }
            .max { ($0.tracks, $0.leads, -$0.order) < ($1.tracks, $1.leads, -$1.order) }
        guard let best else { return (variousArtists, SortName.key(for: variousArtists)) }
        return (best.name, best.sort ?? SortName.key(for: best.name))
    }

    /// The album artist of compilations.
    public static let variousArtists = "Various Artists"
}
