/// `linnetd [--state-dir DIR] [--no-restore] [PATH…]`, parsed without side effects.
struct Arguments: Equatable {
    var stateDirectory: String?
    var restore = true
    var paths: [String] = []
    var help = false

    static let usage = """
        Usage: linnetd [--state-dir DIR] [--no-restore] [PATH...]

        The Linnet music player service: plays local files and speaks MPRIS 2.2 on the session bus as
        org.mpris.MediaPlayer2.linnet (control it with `linnet` or `playerctl -p linnet`).

          PATH...          files, folders (recursed) and playlists (m3u, m3u8, pls) to queue; they replace
                           the saved queue and playback starts
          --state-dir DIR  where the queue and position are remembered (default $XDG_STATE_HOME/linnet)
          --no-restore     start with an empty queue instead of the saved one (the state is still saved)
          --help           show this help
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
            case "--no-restore": restore = false
            case "--state-dir":
                guard i < args.count, !args[i].isEmpty else { throw UsageError(message: "--state-dir needs a directory") }
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
