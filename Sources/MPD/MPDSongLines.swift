import MPDProtocol

/// What a listing prints for each song of the index, as closures made outside the main actor: a listing calls
/// one for every song (100,000 for `listallinfo`), and a closure made on the main actor checks its executor on
/// every call.
enum MPDSongLines {
    /// Prints song `i` (an index position) into a reply.
    typealias Writer = (Int, inout MPDResponseWriter) -> Void

    /// `file:` only (`listall`).
    static func files(_ index: MPDSongIndex) -> Writer {
        { i, out in out.line("file", index.file(i)) }
    }

    /// The song with the tags the client's `tagtypes` show (`listallinfo`, `find`), only when it passes
    /// `matcher` if there is one.
    static func songs(_ index: MPDSongIndex, tagTypes: Set<String>, passing matcher: MPDFilterMatcher? = nil)
        -> Writer
    {
        let shown = index.shown(tagTypes)
        return { i, out in
            if matcher?.matches(i) ?? true { index.write(i, shown: shown, to: &out) }
        }
    }

    /// The `directory:` lines a song's path opens (each directory once, in path order; a base directory first,
    /// as MPD lists it), each with the newest time of its songs when `times` (listallinfo), then `write`'s lines.
    static func tree(_ index: MPDSongIndex, base: String, times: Bool, _ write: @escaping Writer) -> Writer {
        var walk = MPDDirectoryWalk(base: base, recursive: true)
        var baseShown = base.isEmpty
        func directory(_ d: String, from i: Int, _ out: inout MPDResponseWriter) {
            out.line("directory", d)
            if times { MPDSongFormat.writeModified(index.newestModification(in: d, from: i), to: &out) }
        }
        return { i, out in
            if !baseShown {
                directory(base, from: i, &out)
                baseShown = true
            }
            for entry in walk.visit(index.file(i)) {
                switch entry {
                case .directory(let d): directory(d, from: i, &out)
                case .file: write(i, &out)
                }
            }
        }
    }

    /// The next page of `songs` through `write` per call, false after the last (an `MPDResultStream`'s parts).
    static func pages(_ songs: [Int], size: Int, _ write: @escaping Writer) -> (inout MPDResponseWriter) -> Bool {
        var next = 0
        return { out in
            let end = min(songs.count, next + size)
            for k in next..<end { write(songs[k], &out) }
            next = end
            return next < songs.count
        }
    }
}
