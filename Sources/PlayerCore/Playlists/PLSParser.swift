/// Parses PLS playlists: a `[playlist]` section with `FileN`, `TitleN`, `LengthN`, `NumberOfEntries`, `Version`.
/// Keys are case-insensitive, numbering may have gaps (entries come out in N order), `LengthN=-1` means unknown.
public enum PLSParser {
    /// Parses raw bytes; throws only when the text is not a PLS playlist at all.
    public static func parse(_ bytes: [UInt8], baseDirectory: String) throws(PlaylistError) -> PlaylistParseResult {
        try parse(text: PlaylistText.decode(bytes), baseDirectory: baseDirectory)
    }

    public static func parse(text: String, baseDirectory: String, path: String = "") throws(PlaylistError)
        -> PlaylistParseResult
    {
        try parse(text: text, path: path) { (entry: String) throws(SkippedLine.Reason) -> MediaLocation in
            try M3UParser.locate(entry, base: baseDirectory)
        }
    }

    /// Parses raw bytes, turning each `FileN` into a location with `resolve` (see `M3UParser.parse(_:resolve:)`).
    public static func parse(
        _ bytes: [UInt8], path: String = "", resolve: (String) throws(SkippedLine.Reason) -> MediaLocation
    ) throws(PlaylistError) -> PlaylistParseResult {
        try parse(text: PlaylistText.decode(bytes), path: path, resolve: resolve)
    }

    static func parse(
        text: String, path: String, resolve: (String) throws(SkippedLine.Reason) -> MediaLocation
    ) throws(PlaylistError) -> PlaylistParseResult {
        struct Fields { var file: (String, Int)?; var title: String?; var length: Int64?; var line = 0 }
        var byNumber: [Int: Fields] = [:]
        var skipped: [SkippedLine] = []
        var declared: Int?
        var sawSection = false
        for (n, raw) in PlaylistText.lines(text).enumerated() {
            let line = raw.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix(";") || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                sawSection = sawSection || line.lowercased() == "[playlist]"
                continue
            }
            guard let eq = line.firstIndex(of: "=") else {
                skipped.append(SkippedLine(line: n + 1, text: String(raw), reason: .notKeyValue)); continue
            }
            let key = line[..<eq].trimmingWhitespace().lowercased()
            let value = String(line[line.index(after: eq)...].trimmingWhitespace())
            if key == "numberofentries" { declared = Int(value); continue }
            if key == "version" { continue }
            let (name, number) = splitKey(key)
            guard let number, ["file", "title", "length"].contains(name) else {
                skipped.append(SkippedLine(line: n + 1, text: String(raw), reason: .notKeyValue)); continue
            }
            var f = byNumber[number] ?? Fields()
            switch name {
            case "file": f.file = (value, n + 1)
            case "title": f.title = value.isEmpty ? nil : value
            default:
                // A length too large for µs is left unknown, like -1.
                if let seconds = Int64(value), seconds >= 0 {
                    let (us, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
                    f.length = overflow ? nil : us
                }
            }
            f.line = f.line == 0 ? n + 1 : f.line
            byNumber[number] = f
        }
        guard sawSection || byNumber.values.contains(where: { $0.file != nil }) else {
            throw PlaylistError(.notAPlaylist, path: path)
        }
        var items: [MediaItem] = []
        for number in byNumber.keys.sorted() {
            let f = byNumber[number]!
            guard let (file, line) = f.file else {
                skipped.append(SkippedLine(line: f.line, text: "entry \(number)", reason: .orphanField)); continue
            }
            do throws(SkippedLine.Reason) {
                let location = try resolve(file)
                items.append(MediaItem(location, title: f.title, durationMicroseconds: f.length))
            } catch {
                skipped.append(SkippedLine(line: line, text: file, reason: error))
            }
        }
        let fileCount = byNumber.values.filter { $0.file != nil }.count
        if let declared, declared != fileCount {
            skipped.append(
                SkippedLine(
                    line: 0, text: "NumberOfEntries=\(declared)",
                    reason: .entryCountMismatch(declared: declared, found: fileCount)))
        }
        return PlaylistParseResult(items: items, skipped: skipped)
    }

    /// "file12" → ("file", 12); "file" → ("file", nil).
    private static func splitKey(_ key: String) -> (String, Int?) {
        let digits = key.reversed().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return (key, nil) }
        return (String(key.dropLast(digits.count)), Int(String(digits.reversed())))
    }
}
