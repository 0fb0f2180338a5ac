import PlayerCore
import Testing

@Suite struct ReplayGainSettingsParseTests {
    @Test func replayGainKeys() throws {
        let s = try DaemonConfiguration.parse("replaygain = Album\nreplaygain-preamp = -3.5 dB\n")
        #expect(s.replayGainMode == .album && s.replayGainPreampDB == -3.5)
        #expect(throws: DaemonConfiguration.ParseError.self) { try DaemonConfiguration.parse("replaygain = loud") }
        #expect(throws: DaemonConfiguration.ParseError.self) { try DaemonConfiguration.parse("replaygain-preamp = 30") }
    }
}
