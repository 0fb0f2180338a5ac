import Foundation

/// Generates a music tree of MP3 files with distinct ID3v2.4 tags, and knows the answers library queries must
/// give about it (shared by the library tests and `bench/run library`).
///
/// Layout: `Artist NNN/Album NNNN/TT Title.mp3`, ten tracks per album, two albums per artist. Every 7th album
/// has a second artist on odd tracks; on every 11th one track 4 is led by a guest ("Guest Star NNNN", then the
/// album's artist; no album-artist tag, as a split album looks in the wild); every 25th album is a compilation
/// ("Various Artists", TCMP); artist 1 is spelled "Björk" and "BJORK" on its two albums (one artist after
/// folding); artist 2 is full-width.
public struct LibraryTree: Sendable {
    /// One generated song.
    public struct Song: Sendable, Hashable {
        public var relativePath: String
        public var title: String
        public var artists: [String]
        public var album: String
        public var albumArtist: String?
        /// Whom the album belongs to: its album artist, else the artist most of its tracks share.
        public var albumOwner: String
        public var genre: String
        public var composer: String
        public var year: Int
        public var track: Int
        public var compilation: Bool
    }

    public let songs: [Song]

    public static let genres = [
        "Rock", "Jazz", "Electronic", "Folk", "Classical", "Hip-Hop", "Ambient", "Pop",
        "Metal", "Soul", "Reggae", "Blues"
    ]

    /// The display name of artist `n` (two spellings for artist 1, full-width for artist 2).
    public static func artistName(_ n: Int, album: Int) -> String {
        switch n {
        case 1: return album % 2 == 0 ? "Björk" : "BJORK"
        case 2: return "ＳＩＧＵＲ Ｒós"
        default: return "Artist \(String(format: "%05d", n))"
        }
    }

    /// Words some titles end with, so that search benchmarks have terms of every kind: "kestrel" in a fifth of
    /// the songs (common), "ab" as a two-letter prefix of common words, "夜曲" (two CJK characters) in one in 37.
    public static func searchWords(_ index: Int) -> String {
        let words = [" Kestrel", "", " Abbey", " Harbour", "", " Kestrel Wing", " Cabin", "", " Meadow", ""]
        return words[index % words.count] + (index % 37 == 0 ? " 夜曲" : "")
    }

    public init(count: Int) {
        var songs: [Song] = []
        songs.reserveCapacity(count)
        var albumIndex = 0
        while songs.count < count {
            let artist = albumIndex / 2 + 1
            let compilation = albumIndex % 25 == 24
            let album = "Album \(String(format: "%05d", albumIndex)) \(compilation ? "Hits" : "Sessions")"
            let main = Self.artistName(artist, album: albumIndex)
            let second = albumIndex % 7 == 3 ? "Guest \(String(format: "%04d", albumIndex / 7))" : nil
            let star =
                !compilation && albumIndex % 11 == 5 ? "Guest Star \(String(format: "%04d", albumIndex / 11))" : nil
            let year = 1960 + albumIndex % 60
            let folder = compilation ? "Compilations/\(album)" : "Artist \(artist)/\(album)"
            for track in 1...10 where songs.count < count {
                var artists = [compilation ? "Artist \(String(format: "%05d", 90_000 + track))" : main]
                if let second, track % 2 == 1 { artists.append(second) }
                if let star, track == 4 { artists.insert(star, at: 0) }
                let title =
                    "Song \(String(format: "%06d", songs.count)) \(track % 3 == 0 ? "東京" : "night")"
                    + Self.searchWords(songs.count)
                songs.append(
                    Song(
                        relativePath: "\(folder)/\(String(format: "%02d", track)) Track.mp3", title: title,
                        artists: artists, album: album, albumArtist: compilation ? "Various Artists" : nil,
                        albumOwner: compilation ? "Various Artists" : main,
                        genre: Self.genres[(albumIndex + track) % Self.genres.count],
                        composer: "Composer \(albumIndex % 40)", year: year, track: track,
                        compilation: compilation))
            }
            albumIndex += 1
        }
        self.songs = songs
    }

