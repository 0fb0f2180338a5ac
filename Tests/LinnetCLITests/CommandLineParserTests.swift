import BuildInfo
import Testing
@testable import LinnetCLI

@Suite struct CommandLineParserTests {
    let context = ParseContext(workingDirectory: "/home/u")

    func parse(_ line: String) throws(UsageError) -> Invocation {
        try CommandLineParser.parse(line.split(separator: " ").map(String.init), context: context)
    }

    @Test(
        arguments: [
            ("play", Request.play), ("pause", .pause), ("toggle", .toggle), ("stop", .stop), ("next", .next),
            ("previous", .previous),
            ("seek 10", .seek(microseconds: 10_000_000)), ("seek -2.5", .seek(microseconds: -2_500_000)),
            ("seek +1", .seek(microseconds: 1_000_000)), ("seek -- -3", .seek(microseconds: -3_000_000)),
            ("position", .position(set: nil)), ("position 12.5", .position(set: 12_500_000)),
            ("volume", .volume(.show)), ("volume 0.3", .volume(.set(0.3))), ("volume +0.1", .volume(.by(0.1))),
            ("volume -0.05", .volume(.by(-0.05))), ("volume 1", .volume(.set(1))),
            ("loop", .loop(nil)), ("loop none", .loop(LoopStatus.none)), ("loop Track", .loop(.track)),
            ("loop playlist", .loop(.playlist)), ("loop track 3", .loopCount(3)), ("loop track 0", .loopCount(0)),
            ("balance", .balance(nil)), ("balance -0.5", .balance(-0.5)), ("balance 1", .balance(1)),
            ("shuffle", .shuffle(.show)), ("shuffle on", .shuffle(.on)), ("shuffle off", .shuffle(.off)),
            ("shuffle toggle", .shuffle(.toggle)),
            ("open a.mp3", .open(uris: ["file:///home/u/a.mp3"], replace: false)),
            ("open http://x/s", .open(uris: ["http://x/s"], replace: false)),
            ("open a.mp3 --replace /b", .open(uris: ["file:///home/u/a.mp3", "file:///b"], replace: true)),
            ("open -- --replace", .open(uris: ["file:///home/u/--replace"], replace: false)),
            ("queue", .queue(.list(QueueListOptions()))), ("queue list", .queue(.list(QueueListOptions()))),
            ("queue --json", .queue(.list(QueueListOptions(json: true)))),
            ("queue list --range 3-7 --json", .queue(.list(QueueListOptions(json: true, range: 3...7)))),
            ("queue list --range=5", .queue(.list(QueueListOptions(range: 5...5)))),
            ("queue clear", .queue(.clear)),
            (
                "queue add a.mp3 /b/c.flac",
                .queue(.add(uris: ["file:///home/u/a.mp3", "file:///b/c.flac"], next: false))
            ),
            ("queue add --next /b", .queue(.add(uris: ["file:///b"], next: true))),
            ("queue remove 3", .queue(.remove(QueueSelection([3...3])))),
            ("queue remove 3 7-9", .queue(.remove(QueueSelection([3...3, 7...9])))),
            ("queue move 4 1", .queue(.move(from: 4, to: 1))), ("queue goto 1", .queue(.goto(index: 1))),
            ("status", .status(StatusOptions())), ("status --json", .status(StatusOptions(output: .json))),
            ("status --follow", .status(StatusOptions(follow: true))),
            ("status -f --exit-when-stopped", .status(StatusOptions(follow: true, exitWhenStopped: true))),
            ("players", .players), ("help", .help(command: nil)), ("help seek", .help(command: "seek")),
            ("--help", .help(command: nil)), ("-h", .help(command: nil)), ("queue --help", .help(command: "queue")),
            ("help --help", .help(command: nil)), ("--version", .version), ("-V", .version)
        ] as [(String, Request)])
    func parsesRequests(_ line: String, _ expected: Request) throws {
        #expect(try parse(line).request == expected)
    }

