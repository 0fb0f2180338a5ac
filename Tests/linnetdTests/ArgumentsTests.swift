import Testing

@testable import linnetd

/// linnetd's command line, parsed without starting anything.
@Suite struct ArgumentsTests {
    @Test(arguments: [["--version"], ["-V"], ["--no-restore", "--version"], ["--version", "a.mp3"]])
    func versionIsAskedFor(_ args: [String]) throws {
        let parsed = try Arguments(args)
        #expect(parsed.version)
        #expect(!parsed.help)
    }

    @Test func versionIsOffByDefault() throws {
        #expect(try !Arguments([]).version)
        #expect(try !Arguments(["--help"]).version)
    }

    /// After `--` it is a file name like any other.
    @Test func versionAfterDashesIsAPath() throws {
        let parsed = try Arguments(["--", "--version"])
        #expect(!parsed.version)
        #expect(parsed.paths == ["--version"])
    }

    @Test func usageNamesVersion() {
        #expect(Arguments.usage.contains("--version"))
    }

    @Test func unknownOptionsAreStillRefused() {
        #expect(throws: Arguments.UsageError(message: "unknown option '--versions'")) {
            try Arguments(["--versions"])
        }
    }
}