    /// Writes the tree under `directory`: `template` is an MP3 stream without tags; each file is an ID3v2.4 tag
    /// followed by it.
    public func write(to directory: String, template: Data) throws {
        let fm = FileManager.default
        var made = Set<String>()
        for song in songs {
            let path = directory + "/" + song.relativePath
            let dir = (path as NSString).deletingLastPathComponent
            if made.insert(dir).inserted { try fm.createDirectory(atPath: dir, withIntermediateDirectories: true) }
            var frames: [(String, [String])] = [
                ("TIT2", [song.title]), ("TPE1", song.artists), ("TALB", [song.album]),
                ("TCON", [song.genre]), ("TCOM", [song.composer]),
                ("TDRC", [String(song.year)]), ("TRCK", ["\(song.track)/10"])
            ]
            if let aa = song.albumArtist { frames.append(("TPE2", [aa])) }
            if song.compilation { frames.append(("TCMP", ["1"])) }
            var data = Self.id3v24(frames)
            data.append(template)
            // Plain POSIX writes: FileManager.createFile is several times slower for 100,000 small files.
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
            let written = data.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            close(fd)
            guard written == data.count else { throw CocoaError(.fileWriteUnknown) }
        }
    }

    /// An MP3 stream without tags to put behind generated tags: 0.1 s of silence from lame (with its LAME header).
    public static func template(in scratch: String) throws -> Data {
        let wav = scratch + "/template.wav", mp3 = scratch + "/template.mp3"
        try TestMedia.sox(["-r", "44100", "-c", "1", "-n", wav, "trim", "0", "0.1"])
        try TestMedia.lame(wav, to: mp3, options: ["-b", "32"])
        return try Data(contentsOf: URL(fileURLWithPath: mp3))
    }

    /// An ID3v2.4 tag with UTF-8 text frames (several values NUL-separated, as v2.4 allows).
    public static func id3v24(_ frames: [(String, [String])]) -> Data {
        func syncsafe(_ v: Int) -> [UInt8] {
            [UInt8((v >> 21) & 0x7F), UInt8((v >> 14) & 0x7F), UInt8((v >> 7) & 0x7F), UInt8(v & 0x7F)]
        }
        var body = Data()
        for (id, values) in frames {
            let text = [UInt8(3)] + Array(values.joined(separator: "\0").utf8)
            body.append(contentsOf: Array(id.utf8) + syncsafe(text.count) + [0, 0] + text)
        }
        return Data([0x49, 0x44, 0x33, 4, 0, 0] + syncsafe(body.count)) + body
    }

    // MARK: Answers

    /// Folds like the library does for the generator's own names (ASCII lower-case, the few accents used,
    /// full-width to ASCII).
    public static func fold(_ s: String) -> String {
        var out = ""
        for scalar in s.lowercased().unicodeScalars {
            switch scalar.value {
            case 0xFF01...0xFF5E: out.unicodeScalars.append(Unicode.Scalar(scalar.value - 0xFEE0)!)
            case 0xF6: out += "o"
            case 0xF3: out += "o"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The distinct artists after folding (every artist of every song).
    public var artistKeys: Set<String> { Set(songs.flatMap { $0.artists.map(Self.fold) }) }

    /// Songs with `artist` (folded match) among their artists.
    public func songs(byArtist artist: String) -> [Song] {
        songs.filter { $0.artists.contains { Self.fold($0) == Self.fold(artist) } }
    }

    /// Songs whose title, artists or album contain `text` (folded substring).
    public func songs(matching text: String) -> [Song] {
        let needle = Self.fold(text)
        return songs.filter { song in
            ([song.title, song.album] + song.artists).contains { Self.fold($0).contains(needle) }
        }
    }

    /// Distinct albums: one per folder and title (a guest leading one track splits nothing).
    public var albumCount: Int {
        Set(songs.map { "\(($0.relativePath as NSString).deletingLastPathComponent)|\($0.album)" }).count
    }
}
