import Testing
@testable import LinnetCLI

/// `linnet snapcast-plugin` takes what snapserver passes its control scripts.
@Suite struct SnapcastPluginCommandTests {
    let context = ParseContext(workingDirectory: "/")

    func parse(_ args: [String]) throws(UsageError) -> Invocation {
        try CommandLineParser.parse(args, context: context)
    }

    @Test func whatSnapserverPasses() throws {
        // 0.26: "--stream=ID" and --snapcast-port; later versions add --snapcast-host and the user's params first.
        #expect(
            try parse(["snapcast-plugin", "--stream=Linnet", "--snapcast-port=1780"])
                == Invocation(request: .snapcastPlugin(SnapcastPluginOptions(stream: "Linnet", snapcastPort: "1780"))))
        #expect(
            try parse([
                "--player", "mpv", "snapcast-plugin", "--stream=Mpv", "--snapcast-port=1780", "--snapcast-host=h"
            ])
                == Invocation(
                    player: "mpv",
                    request: .snapcastPlugin(
                        SnapcastPluginOptions(stream: "Mpv", snapcastHost: "h", snapcastPort: "1780"))))
        #expect(
            try parse(["snapcast-plugin", "--player=vlc", "--stream", "A B"])
                == Invocation(player: "vlc", request: .snapcastPlugin(SnapcastPluginOptions(stream: "A B"))))
        #expect(try parse(["snapcast-plugin"]) == Invocation(request: .snapcastPlugin(SnapcastPluginOptions())))
    }

    @Test func unknownSnapcastOptionsAreIgnored() throws {
        #expect(
            try parse(["snapcast-plugin", "--snapcast-token=x", "--snapcast-tls", "--stream=S"])
                == Invocation(request: .snapcastPlugin(SnapcastPluginOptions(stream: "S"))))
    }

    @Test(arguments: [["--verbose"], ["extra"], ["--stream="], ["--stream"], ["-x"]])
    func otherArgumentsAreUsageErrors(_ args: [String]) {
        #expect(throws: UsageError.self) { try parse(["snapcast-plugin"] + args) }
    }
}
