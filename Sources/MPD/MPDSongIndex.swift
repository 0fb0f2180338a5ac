import MPDProtocol

/// Songs held compactly for the commands that look at all of them (list, find, search, count, the listings):
/// every distinct string once, each song its file, duration and tags as numbers into them. MPD keeps its whole
/// database in memory; this is the same idea, built from the library when a client first asks and dropped when
/// the database changes. 20,000 songs take ~2 MB; a query reads them in milliseconds where reading the library's
/// rows took a third of a second.
///
/// Strings are stored as one line (a "\n" in a tag becomes a space, as the reply writes it), so a reply can copy
/// them as they are.
struct MPDSongIndex {
    /// Each distinct string, once; 0 is "".
    private(set) var strings: [String] = [""]
    private var stringIDs: [ExactText: UInt32] = [ExactText(""): 0]
    /// The tag names met, by code.
    private(set) var tagNames: [String] = []
    private var tagCodes: [String: UInt8] = [:]

    private var files: [UInt32] = []
    /// Seconds; NaN for none.
    private var durations: [Double] = []
    /// Seconds since the epoch; `Int64.min` for none.
    private var modifications: [Int64] = []
    /// Song `i`'s tags are entries `tagStarts[i]..<tagStarts[i + 1]`, in the order the song lists them.
    private var tagStarts: [UInt32] = [0]
    private var entryCodes: [UInt8] = []
    private var entryValues: [UInt32] = []

    /// The number of songs.
    var count: Int { files.count }

    /// Each string's place in byte order (MPD sorts `list` as bytes), made when a sort first needs it; shared by
    /// the copies of a finished index, whose strings no longer change.
    private final class Ranks {
        var ranks: [UInt32]?
    }
    private let rankCache = Ranks()

    init() {}

    /// An index of `songs`, in their order.
    init(_ songs: some Sequence<MPDSong>) {
        for song in songs { append(song) }
    }

    /// Adds a song after the others. A song with more than 255 distinct tag names or 4 G strings cannot occur
    /// (MPD knows ~40 tags; the library a few hundred thousand strings); such a tag would be dropped.
    mutating func append(_ song: MPDSong) {
        files.append(intern(song.file))
        durations.append(song.duration.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? .nan)
        modifications.append(song.lastModified ?? .min)
        for (name, values) in song.tags {
            guard let code = code(adding: name) else { continue }
            for value in values {
                entryCodes.append(code)
                entryValues.append(intern(value))
            }
        }
        tagStarts.append(UInt32(truncatingIfNeeded: entryCodes.count))
    }

    /// Forgets the lookup tables only building needs (a third of the memory).
    mutating func finish() {
        stringIDs = [:]
    }

    private mutating func intern(_ text: String) -> UInt32 {
        let line = MPDResponseWriter.singleLine(text)
        if let id = stringIDs[ExactText(line)] { return id }
        let id = UInt32(truncatingIfNeeded: strings.count)
        strings.append(line)
        stringIDs[ExactText(line)] = id
        return id
    }

    private mutating func code(adding name: String) -> UInt8? {
        if let code = tagCodes[name] { return code }
        guard let code = UInt8(exactly: tagNames.count) else { return nil }
        tagNames.append(name)
        tagCodes[name] = code
        return code
    }

    // MARK: Reading

    /// Each string id's rank in byte order: sorting ids by rank sorts their strings as MPD does, with integer
    /// comparisons (the first sort after a build pays for ranking every string once).
    func ranks() -> [UInt32] {
        if let ranks = rankCache.ranks, ranks.count == strings.count { return ranks }
        let strings = self.strings
        let order = strings.indices.sorted { strings[$0].utf8.lexicographicallyPrecedes(strings[$1].utf8) }
        var ranks = [UInt32](repeating: 0, count: strings.count)
        for (rank, id) in order.enumerated() { ranks[id] = UInt32(truncatingIfNeeded: rank) }
        rankCache.ranks = ranks
        return ranks
    }

    /// The code of a tag name, nil when no song has it.
    func code(of name: String) -> UInt8? { tagCodes[name] }

    /// The codes `values(_:_:)` looks at for `tag`: its own, then MPD's fallbacks (AlbumArtist → Artist, the sort
    /// tags → their tags), leaving out names no song has.
    func lookup(_ tag: MPDTag) -> [UInt8] { tag.lookupChain.compactMap { code(of: $0.name) } }

    /// Song `i`'s file, as a string id.
    func fileID(_ i: Int) -> UInt32 { files[i] }

    /// Song `i`'s file.
    func file(_ i: Int) -> String { strings[Int(files[i])] }

