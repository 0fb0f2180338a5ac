/// Turns the files inside a directory, met in path order, into what `lsinfo`/`listall` print: the directories
/// they stand in (each once, before its first file) and the files. Byte order keeps every directory's files
/// together, so one previous directory is all it remembers: a walk over 100,000 songs holds none of them.
struct MPDDirectoryWalk {
    /// What a file adds to the listing.
    enum Entry: Equatable {
        case directory(String)
        case file
    }

    /// The directory listed, "" for the root; never ends with `/`.
    let base: String
    /// Whether every depth is listed (`listall`), or only the base's own files and subdirectories (`lsinfo`).
    let recursive: Bool
    /// The directory of the previous file (recursive), or the previous subdirectory shown (not recursive).
    private var last: [Substring] = []
    /// `last` joined with a `/` after it: a file that starts with it and goes no deeper (recursive) or any
    /// deeper (not) adds nothing new — an album's tracks are matched without splitting their paths.
    private var lastPrefix: [UInt8]?
    private static let fileOnly: [Entry] = [.file]
    private static let nothing: [Entry] = []

    init(base: String, recursive: Bool) {
        self.base = base
        self.recursive = recursive
    }

    /// What `file` (a path under `base`, not before the previous one) adds: new directories, then the file
    /// unless it lies deeper than a non-recursive listing shows.
    mutating func visit(_ file: String) -> [Entry] {
        if let lastPrefix, file.utf8.starts(with: lastPrefix) {
            guard recursive else { return Self.nothing }
            if !file.utf8.dropFirst(lastPrefix.count).contains(UInt8(ascii: "/")) { return Self.fileOnly }
        }
        let entries = visitSplitting(file)
        lastPrefix = last.isEmpty ? nil : Array((last.joined(separator: "/") + "/").utf8)
        return entries
    }

    private mutating func visitSplitting(_ file: String) -> [Entry] {
        let prefixCount = base.isEmpty ? 0 : base.split(separator: "/").count
        let parts = file.split(separator: "/", omittingEmptySubsequences: false)
        let inside = parts.dropFirst(prefixCount).dropLast()
        if !recursive {
            guard let first = inside.first else { return [.file] }
            let sub = Array(parts.prefix(prefixCount)) + [first]
            guard sub != last else { return [] }
            last = sub
            return [.directory(sub.joined(separator: "/"))]
        }
        let directory = Array(parts.dropLast())
        var shared = 0
        while shared < min(last.count, directory.count), last[shared] == directory[shared] { shared += 1 }
        var out: [Entry] = []
        for depth in max(shared, prefixCount)..<directory.count {
            out.append(.directory(directory[...depth].joined(separator: "/")))
        }
        last = directory
        out.append(.file)
        return out
    }
}
