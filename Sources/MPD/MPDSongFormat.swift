import MPDProtocol

/// Writes songs and the status in MPD's reply format.
@MainActor
enum MPDSongFormat {
    /// `file:`, the enabled tags, `Time`/`duration`, `Pos`/`Id` (queue songs), `Name` (streams).
    static func write(_ song: MPDSong, tagTypes: Set<String>, to out: inout MPDResponseWriter) {
        out.field("file", song.file)
        for (name, values) in song.tags where tagTypes.contains(name) {
            for value in values { out.field(name, value) }
        }
        if let name = song.name, tagTypes.contains("Name") { out.field("Name", name) }
        if let d = song.duration, d.isFinite, d >= 0 {
            out.field("Time", Int(d.rounded()))
            out.field("duration", seconds: d)
        }
        if let p = song.position { out.field("Pos", p) }
        if let id = song.id { out.field("Id", id) }
    }

    /// The `status` reply.
    static func write(_ s: MPDPlayerStatus, queueVersion: UInt32, to out: inout MPDResponseWriter) {
        out.field("volume", s.volume)
        out.field("repeat", s.repeatOn ? 1 : 0)
        out.field("random", s.randomOn ? 1 : 0)
        out.field("single", s.single)
        out.field("consume", 0)
        out.field("partition", "default")
        out.field("playlist", queueVersion)
        out.field("playlistlength", s.queueLength)
        out.field("mixrampdb", "0")
        out.field("state", s.state.rawValue)
        if let p = s.currentPosition, let id = s.currentID {
            out.field("song", p)
            out.field("songid", id)
        }
        // MPD names the next song only while one plays or is paused (stopped, nothing is queued to follow).
        if s.state != .stop, let p = s.nextPosition, let id = s.nextID {
            out.field("nextsong", p)
            out.field("nextsongid", id)
        }
        if s.state != .stop, let elapsed = s.elapsed {
            out.field("time", "\(Int(elapsed.rounded(.down))):\(Int((s.duration ?? 0).rounded()))")
            out.field("elapsed", seconds: elapsed)
            if let d = s.duration { out.field("duration", seconds: d) }
            out.field("bitrate", 0)
            if let format = s.audioFormat { out.field("audio", format) }
        }
        if let job = s.updatingJob { out.field("updating_db", job) }
    }
}
