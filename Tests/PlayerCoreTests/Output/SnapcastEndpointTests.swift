import Testing

@testable import PlayerCore

/// `output = snapcast URI` lines and the output list they make.
@Suite struct SnapcastEndpointTests {
    @Test func parsesTCPAndPipeWithSnapserversParameters() throws {
        let tcp = try SnapcastEndpoint(parsing: "tcp://127.0.0.1:4953?name=Linnet&mode=server&sampleformat=44100:24:2")
        #expect(tcp.transport == .tcp(host: "127.0.0.1", port: 4953))
        #expect(tcp.format == SnapcastSampleFormat(sampleRate: 44100, bits: 24, channels: 2))
        #expect(tcp.format.bytesPerFrame == 8)
        let v6 = try SnapcastEndpoint(parsing: "tcp://[::1]?buffer=250")
        #expect(v6.transport == .tcp(host: "::1", port: 4953))
        #expect(v6.bufferMilliseconds == 250)
        #expect(v6.description == "tcp://[::1]:4953?sampleformat=48000:16:2&buffer=250")
        let pipe = try SnapcastEndpoint(parsing: "pipe:///tmp/snapfifo")
        #expect(pipe.transport == .pipe(path: "/tmp/snapfifo"))
        #expect(pipe.format == .standard)
    }

    @Test(arguments: [
        "udp://1.2.3.4:1", "tcp://:4953", "tcp://host:0", "tcp://host:99999", "tcp://[::1", "pipe://relative",
        "tcp://h:1?sampleformat=48000:8:2", "tcp://h:1?sampleformat=x", "tcp://h:1?buffer=-1",
        "tcp://h:1?mode=client", "tcp://h:1?colour=red", ""
    ])
    func refusesWhatCannotWork(_ text: String) {
        #expect(throws: SnapcastEndpointError.self) { try SnapcastEndpoint(parsing: text) }
    }

    @Test func outputLinesMakeTheList() throws {
        let none = OutputSetting.outputList([])
        #expect(none.outputs.map(\.name) == ["local"] && none.localEnabled)
        let both = try DaemonConfiguration.parse("output = local\noutput = snapcast tcp://127.0.0.1:4953\n")
        let list = OutputSetting.outputList(both.outputs)
        #expect(list.outputs.map(\.name) == ["local", "snapcast"])
        #expect(list.localEnabled && list.enabledSnapcast.count == 1 && list.leader.name == "local")
        let only = OutputSetting.outputList([try OutputSetting(parsing: "snapcast pipe:///tmp/f")])
        #expect(!only.localEnabled && only.leader.name == "snapcast")
        #expect(throws: DaemonConfiguration.ParseError.self) { try DaemonConfiguration.parse("output = speakers\n") }
        #expect(throws: OutputSettingError.self) { try OutputSetting(parsing: "snapcast") }
        #expect(throws: OutputSettingError.self) { try OutputSetting(parsing: "local tcp://x:1") }
    }

    @Test func theLastEnabledOutputStaysOnAndTheLeaderFollows() throws {
        var list = OutputList(localEnabled: true, snapcast: [try SnapcastEndpoint(parsing: "tcp://10.0.0.2:4953")])
        #expect(try list.setEnabled(false, id: 0))
        #expect(list.leader.name == "snapcast")
        #expect(throws: OutputListError.lastEnabled("snapcast")) { try list.setEnabled(false, id: 1) }
        #expect(try list.setEnabled(true, id: 0))
        #expect(try !list.setEnabled(true, id: 0), "no change")
        #expect(throws: OutputListError.unknown("7")) { try list.setEnabled(true, id: 7) }
        #expect(list.find("SNAPCAST")?.id == 1 && list.find("1")?.name == "snapcast" && list.find("x") == nil)
    }
}
