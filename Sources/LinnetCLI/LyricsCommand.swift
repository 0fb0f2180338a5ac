/// `linnet lyrics [--follow [--exit-when-stopped]]`.
public struct LyricsOptions: Sendable, Equatable {
    public var follow = false
    /// With `--follow`: exit once the player is Stopped or gone.
    public var exitWhenStopped = false

    public init(follow: Bool = false, exitWhenStopped: Bool = false) {
        self.follow = follow
        self.exitWhenStopped = exitWhenStopped
    }
}

extension CommandTable {
    static let lyrics = CommandSpec(
        "lyrics", "[--follow [--exit-when-stopped]]", "Print the lyrics of the current track",
        """
        Print the current track's lyrics (Linnet's lyrics interface): timed lines as [mm:ss.xx] text,
        otherwise the plain text.
          --follow             show them live: the line being sung highlighted with a bar filling across it,
                               its neighbours dimmed, following seeks, pauses and track changes; one line per
                               change when the output is not a terminal; until interrupted
          --exit-when-stopped  with --follow: exit once the player is stopped or gone
        """
    ) { (r, _) throws(UsageError) in
        var options = LyricsOptions()
        for a in r.args {
            switch a {
            case "--follow", "-f": options.follow = true
            case "--exit-when-stopped": options.exitWhenStopped = true
            default:
                if ArgumentReader.isOption(a) { throw r.fail("unknown option '\(a)'") }
                throw r.fail("unexpected argument '\(a)'")
            }
        }
        if options.exitWhenStopped, !options.follow { throw r.fail("--exit-when-stopped needs --follow") }
        return .lyrics(options)
    }
}
