import MPDProtocol

/// State: status, currentsong, clearerror (`stats` is with the database commands).
@MainActor
enum MPDStatusCommands {
    static let all: [String: MPDCommand] = [
        "status": MPDCommand(.read) { c throws(MPDCommandError) in
            _ = try c.arguments(0, 0)
            MPDSongFormat.write(
                c.session.server.currentStatus, queueVersion: c.session.server.versions.version, to: &c.out)
        },
        "currentsong": MPDCommand(.read) { c throws(MPDCommandError) in
            _ = try c.arguments(0, 0)
            guard let p = c.backend.mpdStatus.currentPosition else { return }
            for song in c.backend.mpdSongs(in: p..<p + 1) {
                MPDSongFormat.write(song, tagTypes: c.session.tagTypes, to: &c.out)
            }
        },
        "clearerror": MPDCommand(.control) { c throws(MPDCommandError) in _ = try c.arguments(0, 0) }
    ]
}
