import Testing
@testable import PlayerCore

@Suite struct RouteSettingsTests {
    @Test func parsesKeysCommentsAndSpaces() throws {
        let s = try RouteSettings.parse("# linnetd\n\n  exclusive = yes\nauto-resume-window=30\r\n")
        #expect(s == RouteSettings(autoResumeWindowSeconds: 30, exclusive: true))
        #expect(s.policyOptions.autoResume && s.policyOptions.autoResumeWindowMicroseconds == 30_000_000)
    }

    @Test func emptyMeansDefaults() throws {
        let s = try RouteSettings.parse("")
        #expect(s == RouteSettings())
        #expect(!s.policyOptions.autoResume)
    }

    @Test(arguments: [
        "exclusive", "exclusive = maybe", "auto-resume-window = -1", "auto-resume-window = soon",
        "colour = blue"
    ])
    func badLinesAreErrorsWithTheirNumber(_ line: String) {
        #expect(throws: RouteSettings.ParseError.self) { try RouteSettings.parse("exclusive = no\n" + line) }
        do { _ = try RouteSettings.parse("exclusive = no\n" + line) } catch { #expect(error.line == 2) }
    }
}
