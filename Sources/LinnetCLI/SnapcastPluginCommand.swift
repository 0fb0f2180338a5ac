/// `linnet snapcast-plugin`: what snapserver passes to a stream's control script.
public struct SnapcastPluginOptions: Sendable, Equatable {
    /// The stream's id (`--stream=ID`), for log lines.
    public var stream: String?
    /// snapserver's HTTP host and port (`--snapcast-host`, `--snapcast-port`): accepted, not needed (the plug-in
    /// talks to snapserver over stdin/stdout only).
    public var snapcastHost: String?
    public var snapcastPort: String?

    public init(stream: String? = nil, snapcastHost: String? = nil, snapcastPort: String? = nil) {
        self.stream = stream
        self.snapcastHost = snapcastHost
        self.snapcastPort = snapcastPort
    }
}

extension CommandTable {
    static let snapcastPlugin = CommandSpec(
        "snapcast-plugin", "[--stream=ID] [--snapcast-host=HOST] [--snapcast-port=PORT]",
        "Bridge the player to a Snapcast stream (snapserver's controlscript)",
        """
        Run as snapserver's stream plug-in (controlscript=linnet-snapcast in the stream's source URI): read
        snapserver's JSON-RPC requests on standard input, carry them out on the player (Control: play, pause,
        playPause, stop, next, previous, seek, setPosition; SetProperty: loopStatus, shuffle, volume, mute, rate;
        GetProperties), and write the player's state and track (title, artist, album, duration, cover art) to
        standard output as it changes. Works with any MPRIS player (--player NAME); waits while the player is not
        on the bus, and exits when standard input closes. Mute, which MPRIS lacks, is volume 0 and back.
        Other --snapcast-* options snapserver may pass are accepted and ignored.
        """
    ) { (r, _) throws(UsageError) in
        var options = SnapcastPluginOptions()
        var i = 0
        let args = r.args
        while i < args.count {
            let a = args[i]
            i += 1
            guard a.hasPrefix("--") else { throw r.fail("unexpected argument '\(a)'") }
            let (name, inline) = split(a)
            guard name == "--stream" || name.hasPrefix("--snapcast-") else { throw r.fail("unknown option '\(a)'") }
            var value = inline
            if value == nil, i < args.count, !args[i].hasPrefix("--") {
                value = args[i]
                i += 1
            }
            switch name {
            case "--stream":
                guard let value, !value.isEmpty else { throw r.fail("--stream needs a stream id") }
                options.stream = value
            case "--snapcast-host": options.snapcastHost = value
            case "--snapcast-port": options.snapcastPort = value
            default: break  // a newer snapserver's option: nothing the plug-in needs
            }
        }
        return .snapcastPlugin(options)
    }

    /// `--name=value` as (`--name`, `value`); `--name` as (`--name`, nil).
    private static func split(_ option: String) -> (String, String?) {
        guard let eq = option.firstIndex(of: "=") else { return (option, nil) }
        return (String(option[..<eq]), String(option[option.index(after: eq)...]))
    }
}
