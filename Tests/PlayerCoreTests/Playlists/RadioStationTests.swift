import PlayerCore
import Testing

@Suite struct RadioStationTests {
    @Test func theOldStationFileIsParsedLeavingOutBadLines() {
        let text =
            "no tab here\nok\thttp://a\nOK\thttp://repeated\nbad\tfile:///x\n\tempty-name\nTLS\thttps://b/s.pls\n"
        #expect(
            RadioStation.parseList(text) == [
                RadioStation(name: "ok", url: "http://a"),
                RadioStation(name: "TLS", url: "https://b/s.pls")
            ])
    }

    @Test func onlyHTTPURLsOfOneLineAreStreams() {
        #expect(RadioStation.isStreamURL("http://a"))
        #expect(RadioStation.isStreamURL("HTTPS://radio.example/live.aac"))
        for bad in ["http://", "https://", "ftp://a", "file:///etc/passwd", "/music/a.mp3", "http://a\nb", ""] {
            #expect(!RadioStation.isStreamURL(bad), "\(bad)")
        }
        #expect(RadioStation.problem(name: "a\tb", url: "http://a") != nil)
        #expect(RadioStation.problem(name: "Radio X", url: "http://a") == nil)
    }
}
