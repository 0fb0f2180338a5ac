import MPDProtocol
import Testing

@Suite struct CommandListTests {
    private func request(_ command: String, _ arguments: String...) -> Result<MPDRequest, MPDRequestError> {
        .success(MPDRequest(command: command, arguments: arguments))
    }

    @Test func singleCommandsRunAtOnce() {
        var parser = MPDCommandListParser()
        #expect(parser.feed("status") == .run(MPDRequest(command: "status")))
        #expect(parser.feed("idle player") == .run(MPDRequest(command: "idle", arguments: ["player"])))
        #expect(parser.feed(#"add "x"#) == .reject(.missingClosingQuote(offset: 4)))
        #expect(!parser.isCollecting)
    }

    @Test func theProtocolDocumentsListExample() {
        var parser = MPDCommandListParser()
        #expect(parser.feed("command_list_begin") == .pending)
        #expect(parser.isCollecting)
        #expect(parser.feed("volume 86") == .pending)
        #expect(parser.feed("play 10240") == .pending)
        #expect(parser.feed("status") == .pending)
        #expect(
            parser.feed("command_list_end")
                == .runList(
                    MPDCommandList(
                        sendsListOK: false,
                        entries: [request("volume", "86"), request("play", "10240"), request("status")]))
        )
        #expect(!parser.isCollecting)
        #expect(parser.feed("status") == .run(MPDRequest(command: "status")))
    }

    @Test func okListAndBadEntriesKeepTheirIndex() {
        var parser = MPDCommandListParser()
        _ = parser.feed("command_list_ok_begin")
        _ = parser.feed("status")
        _ = parser.feed(#"add "unterminated"#)
        _ = parser.feed("command_list_begin")
        guard case .runList(let list) = parser.feed("command_list_end") else {
            Issue.record("no list")
            return
        }
        #expect(list.sendsListOK)
        #expect(
            list.entries == [
                request("status"), .failure(.missingClosingQuote(offset: 4)),
                .failure(.misplacedListCommand("command_list_begin"))
            ])
        #expect(
            MPDRequestError.misplacedListCommand("command_list_begin").ack(listIndex: 2).line
                == "ACK [5@2] {} unknown command \"command_list_begin\"\n")
    }

    @Test func misplacedEndIsAnUnknownCommand() {
        var parser = MPDCommandListParser()
        #expect(parser.feed("command_list_end") == .reject(.misplacedListCommand("command_list_end")))
        #expect(
            MPDRequestError.misplacedListCommand("command_list_end").ack().line
                == "ACK [5@0] {} unknown command \"command_list_end\"\n")
        #expect(parser.feed("ping") == .run(MPDRequest(command: "ping")))
    }

    @Test func idleInsideAListCloses() {
        var parser = MPDCommandListParser()
        _ = parser.feed("command_list_begin")
        #expect(parser.feed("noidle") == .close(.asynchronousCommandInList("noidle")))
        #expect(parser.feed("status") == .close(.asynchronousCommandInList("noidle")))
    }

    @Test func listsAreBounded() {
        var parser = MPDCommandListParser(limits: MPDLimits(maxListCommands: 2))
        _ = parser.feed("command_list_begin")
        #expect(parser.feed("a") == .pending)
        #expect(parser.feed("b") == .pending)
        #expect(parser.feed("c") == .close(.commandListTooLong))
        var bytes = MPDCommandListParser(limits: MPDLimits(maxListBytes: 10))
        _ = bytes.feed("command_list_begin")
        #expect(bytes.feed("ping") == .pending)  // 5
        #expect(bytes.feed("ping") == .pending)  // 10
        #expect(bytes.feed("p") == .close(.commandListTooLong))
        #expect(MPDRequestError.commandListTooLong.closesConnection)
    }

    @Test func nonRequestsClose() {
        var parser = MPDCommandListParser()
        #expect(parser.feed("GET / HTTP/1.1") == .close(.notACommand))
        var inList = MPDCommandListParser()
        _ = inList.feed("command_list_begin")
        #expect(inList.feed("") == .close(.notACommand))
    }

    @Test func lineFramer() {
        var framer = MPDLineFramer(limits: MPDLimits(maxLineBytes: 4))
        #expect(framer.append("ab".utf8) == [])
        #expect(framer.pendingByteCount == 2)
        #expect(framer.append("c\nd\n\nxy".utf8) == [Array("abc".utf8), Array("d".utf8), []])
        #expect(framer.append("zw\nq".utf8) == [Array("xyzw".utf8)])
        #expect(framer.overflow == nil)
        #expect(framer.append("rstu\nok\n".utf8) == [])
        #expect(framer.overflow == .lineTooLong(length: 5, limit: 4))
        #expect(framer.append("ping\n".utf8) == [])
    }

    @Test func linesBeforeAnOverflowAreKept() {
        var framer = MPDLineFramer(limits: MPDLimits(maxLineBytes: 3))
        #expect(framer.append("ok\ntoolong".utf8) == [Array("ok".utf8)])
        #expect(framer.overflow != nil)
    }
}
