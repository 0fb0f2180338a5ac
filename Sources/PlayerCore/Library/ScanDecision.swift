/// What a rescan does with one file, decided from what the database remembers and what `stat` says now.
public enum ScanDecision: Sendable, Hashable {
    /// New or changed: read its tags.
    case read
    /// Same size and modification time as last time (tagged or recorded as corrupt): leave it.
    case keep

    /// A file the database already knows, as it was when last read.
    public struct Known: Sendable, Hashable {
        public var size: Int64
        public var mtimeNanoseconds: Int64
        public init(size: Int64, mtimeNanoseconds: Int64) {
            self.size = size
            self.mtimeNanoseconds = mtimeNanoseconds
        }
    }

    /// Reads files never seen or whose size or mtime changed; a corrupt file is not retried until it changes.
    public static func decide(known: Known?, size: Int64, mtimeNanoseconds: Int64) -> ScanDecision {
        guard let known else { return .read }
        return known.size == size && known.mtimeNanoseconds == mtimeNanoseconds ? .keep : .read
    }

    /// The extensions the scanner reads as audio (lower case, without the dot).
    /// `.mp4` is left out on purpose: in a music folder it is nearly always a video.
    public static let audioExtensions: Set<String> = [
        "mp3", "mp2", "flac", "ogg", "oga", "opus", "wav", "aif",
        "aiff", "caf", "m4a", "m4b", "aac"
    ]
    /// The extensions of playlist files found in library folders.
    public static let playlistExtensions: Set<String> = ["m3u", "m3u8", "pls", "xspf"]

    /// The lower-case extension of a file name given as bytes (names need not be UTF-8), nil without one.
    /// Concrete over `[UInt8]` and allocation-light: the scanner calls it for every directory entry.
    public static func fileExtension(_ name: [UInt8]) -> String? {
        var i = name.count - 1
        let limit = max(1, name.count - 6)
        while i >= limit {
            let b = name[i]
            if b == UInt8(ascii: ".") { break }
            if b >= 0x80 || b == UInt8(ascii: "/") { return nil }
            i -= 1
        }
        guard i >= 1, name[i] == UInt8(ascii: "."), i < name.count - 1 else { return nil }
        var ext = [UInt8]()
        ext.reserveCapacity(name.count - i - 1)
        for b in name[(i + 1)...] { ext.append(b >= 0x41 && b <= 0x5A ? b + 0x20 : b) }
        return String(decoding: ext, as: UTF8.self)
    }
}

/// When a library folder has vanished (an unmounted disk): its songs stay until it has been missing for a whole
/// rescan after the one that first noticed.
public enum MissingFolderRule {
    /// Whether to drop the songs of a folder first found missing in scan `missingSince`, now in scan `current`.
    public static func shouldForget(missingSince: Int64?, currentScan: Int64) -> Bool {
        guard let since = missingSince else { return false }
        return currentScan > since
    }
}
