import PlayerCore

/// `linnetd [--state-dir DIR] [--no-restore] [PATH…]`, parsed without side effects.
struct Arguments: Equatable {
    var stateDirectory: String?
    var restore = true
    var paths: [String] = []
    var help = false
    /// `--version`: print the version and commit and exit (before any bus or sound server is touched).
    var version = false
    /// Seconds after a route pause during which the headphones coming back resume playback (0: never);
    /// nil: as linnetd.conf says.
    var autoResumeWindowSeconds: Double?
    /// Pause other MPRIS players while Linnet plays, resume them after; nil: as linnetd.conf says.
    var exclusive: Bool?
    /// Extra media-library folders (`--library DIR`, repeatable).
    var libraryFolders: [String] = []
    /// Where the MPD front end listens (`--mpd ADDRESS`); nil: as linnetd.conf says.
    var mpdAddress: String?
    /// `--output SPEC` (repeatable): replaces linnetd.conf's `output` lines.
    var outputs: [OutputSetting] = []

    static let usage = """
        Usage: linnetd [--state-dir DIR] [--no-restore] [--auto-resume-window SECONDS] [--[no-]exclusive]
                       [--library DIR]... [--mpd ADDRESS] [--output SPEC]... [PATH...]
               linnetd --help | --version

        The Linnet music player service: plays local files and speaks MPRIS 2.2 on the session bus as
        org.mpris.MediaPlayer2.linnet (control it with `linnet` or `playerctl -p linnet`).

          PATH...          files, folders (recursed) and playlists (m3u, m3u8, pls) to queue; they replace
                           the saved queue and playback starts
          --state-dir DIR  where the queue and position are remembered (default $XDG_STATE_HOME/linnet)
          --no-restore     start with an empty queue instead of the saved one (the state is still saved)
          --auto-resume-window SECONDS
                           resume when the headphones come back within SECONDS of the pause they caused
                           (default 0: never, as on phones)
          --exclusive      pause the other MPRIS players that play when Linnet starts, resume them when it stops
          --no-exclusive   do not (the default)
          --library DIR    also scan DIR into the media library (repeatable; the music folder of
                           ~/.config/user-dirs.dirs, else ~/Music, is always scanned when it exists)
        These can also be set in $XDG_CONFIG_HOME/linnet/linnetd.conf as `auto-resume-window = SECONDS`,
        `exclusive = true` and `library = DIR` lines; the command line wins.
          --mpd ADDRESS    also speak the MPD protocol (mpc, ncmpcpp, phone remotes) on ADDRESS: 127.0.0.1:6600,
                           [::1]:6600, localhost (both, port 6600), unix ($XDG_RUNTIME_DIR/linnet/mpd.socket),
                           a socket path, or off; loopback and Unix sockets only (`mpd = ADDRESS` in linnetd.conf)
          --output SPEC    where the sound goes (repeatable; `output = SPEC` in linnetd.conf): local (the sound
                           server's sink, the default), snapcast tcp://HOST:PORT or snapcast pipe:///PATH (a
                           Snapcast stream; local then plays only when also given)
          --help           show this help
          --version        print the version and the git commit of this build
        """

    struct UsageError: Error, Equatable { var message: String }

    init(_ args: [String]) throws(UsageError) {
        var i = 0
        var onlyPaths = false
        while i < args.count {
            let a = args[i]
            i += 1
            if onlyPaths || !a.hasPrefix("-") || a == "-" { paths.append(a); continue }
            switch a {
            case "--": onlyPaths = true
            case "--help", "-h": help = true
            case "--version", "-V": version = true
            case "--no-restore": restore = false
            case "--exclusive": exclusive = true
            case "--no-exclusive": exclusive = false
            case "--auto-resume-window":
                guard i < args.count, let v = Double(args[i]), v >= 0, v.isFinite else {
                    throw UsageError(message: "--auto-resume-window needs a number of seconds (0 = off)")
                }
                autoResumeWindowSeconds = v
                i += 1
            case "--library":
                guard i < args.count, !args[i].isEmpty else { throw UsageError(message: "--library needs a directory") }
                libraryFolders.append(args[i])
                i += 1
            case "--mpd":
                guard i < args.count, !args[i].isEmpty else { throw UsageError(message: "--mpd needs an address") }
                mpdAddress = args[i]
                i += 1
            case "--output":
                guard i < args.count else { throw UsageError(message: "--output needs local or snapcast URI") }
                var spec = args[i]
                // `--output snapcast URI` as two words, or as one quoted argument.
                if spec == "snapcast", i + 1 < args.count {
                    i += 1
                    spec += " " + args[i]
                }
                do throws(OutputSettingError) {
                    outputs.append(try OutputSetting(parsing: spec))
                } catch { throw UsageError(message: "--output: \(error)") }
                i += 1
            case "--state-dir":
                guard i < args.count, !args[i].isEmpty else {
                    throw UsageError(message: "--state-dir needs a directory")
                }
                stateDirectory = args[i]
                i += 1
            default:
                if a.hasPrefix("--state-dir=") {
                    stateDirectory = String(a.dropFirst("--state-dir=".count))
                } else {
                    throw UsageError(message: "unknown option '\(a)'")
                }
            }
        }
    }
}
