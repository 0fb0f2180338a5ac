import Testing
@testable import PlayerCore

@Suite struct DaemonConfigurationTests {
    @Test func parsesKeysCommentsAndSpaces() throws {
        let s = try DaemonConfiguration.parse("# linnetd\n\n  exclusive = yes\nauto-resume-window=30\r\n")
        #expect(s == DaemonConfiguration(autoResumeWindowSeconds: 30, exclusive: true))
        #expect(s.policyOptions.autoResume && s.policyOptions.autoResumeWindowMicroseconds == 30_000_000)
    }

    @Test func emptyMeansDefaults() throws {
        let s = try DaemonConfiguration.parse("")
        #expect(s == DaemonConfiguration())
        #expect(!s.policyOptions.autoResume)
    }

    @Test(arguments: [
        "exclusive", "exclusive = maybe", "auto-resume-window = -1", "auto-resume-window = soon",
        "colour = blue"
    ])
    func badLinesAreErrorsWithTheirNumber(_ line: String) {
        #expect(throws: DaemonConfiguration.ParseError.self) {
            try DaemonConfiguration.parse("exclusive = no\n" + line)
        }
        do { _ = try DaemonConfiguration.parse("exclusive = no\n" + line) } catch { #expect(error.line == 2) }
    }
}
