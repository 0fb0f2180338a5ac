import BuildInfo

/// The texts of `--help` and `--version` (golden-tested).
public enum HelpText {
    /// `linnet --version`: the version and the git commit of this build.
    public static var versionLine: String { BuildInfo.versionLine(program: "linnet") }

    /// `linnet --help`.
    public static var global: String {
        let width = CommandTable.all.map(\.name.count).max()! + 2
        var text = """
            Usage: linnet [--player NAME] COMMAND [ARGUMENT...]
                   linnet [COMMAND] --help
                   linnet --version

            Control Linnet, or any MPRIS media player, over the D-Bus session bus.

            Commands:

            """
        for spec in CommandTable.all {
            var name = spec.name
            while name.count < width { name += " " }
            text += "  \(name)\(spec.summary)\n"
        }
        text += """

            Options:
              -p, --player NAME  the player to control: org.mpris.MediaPlayer2.NAME, or else its first
                                 .instanceN (default: linnet); see 'linnet players'
              -h, --help         show this help, or a command's help (also: linnet help COMMAND)
              -V, --version      print the version

            Exit status: 0 on success, 1 when the player is missing or a call fails (the D-Bus error is
            printed), 64 on a usage error.
            """
        return text
    }

    /// `linnet NAME --help`.
    public static func command(_ spec: CommandSpec) -> String {
        "Usage: \(spec.usage)\n\n\(spec.details)"
    }
}
