import FileSystem
import Glibc

/// Something that could not be added while collecting media, with the path it concerns.
public struct CollectionProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        case notFound
        /// stat or directory listing failed with this errno (EACCES, ELOOP, …).
        case unreadable(errno: Int32)
        /// A file whose extension is neither a supported media type nor a playlist.
        case unsupportedType
        /// A directory already being expanded further up (a symlink loop).
        case symlinkLoop
        /// A playlist that includes itself, directly or through others.
        case playlistLoop
        /// Directories or playlists nested deeper than the collector's limits.
        case tooDeep
        /// The walk met more entries than `maxEntries` (e.g. OpenUri("file:///")); what was found so far is kept.
        case tooManyEntries
        /// A kernel pseudo-filesystem (/proc, /sys, …): its files are not media and some never end.
        case pseudoFileSystem
        case badLocation(URIError.Kind)
        case playlist(PlaylistError.Kind)
        /// One line of a playlist that was skipped (the rest of the playlist was used).
        case playlistLine(SkippedLine)
    }

    public var path: String
    public var kind: Kind

    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    public var description: String { "\(path): \(kind)" }
}

// Written out rather than reflected: the log line of a skipped file is on the start-up path (a folder with a
// cover or an .lrc beside the songs), and `String(describing:)` of an enum walks the runtime's type metadata.
extension CollectionProblem.Kind: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notFound: "not found"
        case .unreadable(let errno): "cannot be read (errno \(errno))"
        case .unsupportedType: "not a media file or playlist"
        case .symlinkLoop: "a symbolic link loop"
        case .playlistLoop: "a playlist that includes itself"
        case .tooDeep: "nested too deeply"
        case .tooManyEntries: "more entries than one walk takes (the rest was not read)"
        case .pseudoFileSystem: "a kernel pseudo-file system, not media"
        case .badLocation(let kind): "malformed URI or path (\(kind))"
        case .playlist(let kind): "cannot read playlist (\(kind))"
        case .playlistLine(let line): "playlist \(line)"
        }
    }
}

/// The result of expanding user inputs: the items in play order and every problem met on the way.
public struct MediaCollection: Hashable, Sendable {
    public var items: [MediaItem] = []
    public var problems: [CollectionProblem] = []
    /// Directory entries looked at so far (bounded by `MediaCollector.maxEntries`).
    public var entriesVisited = 0

    public init(items: [MediaItem] = [], problems: [CollectionProblem] = []) {
        self.items = items
        self.problems = problems
    }
}

/// Expands paths, `file://` URIs, folders and playlist files into playable items (for `linnetd PATH…`,
/// OpenUri and AddTrack). Folders are recursed in natural order; hidden entries (leading dot) are skipped;
/// symlinks are followed but loops are detected by (device, inode) of the directories being expanded;
/// playlist files are expanded when named directly (or from another playlist), but NOT when met inside a
/// folder — an album folder's own .m3u usually lists the same files, which would be added twice.
/// Remote URLs are kept as they are.
public struct MediaCollector: Sendable {
    /// The extensions the decoders play (the default list matches libmpg123 + libsndfile).
    public static let defaultMediaExtensions = [
        "mp3", "wav", "flac", "ogg", "oga", "opus", "aiff", "aif", "caf",
        "m4a", "m4b", "mp4", "aac"
    ]

    public var mediaExtensions: Set<String>
    public var playlistExtensions: Set<String>
    /// Maximum folder nesting below an input.
    public var maxDirectoryDepth = 32
    /// Maximum playlist-in-playlist nesting (also stops a playlist that names itself).
    public var maxPlaylistDepth = 4
    /// Maximum directory entries one collection looks at: a URI naming "/" must end, not walk the whole disk
    /// (twice the largest collection the scale tests use).
    public var maxEntries = 1_000_000

    public init(
        mediaExtensions: [String] = MediaCollector.defaultMediaExtensions,
        playlistExtensions: [String] = ["m3u", "m3u8", "pls"]
    ) {
        self.mediaExtensions = Set(mediaExtensions.map { $0.lowercased() })
        self.playlistExtensions = Set(playlistExtensions.map { $0.lowercased() })
    }

    /// Expands command-line style inputs (paths relative to `workingDirectory`, absolute paths or URIs).
    public func collect(_ inputs: [String], workingDirectory: String) -> MediaCollection {
        var out = MediaCollection()
        for input in inputs {
            do throws(URIError) {
                let location = try MediaLocation(parsing: input, relativeTo: workingDirectory)
                collect(location, into: &out)
            } catch {
                out.problems.append(CollectionProblem(path: input, kind: .badLocation(error.kind)))
            }
        }
        return out
    }

