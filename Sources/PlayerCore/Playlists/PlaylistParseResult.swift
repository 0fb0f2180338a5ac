/// A line of a playlist that was not turned into an item, and why (reported, never silently dropped).
public struct SkippedLine: Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Error, Hashable, Sendable {
        /// A path or URI that is malformed (bad percent-encoding, remote file host, …).
        case badLocation(URIError.Kind)
        /// `#EXTINF` whose duration is not a number.
        case badExtinf
        /// A Windows drive path (`C:\…`), which cannot name a file here.
        case windowsDrivePath
        /// A PLS line that is not `key=value`, or a key it does not know.
        case notKeyValue
        /// A PLS `TitleN`/`LengthN` without a `FileN`.
        case orphanField
        /// A PLS `NumberOfEntries` that disagrees with the entries found (informational).
        case entryCountMismatch(declared: Int, found: Int)
        /// An entry of a playlist fetched over HTTP that is not an http(s) URL once resolved (a `file:` entry there
        /// must not open a local file).
        case notAStream
    }

    /// 1-based line number.
    public var line: Int
    public var text: String
    public var reason: Reason

    public init(line: Int, text: String, reason: Reason) {
        self.line = line
        self.text = text
        self.reason = reason
    }

    public var description: String { "line \(line): \(reason): \(text)" }
}

/// The items a playlist file names, plus every line that was skipped.
public struct PlaylistParseResult: Hashable, Sendable {
    public var items: [MediaItem]
    public var skipped: [SkippedLine]

    public init(items: [MediaItem] = [], skipped: [SkippedLine] = []) {
        self.items = items
        self.skipped = skipped
    }
}

/// Why a playlist could not be read at all.
public struct PlaylistError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        case unreadable
        case tooLarge(bytes: Int)
        /// Contains NUL bytes: a binary file, not a text playlist.
        case notText
        /// A `.pls` with neither a `[playlist]` section nor any `FileN` entry.
        case notAPlaylist
        case unknownExtension
    }

    public var kind: Kind
    public var path: String

    public init(_ kind: Kind, path: String) {
        self.kind = kind
        self.path = path
    }

    public var description: String { "\(path): cannot read playlist (\(kind))" }
}

/// Text decoding shared by the playlist parsers: UTF-8 (BOM stripped), UTF-16 with BOM, else Latin-1
/// (legacy `.m3u` files from Windows players); line splitting on LF, CRLF or CR.
enum PlaylistText {
    static func decode(_ bytes: [UInt8]) -> String {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(decoding: bytes.dropFirst(3), as: UTF8.self) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return TextDecoding.decodeUTF16(bytes) ?? ""
        }
        if let s = String(validating: bytes, as: UTF8.self) { return s }
        return String(bytes.map { Character(Unicode.Scalar($0)) })
    }

    static func lines(_ text: String) -> [Substring] {
        // "\r\n" is a single Character in Swift, so one split handles all three conventions.
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
    }
}
