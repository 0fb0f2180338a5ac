import PlayerCore
import Testing

@Suite struct ReplayGainSettingsParseTests {
    @Test func replayGainKeys() throws {
        let s = try RouteSettings.parse("replaygain = Album\nreplaygain-preamp = -3.5 dB\n")
        #expect(s.replayGainMode == .album && s.replayGainPreampDB == -3.5)
        #expect(throws: RouteSettings.ParseError.self) { try RouteSettings.parse("replaygain = loud") }
        #expect(throws: RouteSettings.ParseError.self) { try RouteSettings.parse("replaygain-preamp = 30") }
    }
}
