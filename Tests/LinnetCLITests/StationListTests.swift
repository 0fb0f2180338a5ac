import Testing
@testable import LinnetCLI

@Suite struct StationListTests {
    @Test func addReplaceRemove() {
        var list = StationList()
        #expect(list.add(name: "Radio X", url: "https://radio.example/x.mp3") == nil)
        #expect(list.add(name: "Jazz", url: "http://jazz.example/listen.pls") == nil)
        #expect(list.add(name: "radio x", url: "http://radio.example/new") == nil)  // same name, any case: replaced
        #expect(list.stations.count == 2)
        #expect(list.station(named: "RADIO X")?.url == "http://radio.example/new")
        #expect(list.listing == "Radio X  http://radio.example/new\nJazz     http://jazz.example/listen.pls\n")
        let removed = list.remove(name: "jazz")
        let again = list.remove(name: "jazz")
        #expect(removed && !again)
    }

    @Test func badNamesAndURLsAreRefusedAndSkipped() {
        var list = StationList()
        #expect(list.add(name: "", url: "http://a") != nil)
        #expect(list.add(name: "a\tb", url: "http://a") != nil)
        #expect(list.add(name: "x", url: "file:///etc/passwd") != nil)
        #expect(list.add(name: "x", url: "ftp://a") != nil)
    }

    @Test func parsesTheRadioCommand() throws {
        let context = ParseContext(workingDirectory: "/")
        #expect(try CommandLineParser.parse(["radio"], context: context).request == .radio(.list))
        #expect(
            try CommandLineParser.parse(["radio", "add", "X", "http://a/s"], context: context).request
                == .radio(.add(name: "X", url: "http://a/s")))
        #expect(
            try CommandLineParser.parse(["radio", "play", "X"], context: context).request == .radio(.play(name: "X")))
        #expect(throws: UsageError.self) {
            try CommandLineParser.parse(["radio", "add", "X", "/etc/passwd"], context: context)
        }
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["radio", "fly"], context: context) }
    }

    @Test func playlistAddTakesStreamURLs() throws {
        let context = ParseContext(workingDirectory: "/")
        #expect(
            try CommandLineParser.parse(["playlist", "add", "Mix", "http://a/s", "https://b/t.pls"], context: context)
                .request == .playlist(.addStreams(name: "Mix", urls: ["http://a/s", "https://b/t.pls"])))
        #expect(throws: UsageError.self) {
            try CommandLineParser.parse(["playlist", "add", "Mix", "http://a/s", "/etc/passwd"], context: context)
        }
        #expect(throws: UsageError.self) {
            try CommandLineParser.parse(["playlist", "add", "Mix", "http://a/s", "--artist", "X"], context: context)
        }
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["playlist", "add", "Mix"], context: context) }
    }
}
