/// The texts `status`, `status --follow`, `status --json` and `queue` print, as pure functions of values.
public enum StatusRendering {
    /// `linnet status`: three lines, e.g.
    /// ```
    /// Playing: Linnet demo, track one — Linnet
    /// Album: Linnet Demo
    /// 0:03 / 0:12
    /// ```
    /// The album line is left out when there is no album; album artist, track/disc, genre, date, composer and
    /// art lines follow it when the player reports them.
    public static func summary(_ s: PlayerSnapshot) -> String {
        var lines = ["\(s.status?.mprisName ?? "Unknown"): \(s.metadata.titleAndArtist)"]
        if let album = s.metadata.album, !album.isEmpty { lines.append("Album: \(album)") }
        lines += s.metadata.tagLines
        lines.append(elapsedOverTotal(s))
        if let stream = s.stream {
            if !stream.stationName.isEmpty { lines.append("Station: \(stream.stationName)") }
            lines.append(stream.line)
        }
        return lines.joined(separator: "\n")
    }

    /// `0:03 / 0:12`.
    public static func elapsedOverTotal(_ s: PlayerSnapshot) -> String {
        "\(TimeFormatting.clock(microseconds: s.positionMicroseconds)) / "
            + TimeFormatting.clock(microseconds: s.metadata.lengthMicroseconds)
    }

    /// A status word of fixed width and a symbol, for the live line.
    static func badge(_ status: PlaybackStatus?) -> String {
        switch status {
        case .playing?: return "▶ Playing"
        case .paused?: return "⏸ Paused "
        case .stopped?: return "■ Stopped"
        case nil: return "? Unknown"
        }
    }

    /// The live line of `status --follow`:
    /// `▶ Playing  Title — Artist  [=====>----] 0:03 / 0:12`, cut to `columns` characters when given
    /// (the title is shortened first, so the bar and times stay visible).
    public static func followLine(_ s: PlayerSnapshot, columns: Int? = nil, barWidth: Int = 20) -> String {
        let fraction = ProgressBar.fraction(
            positionMicroseconds: s.positionMicroseconds,
            lengthMicroseconds: s.metadata.lengthMicroseconds)
        let tail = "  " + ProgressBar.render(fraction: fraction, width: barWidth) + " " + elapsedOverTotal(s)
        let head = (s.stream?.buffering == true && s.status == .playing ? "◌ Buffer " : badge(s.status)) + "  "
        var middle = s.metadata.titleAndArtist
        guard let columns else { return head + middle + tail }
        let room = columns - head.count - tail.count
        if room < 8 {
            // Too narrow for the bar: state, title, time.
            let short = head + middle + "  " + elapsedOverTotal(s)
            return String(short.prefix(max(1, columns)))
        }
        if middle.count > room { middle = String(middle.prefix(room - 1)) + "…" }
        return head + middle + tail
    }

    /// The live line while the player is not on the bus (`status --follow` waits for it).
    public static func absentLine(player: String) -> String {
        "■ No player '\(player)' on the bus"
    }

    /// `status --json`: one object with a stable key order, then the whole metadata (keys sorted).
    public static func json(_ s: PlayerSnapshot) -> JSONValue {
        let m = s.metadata
        func str(_ v: String?) -> JSONValue { v.map(JSONValue.string) ?? .null }
        func num(_ v: Int64?) -> JSONValue { v.map(JSONValue.integer) ?? .null }
        let metadata = m.entries.keys.sorted().map { ($0, m.entries[$0]!) }
        var streamFields: [(String, JSONValue)] = []
        if let st = s.stream {
            streamFields = [
                ("buffering", .bool(st.buffering)), ("buffer_level", .number(st.level)),
                ("buffered_seconds", .number(st.seconds)), ("station", .string(st.stationName))
            ]
        }
        return .object(
            [
                ("player", .string(s.player)),
                ("status", str(s.status?.mprisName)),
                ("title", str(m.displayTitle)),
                ("artist", .array(m.artists.map(JSONValue.string))),
                ("album", str(m.album)),
                ("position_us", num(s.positionMicroseconds)),
                ("length_us", num(m.lengthMicroseconds)),
                ("volume", s.volume.map(JSONValue.number) ?? .null),
                ("loop", str(s.loop?.mprisName)),
                ("shuffle", s.shuffle.map(JSONValue.bool) ?? .null),
                ("trackid", str(m.trackID)),
                ("url", str(m.url)),
                ("album_artist", .array(m.albumArtists.map(JSONValue.string))),
                ("track_number", num(m.trackNumber)),
                ("disc_number", num(m.discNumber)),
                ("genre", .array(m.genres.map(JSONValue.string))),
                ("date", str(m.date)),
                ("composer", .array(m.composers.map(JSONValue.string))),
                ("art_url", str(m.artURL))
            ] + streamFields + [
                ("metadata", .object(metadata))
            ])
    }

    /// One line of `linnet queue`: `* 2  Title — Artist  0:08` (`*` marks the current track; index padded to
    /// the width of the largest index).
    public static func queueLine(index: Int, count: Int, isCurrent: Bool, metadata: TrackMetadata) -> String {
        let width = String(max(count, 1)).count
        var number = String(index)
        while number.count < width { number = " " + number }
        return "\(isCurrent ? "*" : " ") \(number)  \(metadata.titleAndArtist)  "
            + TimeFormatting.clock(microseconds: metadata.lengthMicroseconds)
    }

    /// One line of `linnet players`: the name to give `--player`, padded, then state and identity.
    public static func playerLine(name: String, nameWidth: Int, status: PlaybackStatus?, identity: String?) -> String {
        var padded = name
        while padded.count < nameWidth { padded += " " }
        let state = (status?.mprisName ?? "Unknown")
        var statePadded = state
        while statePadded.count < 8 { statePadded += " " }
        return "\(padded)  \(statePadded)  \(identity ?? "")".trimmingTrailingSpaces
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
