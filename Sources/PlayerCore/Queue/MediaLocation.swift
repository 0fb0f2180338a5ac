import FileSystem

/// Where a track lives: a local file (absolute path) or a remote URL kept as written.
public enum MediaLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    /// An absolute local path, not percent-encoded; a name that is not UTF-8 in `BytePath`'s lossless form.
    case file(path: String)
    /// A non-file URI (http, https, …), kept verbatim.
    case url(String)

    /// Makes a location from user input: an absolute path, a `file://` URI or another URI with a scheme.
    /// Relative paths are resolved against `base` (an absolute directory) when given.
    public init(parsing text: String, relativeTo base: String? = nil) throws(URIError) {
        if text.isEmpty { throw URIError(.empty, text) }
        if text.hasPrefix("/") {
            self = .file(path: FileURI.normalize(path: text))
        } else if let scheme = FileURI.scheme(of: text) {
            if scheme == "file" {
                self = .file(path: try FileURI.path(fromURI: text))
            } else {
                self = .url(text)
            }
        } else if let base {
            self = .file(path: FileURI.normalize(path: base + "/" + text))
        } else {
            throw URIError(.notAbsolute, text)
        }
    }

    /// The local path, or nil for a remote URL.
    public var path: String? {
        if case .file(let p) = self { return p }
        return nil
    }

    /// True for an http or https URL (the scheme in any case), which the stream code plays.
    public var isHTTP: Bool {
        guard case .url(let u) = self else { return false }
        return Self.isHTTP(u)
    }

    /// True when `location` (a queue entry's location as written) is an http or https URL, the scheme in any
    /// case ("HTTP://" too, as RFC 3986 allows).
    public static func isHTTP(_ location: String) -> Bool {
        let scheme = FileURI.scheme(of: location)  // lowercased
        return scheme == "http" || scheme == "https"
    }

    /// The URI form (for `xesam:url`): `file://` with percent-encoding for files, verbatim for URLs.
    public var uri: String {
        switch self {
        case .file(let p): return FileURI.uri(fromPath: p)
        case .url(let u): return u
        }
    }

    /// The last path component, for use as a title when a track has no tags.
    public var fileName: String {
        switch self {
        case .file(let p):
            return BytePath.displayName(p.split(separator: "/").last.map(String.init) ?? p)
        case .url(let u):
            let withoutQuery = u.split(separator: "?", maxSplits: 1).first.map(String.init) ?? u
            let last = withoutQuery.split(separator: "/").last.map(String.init) ?? u
            return FileURI.percentDecode(last) ?? last
        }
    }

    public var description: String { uri }

    /// The stored form: an absolute path for files, the URI otherwise (state files and the queue database).
    public var persisted: String {
        switch self {
        case .file(let p): return p
        case .url(let u): return u
        }
    }

    /// Reads the stored form back (also a `file://` URI); nil when it is neither an absolute path nor a URI.
    public init?(persisted text: String) {
        if text.hasPrefix("/") {
            self = .file(path: text)
        } else if FileURI.scheme(of: text) == "file", let path = try? FileURI.path(fromURI: text) {
            self = .file(path: path)
        } else if FileURI.scheme(of: text) != nil {
            self = .url(text)
        } else {
            return nil
        }
    }

    // Persisted as one string: an absolute path for files, the URI otherwise (readable state.json).
    public init(from decoder: any Swift.Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        if text.hasPrefix("/") {
            self = .file(path: text)
        } else if FileURI.scheme(of: text) == "file", let path = try? FileURI.path(fromURI: text) {
            self = .file(path: path)  // a hand-edited state file may hold file:// URIs
        } else if FileURI.scheme(of: text) != nil && FileURI.scheme(of: text) != "file" {
            self = .url(text)
        } else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "not an absolute path or URI: \(text)"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .file(let p): try c.encode(p)
        case .url(let u): try c.encode(u)
        }
    }
}
