import MPDProtocol

/// Playback: play, playid, pause, stop, next, previous, seek, seekid, seekcur, setvol, volume, getvol, random,
/// repeat, single, consume, crossfade.
@MainActor
enum MPDPlaybackCommands {
    static let all: [String: MPDCommand] = [
        "play": MPDCommand(.control) { c throws(MPDCommandError) in
            let args = try c.arguments(0, 1)
            // "play -1" (some clients) means the current song, as no argument does.
            let position = try args.first.flatMap { $0 == "-1" ? nil : $0 }.map { t throws(MPDCommandError) in
                try c.position(t)
            }
            try c.backend.mpdPlay(position: position)
        },
        "playid": MPDCommand(.control) { c throws(MPDCommandError) in
            let args = try c.arguments(0, 1)
            let position = try args.first.flatMap { $0 == "-1" ? nil : $0 }.map { t throws(MPDCommandError) in
                try c.positionOfID(t)
            }
            try c.backend.mpdPlay(position: position)
        },
        "pause": MPDCommand(.control) { c throws(MPDCommandError) in
            let args = try c.arguments(0, 1)
            let on = try args.first.map { t throws(MPDCommandError) in
                try c.parse { () throws(MPDArgumentError) in try MPDArguments.bool(t) }
            }
            c.backend.mpdPause(on)
        },
        "stop": MPDCommand(.control) { c throws(MPDCommandError) in
            _ = try c.arguments(0, 0)
            c.backend.mpdStop()
        },
        "next": MPDCommand(.control) { c throws(MPDCommandError) in
            _ = try c.arguments(0, 0)
            c.backend.mpdNext()
        },
        "previous": MPDCommand(.control) { c throws(MPDCommandError) in
            _ = try c.arguments(0, 0)
            c.backend.mpdPrevious()
        },
        "seek": MPDCommand(.control) { c throws(MPDCommandError) in
            let args = try c.arguments(2, 2)
            let position = try c.position(args[0])
            try c.backend.mpdSeek(position: position, seconds: try seconds(args[1], c))
        },
        "seekid": MPDCommand(.control) { c throws(MPDCommandError) in
            let args = try c.arguments(2, 2)
            let position = try c.positionOfID(args[0])
            try c.backend.mpdSeek(position: position, seconds: try seconds(args[1], c))
        },
        "seekcur": MPDCommand(.control) { c throws(MPDCommandError) in
            let text = try c.arguments(1, 1)[0]
            try c.backend.mpdSeekCurrent(try c.parse { () throws(MPDArgumentError) in try MPDSeekTarget.parse(text) })
        },
        "setvol": MPDCommand(.control) { c throws(MPDCommandError) in
            let text = try c.arguments(1, 1)[0]
            let v = try c.parse { () throws(MPDArgumentError) in try MPDArguments.unsigned(text) }
            guard v <= 100 else { throw MPDCommandError(.argument, "Invalid volume value") }
            c.backend.mpdSetVolume(Int(v))
        },
        "volume": MPDCommand(.control) { c throws(MPDCommandError) in
            let text = try c.arguments(1, 1)[0]
            let delta = try c.parse { () throws(MPDArgumentError) in try MPDArguments.int(text, in: -100...100) }
            c.backend.mpdSetVolume(min(100, max(0, c.backend.mpdStatus.volume + Int(delta))))
        },
        "replay_gain_mode": MPDCommand(.control) { c throws(MPDCommandError) in
            let mode = try c.arguments(1, 1)[0]
            guard ["off", "track", "album", "auto"].contains(mode) else {
                throw MPDCommandError(.argument, "Unrecognized replay gain mode")
            }
            c.backend.mpdSetReplayGainMode(mode)
            c.session.server.note([.options])  // as MPD: not in `status`, so told here
        },
        "replay_gain_status": MPDCommand(.read) { c throws(MPDCommandError) in
            _ = try c.arguments(0, 0)
            c.out.field("replay_gain_mode", c.backend.mpdReplayGainMode)
        },
        "getvol": MPDCommand(.read) { c throws(MPDCommandError) in
            _ = try c.arguments(0, 0)
            c.out.field("volume", c.backend.mpdStatus.volume)
        },
        "random": MPDCommand(.control) { c throws(MPDCommandError) in
            c.backend.mpdSetRandom(try flag(c))
        },
        "repeat": MPDCommand(.control) { c throws(MPDCommandError) in
            c.backend.mpdSetRepeat(try flag(c))
        },
        "single": MPDCommand(.control) { c throws(MPDCommandError) in
            let text = try c.arguments(1, 1)[0]
            try c.backend.mpdSetSingle(try c.parse { () throws(MPDArgumentError) in try MPDSingleMode.parse(text) })
        },
        "consume": MPDCommand(.control) { c throws(MPDCommandError) in
            // MPD 0.24's `consume oneshot` is not part of the 0.23 protocol this server claims.
            c.backend.mpdSetConsume(try flag(c))
        },
        "crossfade": MPDCommand(.control) { c throws(MPDCommandError) in
            let text = try c.arguments(1, 1)[0]
            guard try c.parse({ () throws(MPDArgumentError) in try MPDArguments.unsigned(text) }) == 0 else {
                throw MPDCommandError(.system, "crossfade is not supported: Linnet plays gapless")
            }
        }
    ]

    private static func flag(_ c: MPDCommandContext) throws(MPDCommandError) -> Bool {
        let text = try c.arguments(1, 1)[0]
        return try c.parse { () throws(MPDArgumentError) in try MPDArguments.bool(text) }
    }

    private static func seconds(_ text: String, _ c: MPDCommandContext) throws(MPDCommandError) -> Double {
        try c.parse { () throws(MPDArgumentError) in try MPDArguments.seconds(text) }
    }
}