    /// Expands one location.
    public func collect(_ location: MediaLocation) -> MediaCollection {
        var out = MediaCollection()
        collect(location, into: &out)
        return out
    }

    /// True when `path` has one of the media extensions.
    public func isMedia(_ path: String) -> Bool { mediaExtensions.contains(FileKind.pathExtension(path)) }

    // MARK: - Private

    private func collect(_ location: MediaLocation, into out: inout MediaCollection) {
        switch location {
        case .url: out.items.append(MediaItem(location))
        case .file(let path):
            var ancestors = Set<FileIdentity>()
            expand(
                MediaItem(location), path: path, explicit: true, depth: 0, playlists: [], ancestors: &ancestors,
                into: &out)
        }
    }

    /// `playlists` is the chain of playlist files being expanded above this item (loop and depth checks).
    private func expand(
        _ item: MediaItem, path: String, explicit: Bool, depth: Int, playlists: [FileIdentity],
        ancestors: inout Set<FileIdentity>, into out: inout MediaCollection
    ) {
        let status: FileStatus
        do {
            status = try FilePath(path).status()
        } catch {
            out.problems.append(
                CollectionProblem(path: path, kind: error.isNotFound ? .notFound : .unreadable(errno: error.errno)))
            return
        }
        if status.isDirectory {
            expandDirectory(path, status: status, depth: depth, playlists: playlists, ancestors: &ancestors, into: &out)
            return
        }
        let ext = FileKind.pathExtension(path)
        guard status.isRegularFile else {
            // FIFOs, sockets and devices named like media are not playable files.
            if explicit { out.problems.append(CollectionProblem(path: path, kind: .unsupportedType)) }
            return
        }
        if mediaExtensions.contains(ext) {
            out.items.append(item)
        } else if playlistExtensions.contains(ext) && explicit {
            expandPlaylist(path, identity: status.identity, playlists: playlists, into: &out)
        } else if explicit {
            out.problems.append(CollectionProblem(path: path, kind: .unsupportedType))
        }
    }

    private func expandDirectory(
        _ path: String, status: FileStatus, depth: Int, playlists: [FileIdentity],
        ancestors: inout Set<FileIdentity>, into out: inout MediaCollection
    ) {
        guard depth <= maxDirectoryDepth else {
            out.problems.append(CollectionProblem(path: path, kind: .tooDeep)); return
        }
        guard ancestors.insert(status.identity).inserted else {
            out.problems.append(CollectionProblem(path: path, kind: .symlinkLoop)); return
        }
        guard !status.isOnPseudoFileSystem else {
            out.problems.append(CollectionProblem(path: path, kind: .pseudoFileSystem)); return
        }
        defer { ancestors.remove(status.identity) }
        let names: [String]
        do {
            names = try FilePath(path).entries().map { BytePath.string($0.name) }
        } catch {
            out.problems.append(CollectionProblem(path: path, kind: .unreadable(errno: error.errno))); return
        }
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        for name in NaturalOrder.sorted(names.filter { !$0.hasPrefix(".") }) {
            out.entriesVisited += 1
            guard out.entriesVisited <= maxEntries else {
                if out.entriesVisited == maxEntries + 1 {
                    out.problems.append(CollectionProblem(path: path, kind: .tooManyEntries))
                }
                return
            }
            let child = base + "/" + name
            expand(
                MediaItem(.file(path: child)), path: child, explicit: false, depth: depth + 1,
                playlists: playlists, ancestors: &ancestors, into: &out)
        }
    }

    private func expandPlaylist(
        _ path: String, identity: FileIdentity, playlists: [FileIdentity],
        into out: inout MediaCollection
    ) {
        guard !playlists.contains(identity) else {
            out.problems.append(CollectionProblem(path: path, kind: .playlistLoop)); return
        }
        guard playlists.count < maxPlaylistDepth else {
            out.problems.append(CollectionProblem(path: path, kind: .tooDeep)); return
        }
        let parsed: PlaylistParseResult
        do throws(PlaylistError) {
            parsed = try PlaylistReader.read(path: path)
        } catch {
            out.problems.append(CollectionProblem(path: path, kind: .playlist(error.kind))); return
        }
        out.problems += parsed.skipped.map { CollectionProblem(path: path, kind: .playlistLine($0)) }
        for item in parsed.items {
            guard case .file(let p) = item.location else { out.items.append(item); continue }
            var ancestors = Set<FileIdentity>()
            expand(
                item, path: p, explicit: true, depth: 0, playlists: playlists + [identity], ancestors: &ancestors,
                into: &out)
        }
    }
}