    @Test func statusFormat() throws {
        let inv = try CommandLineParser.parse(["status", "--format", "{{title}} by {{artist}}"], context: context)
        #expect(
            inv.request
                == .status(StatusOptions(output: .format(try FormatTemplate(parsing: "{{title}} by {{artist}}")))))
        let eq = try parse("status --format={{status}}")
        #expect(eq.request == .status(StatusOptions(output: .format(try FormatTemplate(parsing: "{{status}}")))))
    }

    /// `--version` is a global option: anywhere before `--`, with or without a command, and it wins over the command.
    @Test func versionAnywhere() throws {
        #expect(try parse("status --version").request == .version)
        #expect(try parse("-p mpv -V") == Invocation(player: "mpv", request: .version))
        #expect(try parse("queue add a.mp3 --version").request == .version)
        #expect(try parse("open -- --version").request == .open(uris: ["file:///home/u/--version"], replace: false))
        #expect(HelpText.versionLine == "linnet \(BuildInfo.version) (commit \(BuildInfo.commit))")
    }

    @Test func playerOptionAnywhere() throws {
        #expect(try parse("--player mpv play") == Invocation(player: "mpv", request: .play))
        #expect(try parse("-p vlc.instance42 pause") == Invocation(player: "vlc.instance42", request: .pause))
        #expect(try parse("status --player=mpv") == Invocation(player: "mpv", request: .status(StatusOptions())))
        #expect(try parse("play").player == "linnet")
    }

    @Test(
        arguments: [
            ("", nil), ("bogus", nil), ("--bogus", nil), ("--player", nil), ("-p x..y play", nil),
            ("-p 9lives play", nil),
            ("play now", "play"), ("play --loud", "play"), ("seek", "seek"), ("seek ten", "seek"), ("seek 1 2", "seek"),
            ("seek 1e9", "seek"), ("position -1", "position"), ("position x", "position"), ("volume 1.5", "volume"),
            ("volume -", "volume"), ("volume ++1", "volume"), ("volume loud", "volume"), ("loop all", "loop"),
            ("loop none 3", "loop"), ("loop track -1", "loop"), ("loop track x", "loop"), ("balance 2", "balance"),
            ("balance left", "balance"), ("balance -1.01", "balance"), ("shuffle maybe", "shuffle"),
            ("shuffle show", "shuffle"), ("open", "open"), ("open --bogus a", "open"), ("open --replace", "open"),
            ("queue shuffle", "queue"), ("queue add", "queue"), ("queue remove", "queue"), ("queue remove 0", "queue"),
            ("queue remove 5-2", "queue"), ("queue remove x-3", "queue"), ("queue move 1", "queue"),
            ("queue move 0 1", "queue"),
            ("queue list --range", "queue"), ("queue list --range 0-3", "queue"), ("queue --bogus", "queue"),
            ("queue list extra", "queue"),
            ("queue goto x", "queue"), ("queue clear all", "queue"), ("status --json --format x", "status"),
            ("status --format", "status"), ("status --exit-when-stopped", "status"), ("status now", "status"),
            ("status --format {{x}}", "status"), ("help bogus", "help"), ("bogus --help", nil)
        ] as [(String, String?)])
    func usageErrors(_ line: String, _ command: String?) {
        do {
            let inv = try parse(line)
            Issue.record("'\(line)' parsed as \(inv)")
        } catch {
            #expect(error.command == command, "\(line): \(error.message)")
            #expect(!error.message.isEmpty)
        }
    }

    @Test func usageErrorHints() {
        #expect(UsageError("x", command: "seek").hint == "Try 'linnet seek --help'.")
        #expect(UsageError("x").hint == "Try 'linnet --help'.")
        #expect(ExitCode.usage == 64 && ExitCode.failure == 1)
    }

    @Test func volumeChangesClamp() {
        #expect(VolumeChange.by(0.3).newValue(current: 0.9) == 1)
        #expect(VolumeChange.by(-0.3).newValue(current: 0.1) == 0)
        #expect(VolumeChange.set(0.25).newValue(current: 0.9) == 0.25)
        #expect(VolumeChange.show.newValue(current: 0.9) == nil)
        #expect(ShuffleRequest.toggle.newValue(current: true) == false)
        #expect(ShuffleRequest.show.newValue(current: true) == nil)
    }

    @Test func everyCommandHasHelp() {
        #expect(Set(CommandTable.all.map(\.name)).count == CommandTable.all.count)
        for spec in CommandTable.all {
            #expect(!spec.summary.isEmpty && !spec.details.isEmpty)
            #expect(HelpText.global.contains("  \(spec.name) "))
        }
    }
}
