import MPDProtocol
import PlayerCore

/// Writes songs and the status in MPD's reply format.
@MainActor
enum MPDSongFormat {
    /// `file:`, the enabled tags, `Time`/`duration`, `Pos`/`Id` (queue songs), `Name` (streams).
    static func write(_ song: MPDSong, tagTypes: Set<String>, to out: inout MPDResponseWriter) {
        out.field("file", song.file)
        writeModified(song.lastModified, to: &out)
        for (name, values) in song.tags where tagTypes.contains(name) {
            for value in values { out.field(name, value) }
        }
        if let name = song.name, tagTypes.contains("Name") { out.field("Name", name) }
        writeDuration(song.duration, to: &out)
        if let p = song.position { out.field("Pos", p) }
        if let id = song.id { out.field("Id", id) }
    }

    /// `Last-Modified` in MPD's ISO 8601 form, when known (MPD prints it after `file`, whatever `tagtypes` say).
    nonisolated static func writeModified(_ seconds: Int64?, to out: inout MPDResponseWriter) {
        guard let seconds else { return }
        out.line("Last-Modified", ISODate.string(fromEpochSeconds: seconds))
    }

    /// `Time` (whole seconds) and `duration` (three decimals), when known.
    nonisolated static func writeDuration(_ duration: Double?, to out: inout MPDResponseWriter) {
        guard let d = duration, d.isFinite, d >= 0, let whole = Int(exactly: d.rounded()) else { return }
        out.field("Time", whole)
        out.field("duration", seconds: d)
    }

    /// The `status` reply.
    static func write(_ s: MPDPlayerStatus, queueVersion: UInt32, to out: inout MPDResponseWriter) {
        out.field("volume", s.volume)
        out.field("repeat", s.repeatOn ? 1 : 0)
        out.field("random", s.randomOn ? 1 : 0)
        out.field("single", s.single)
        out.field("consume", s.consume ? 1 : 0)
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
            // Exact conversions: a non-finite or huge time from the engine prints 0, never traps.
            let whole = Int(exactly: elapsed.rounded(.down)) ?? 0,
                total = Int(exactly: (s.duration ?? 0).rounded()) ?? 0
            out.field("time", "\(whole):\(total)")
            out.field("elapsed", seconds: elapsed)
            if let d = s.duration { out.field("duration", seconds: d) }
            out.field("bitrate", 0)
            if let format = s.audioFormat { out.field("audio", format) }
        }
        if let job = s.updatingJob { out.field("updating_db", job) }
    }
}
