import PlayerCore

/// The entries of a radio playlist fetched over HTTP (.pls, .m3u, .xspf), resolved to absolute http(s) URLs (pure).
enum RemotePlaylist {
    static func entries(_ bytes: [UInt8], kind: ContentKind, url: String) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        var refs: [String] = []
        switch kind {
        case .pls:
            // FileN=URL lines; the rest (TitleN, LengthN, NumberOfEntries) does not matter to a player.
            for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
                let l = line.trimmingCharacters(in: " \t")
                guard l.lowercased().hasPrefix("file"), let eq = l.firstIndex(of: "=") else { continue }
                refs.append(String(l[l.index(after: eq)...]))
            }
        case .m3u, .hls:
            for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
                let l = line.trimmingCharacters(in: " \t\u{FEFF}")
                if l.isEmpty || l.hasPrefix("#") { continue }
                refs.append(l)
            }
        case .xspf:
            var rest = Substring(text)
            while let open = rest.firstRange(of: "<location>"),
                let close = rest[open.upperBound...].firstRange(of: "</location>")
            {
                refs.append(xmlUnescaped(String(rest[open.upperBound..<close.lowerBound])))
                rest = rest[close.upperBound...]
            }
        case .audio, .notAudio:
            break
        }
        return refs.compactMap { RemoteURL.resolve($0, against: url) }
    }

    static func xmlUnescaped(_ s: String) -> String {
        s.replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"")
            .replacing("&apos;", with: "'").replacing("&amp;", with: "&")
    }
}
