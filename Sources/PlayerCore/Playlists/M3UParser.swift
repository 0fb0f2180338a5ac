/// Parses M3U and M3U8 playlists: optional `#EXTM3U`, `#EXTINF:<seconds>[ attrs],<title>` before an entry,
/// other `#` lines as comments, blank lines ignored. Entries are absolute paths, paths relative to the
/// playlist's directory (Windows `\` separators accepted), `file://` URIs (percent-decoded) or other URLs (kept).
public enum M3UParser {
    /// Parses raw bytes (BOM, CRLF and legacy Latin-1 handled), resolving relative entries against `baseDirectory`.
    public static func parse(_ bytes: [UInt8], baseDirectory: String) -> PlaylistParseResult {
        parse(text: PlaylistText.decode(bytes), baseDirectory: baseDirectory)
    }

    /// Parses already-decoded text.
    public static func parse(text: String, baseDirectory: String) -> PlaylistParseResult {
        parse(text: text) { (entry: String) throws(SkippedLine.Reason) -> MediaLocation in
            try locate(entry, base: baseDirectory)
        }
    }

    /// Parses raw bytes, turning each entry into a location with `resolve` (a playlist fetched over HTTP resolves
    /// against its URL; a local one against its folder).
    public static func parse(
        _ bytes: [UInt8], resolve: (String) throws(SkippedLine.Reason) -> MediaLocation
    ) -> PlaylistParseResult {
        parse(text: PlaylistText.decode(bytes), resolve: resolve)
    }

    static func parse(
        text: String, resolve: (String) throws(SkippedLine.Reason) -> MediaLocation
    ) -> PlaylistParseResult {
        var result = PlaylistParseResult()
        var pending: (seconds: Double?, title: String?)?
        for (n, raw) in PlaylistText.lines(text).enumerated() {
            let line = raw.trimmingWhitespace()
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                if line.uppercased().hasPrefix("#EXTINF:") {
                    pending = parseExtinf(line.dropFirst(8))
                    if pending == nil {
                        result.skipped.append(SkippedLine(line: n + 1, text: String(raw), reason: .badExtinf))
                    }
                }
                continue
            }
            defer { pending = nil }
            do throws(SkippedLine.Reason) {
                let location = try resolve(String(line))
                // A duration too large for Int64 µs is left unknown (exactly: never traps).
                let us = pending?.seconds.flatMap { $0 >= 0 ? Int64(exactly: ($0 * 1_000_000).rounded()) : nil }
                result.items.append(MediaItem(location, title: pending?.title, durationMicroseconds: us))
            } catch {
                result.skipped.append(SkippedLine(line: n + 1, text: String(raw), reason: error))
            }
        }
        return result
    }

    /// `123,Title`, `-1 tvg-name="x",Title`, `12.5,` → (seconds, title); nil when the duration is not a number.
    static func parseExtinf(_ rest: Substring) -> (seconds: Double?, title: String?)? {
        let comma = rest.firstIndex(of: ",")
        let head = rest[..<(comma ?? rest.endIndex)].trimmingWhitespace()
        let durationText = head.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
        guard let seconds = Double(durationText), seconds.isFinite else { return nil }
        var title: String?
        if let comma {
            let t = rest[rest.index(after: comma)...].trimmingWhitespace()
            title = t.isEmpty ? nil : String(t)
        }
        return (seconds < 0 ? nil : seconds, title)
    }

    /// Turns one entry line into a location (shared with the PLS parser).
    static func locate(_ entry: String, base: String) throws(SkippedLine.Reason) -> MediaLocation {
        var text = entry
        let scalars = Array(text.unicodeScalars.prefix(3))
        if scalars.count == 3, scalars[1] == ":", scalars[2] == "\\" || scalars[2] == "/",
            scalars[0].isASCII, scalars[0].properties.isAlphabetic
        {
            throw .windowsDrivePath
        }
        if FileURI.scheme(of: text) == nil, text.contains("\\"), !text.contains("/") {
            text = text.replacingBackslashes()
        }
        do {
            return try MediaLocation(parsing: text, relativeTo: base)
        } catch {
            throw .badLocation(error.kind)
        }
    }
}

extension String {
    func replacingBackslashes() -> String {
        String(map { $0 == "\\" ? "/" : $0 })
    }
}
