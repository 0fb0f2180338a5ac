/// An HLS playlist (RFC 8216), the parts a radio player needs (parsing only, bounded; libcurl resolves the URIs).
enum HLSPlaylist: Equatable {
    /// A master playlist: the variant streams (bandwidth, absolute URL).
    case master([Variant])
    case media(Media)

    struct Variant: Equatable {
        var bandwidth: Int
        var url: String
    }

    struct Segment: Equatable {
        var duration: Double
        var url: String
        /// The media sequence number (EXT-X-MEDIA-SEQUENCE + index).
        var sequence: Int
    }

    struct Media: Equatable {
        var targetDuration: Double
        var segments: [Segment]
        /// EXT-X-ENDLIST: a finished (VOD) playlist; otherwise live, reloaded as it grows.
        var ended: Bool
    }

    struct ParseError: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    /// Parses `text` fetched from `url`; relative URIs are resolved against it. At most `maxSegments` segments.
    static func parse(_ text: String, url: String, maxSegments: Int) throws(ParseError) -> HLSPlaylist {
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { $0.trimmingCharacters(in: " \t\u{FEFF}") }.filter { !$0.isEmpty }
        guard lines.first == "#EXTM3U" else { throw ParseError(description: "not an HLS playlist (no #EXTM3U)") }
        var variants: [Variant] = []
        var segments: [Segment] = []
        var target = 0.0, sequence = 0, ended = false
        var pendingDuration: Double?, pendingBandwidth: Int?
        for line in lines.dropFirst() {
            if line.hasPrefix("#EXT-X-STREAM-INF:") {
                pendingBandwidth = attribute("BANDWIDTH", in: line).flatMap { Int($0) } ?? 0
            } else if line.hasPrefix("#EXTINF:") {
                let value = line.dropFirst("#EXTINF:".count).prefix { $0 != "," }
                pendingDuration =
                    Double(value.trimmingCharacters(in: " ")).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? 0
            } else if line.hasPrefix("#EXT-X-TARGETDURATION:") {
                target = Double(line.dropFirst("#EXT-X-TARGETDURATION:".count)) ?? 0
            } else if line.hasPrefix("#EXT-X-MEDIA-SEQUENCE:") {
                sequence = Int(line.dropFirst("#EXT-X-MEDIA-SEQUENCE:".count)) ?? 0
            } else if line == "#EXT-X-ENDLIST" {
                ended = true
            } else if line.hasPrefix("#EXT-X-KEY:") {
                if attribute("METHOD", in: line) != "NONE" {
                    throw ParseError(description: "encrypted HLS (EXT-X-KEY) is not supported")
                }
            } else if line.hasPrefix("#EXT-X-MAP:") {
                throw ParseError(description: "fragmented-MP4 HLS (EXT-X-MAP) is not supported")
            } else if line.hasPrefix("#") {
                continue
            } else if let bandwidth = pendingBandwidth {
                pendingBandwidth = nil
                guard let u = RemoteURL.resolve(line, against: url) else { continue }
                variants.append(Variant(bandwidth: bandwidth, url: u))
            } else {
                let duration = pendingDuration ?? 0
                pendingDuration = nil
                guard let u = RemoteURL.resolve(line, against: url) else { continue }
                guard segments.count < maxSegments else {
                    throw ParseError(description: "HLS playlist lists more than \(maxSegments) segments")
                }
                segments.append(Segment(duration: duration, url: u, sequence: sequence + segments.count))
            }
        }
        if !variants.isEmpty { return .master(variants) }
        guard !segments.isEmpty else { throw ParseError(description: "HLS playlist has no segments") }
        return .media(Media(targetDuration: target > 0 ? target : 6, segments: segments, ended: ended))
    }

    /// `NAME=value` or `NAME="value"` from an attribute list.
    static func attribute(_ name: String, in line: String) -> String? {
        guard let r = line.firstRange(of: name + "=") else { return nil }
        let rest = line[r.upperBound...]
        if rest.first == "\"" { return String(rest.dropFirst().prefix { $0 != "\"" }) }
        return String(rest.prefix { $0 != "," })
    }
}