    /// Song `i`'s duration in seconds, nil when unknown.
    func duration(_ i: Int) -> Double? { durations[i].isNaN ? nil : durations[i] }

    /// When song `i`'s file last changed (seconds since the epoch), nil when unknown.
    func lastModified(_ i: Int) -> Int64? { modifications[i] == .min ? nil : modifications[i] }

    /// The string ids of song `i`'s values for the first of `codes` it has (a `lookup` chain); empty for none.
    func values(_ i: Int, _ codes: [UInt8]) -> ArraySlice<UInt32> {
        let range = Int(tagStarts[i])..<Int(tagStarts[i + 1])
        for code in codes {
            // A tag's values are together: the song lists each name once.
            guard let first = range.first(where: { entryCodes[$0] == code }) else { continue }
            var end = first + 1
            while end < range.upperBound, entryCodes[end] == code { end += 1 }
            return entryValues[first..<end]
        }
        return []
    }

    /// The string ids of every tag value of song `i` (`any`).
    func allValues(_ i: Int) -> ArraySlice<UInt32> {
        entryValues[Int(tagStarts[i])..<Int(tagStarts[i + 1])]
    }

    /// Song `i` as the reply writes it.
    func song(_ i: Int) -> MPDSong {
        var song = MPDSong(file: file(i))
        var tags: [(name: String, values: [String])] = []
        for e in Int(tagStarts[i])..<Int(tagStarts[i + 1]) {
            let name = tagNames[Int(entryCodes[e])]
            let value = strings[Int(entryValues[e])]
            if tags.last?.name == name {
                tags[tags.count - 1].values.append(value)
            } else {
                tags.append((name, [value]))
            }
        }
        song.tags = tags
        song.duration = duration(i)
        song.lastModified = lastModified(i)
        return song
    }

    /// Writes song `i` as `MPDSongFormat.write` would its `song(i)`, without making it: `shown[code]` says which
    /// tags the client enabled (`tagtypes`).
    func write(_ i: Int, shown: [Bool], to out: inout MPDResponseWriter) {
        out.line("file", strings[Int(files[i])])
        MPDSongFormat.writeModified(lastModified(i), to: &out)
        for e in Int(tagStarts[i])..<Int(tagStarts[i + 1]) where shown[Int(entryCodes[e])] {
            out.line(tagNames[Int(entryCodes[e])], strings[Int(entryValues[e])])
        }
        MPDSongFormat.writeDuration(duration(i), to: &out)
    }

    /// For `write`: which tag codes the client's `tagtypes` show.
    func shown(_ tagTypes: Set<String>) -> [Bool] { tagNames.map { tagTypes.contains($0) } }

    /// The song whose file is exactly `file` (its bytes), nil when none is.
    func song(named file: String) -> Int? {
        (0..<count).first { strings[Int(files[$0])].utf8.elementsEqual(file.utf8) }
    }

    /// The newest modification time of the songs inside `directory` from song `first` on, while they are
    /// inside it (a directory's songs are together in path order); nil when none has one.
    func newestModification(in directory: String, from first: Int) -> Int64? {
        let prefix = Array((directory + "/").utf8)
        var newest: Int64?
        var i = first
        while i < count, strings[Int(files[i])].utf8.starts(with: prefix) {
            if let t = lastModified(i) { newest = max(newest ?? t, t) }
            i += 1
        }
        return newest
    }

    /// The songs whose file lies inside `directory` ("" for all), in index order.
    func songs(in directory: String) -> [Int] {
        guard !directory.isEmpty else { return Array(0..<count) }
        let prefix = Array((directory + "/").utf8)
        return (0..<count).filter { i in strings[Int(files[i])].utf8.starts(with: prefix) }
    }
}

/// A string compared and hashed by its UTF-8 bytes. Swift's `==` on String is canonical equivalence: "e" +
/// combining acute equals "é", so interning by it would print a file whose name is decomposed (as macOS writes
/// names) under its composed twin's bytes, a name that is not on disk.
private struct ExactText: Hashable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (a: ExactText, b: ExactText) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }

    func hash(into hasher: inout Hasher) {
        var text = self.text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension MPDTag {
    /// The tags a lookup of this one reads, in order: itself, then what MPD falls back on when a song lacks it.
    var lookupChain: [MPDTag] {
        switch self {
        case .albumArtist: [.albumArtist, .artist]
        case .artistSort: [.artistSort, .artist]
        case .albumArtistSort: [.albumArtistSort, .albumArtist, .artist]
        case .albumSort: [.albumSort, .album]
        case .titleSort: [.titleSort, .title]
        case .composerSort: [.composerSort, .composer]
        default: [self]
        }
    }
}
