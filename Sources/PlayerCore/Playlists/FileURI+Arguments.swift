import FileSystem

/// What a user typed on a command line (`linnet open`, `queue add`) as a URI a player accepts, and back to a name to
/// show. Paths are in BytePath form (`CommandLineBytes`): a file name that is not UTF-8 keeps its bytes all the way
/// into the URI.
extension FileURI {
    /// True when `text` already is a URI (`file:///…`, `http://…`, `file:/x`), rather than a path.
    public static func looksLikeURI(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return false }
        let rest = text[text.index(after: colon)...]
        return rest.hasPrefix("//") || scheme.lowercased() == "file"
    }

    /// A URI for `argument`: URIs unchanged, paths made absolute against `workingDirectory`, normalised (`.` and
    /// `..` segments) and percent-encoded as `uri(fromPath:)` does.
    public static func uri(for argument: String, workingDirectory: String) -> String {
        if looksLikeURI(argument) { return argument }
        let absolute = argument.hasPrefix("/") ? argument : workingDirectory + "/" + argument
        return uri(fromPath: normalize(path: absolute))
    }

    /// Decodes `%XX` escapes to the exact bytes, leaving a malformed escape as it is (a name to show or a path
    /// to try, where `path(fromURI:)` would refuse the whole URI).
    public static func lenientlyDecodedBytes(_ text: String) -> [UInt8] {
        decodingEscapes(text, keepingMalformed: true) ?? []  // never nil when malformed escapes are kept
    }

    /// `lenientlyDecodedBytes` as text (invalid UTF-8 repaired with U+FFFD): for display only.
    public static func lenientlyDecoded(_ text: String) -> String {
        String(decoding: lenientlyDecodedBytes(text), as: UTF8.self)
    }
}
