import MPDProtocol
import Testing

@Suite struct TokenizerTests {
    private func parse(_ line: String, limits: MPDLimits = .default) throws(MPDRequestError) -> MPDRequest {
        try MPDRequest.parse(line, limits: limits)
    }

    @Test func commandAndUnquotedArguments() throws {
        #expect(try parse("status") == MPDRequest(command: "status"))
        #expect(try parse("play 10240") == MPDRequest(command: "play", arguments: ["10240"]))
        #expect(try parse("add  a/b.flac\t+1") == MPDRequest(command: "add", arguments: ["a/b.flac", "+1"]))
        #expect(try parse("setvol 86 ") == MPDRequest(command: "setvol", arguments: ["86"]))
        #expect(try parse("list_all2") == MPDRequest(command: "list_all2"))
    }

    @Test func carriageReturnAndControlBytesSeparateLikeSpaces() throws {
        #expect(try parse("status\r") == MPDRequest(command: "status"))
        #expect(try parse("play\u{1}5\r") == MPDRequest(command: "play", arguments: ["5"]))
    }

    @Test func quotedArgumentsWithEscapes() throws {
        #expect(try parse(#"add "a b/c d.mp3""#).arguments == ["a b/c d.mp3"])
        #expect(try parse(#"find "" x"#).arguments == ["", "x"])
        #expect(try parse(#"x "say \"hi\"" "back\\slash" "\n""#).arguments == [#"say "hi""#, #"back\slash"#, "n"])
        #expect(try parse("x \"tab\there\"").arguments == ["tab\there"])
    }

    @Test func theProtocolDocumentsFilterEscapingExample() throws {
        // doc/protocol.rst: an artist named foo'bar" at the protocol level.
        let request = try parse(#"find "(Artist == \"foo\\'bar\\\"\")""#)
        #expect(request.arguments == [#"(Artist == "foo\'bar\"")"#])
        let filter = try MPDFilter.parse(arguments: request.arguments, foldsCase: false)
        #expect(filter == .tag(.artist, MPDStringMatch(.equals, #"foo'bar""#)))
    }

    @Test func utf8ArgumentsPassUnquotedAndQuoted() throws {
        #expect(try parse("add Mötley/Crüe.flac \"日本 語\"").arguments == ["Mötley/Crüe.flac", "日本 語"])
    }

    @Test func linesThatAreNoCommand() {
        #expect(throws: MPDRequestError.notACommand) { try parse("") }
        #expect(throws: MPDRequestError.notACommand) { try parse(" status") }
        #expect(throws: MPDRequestError.notACommand) { try parse("Status") }
        #expect(throws: MPDRequestError.notACommand) { try parse("GET / HTTP/1.1") }
        #expect(throws: MPDRequestError.invalidCommandName(offset: 4)) { try parse("stat-us") }
        #expect(throws: MPDRequestError.invalidCommandName(offset: 4)) { try parse("play\"5\"") }
        #expect(MPDRequestError.notACommand.closesConnection)
        #expect(MPDRequestError.invalidCommandName(offset: 0).closesConnection)
    }

    @Test func badArguments() {
        #expect(throws: MPDRequestError.missingClosingQuote(offset: 4)) { try parse(#"add "abc"#) }
        #expect(throws: MPDRequestError.missingClosingQuote(offset: 4)) { try parse(#"add "abc\"#) }
        #expect(throws: MPDRequestError.spaceExpectedAfterQuote(offset: 8)) { try parse(#"add "abc"d"#) }
        #expect(throws: MPDRequestError.invalidUnquotedCharacter(offset: 4)) { try parse("add 'abc'") }
        #expect(throws: MPDRequestError.invalidUnquotedCharacter(offset: 7)) { try parse(#"add abc"d""#) }
        #expect(throws: MPDRequestError.nulByte(offset: 6)) { try MPDRequest.parse(Array("play 1\0 2".utf8)) }
        #expect(!MPDRequestError.missingClosingQuote(offset: 0).closesConnection)
    }

    @Test func invalidUTF8IsRejectedNotRepaired() {
        let line: [UInt8] = Array("add ok \"".utf8) + [0xC3, 0x28] + [UInt8(ascii: "\"")]
        #expect(throws: MPDRequestError.invalidUTF8(argument: 1)) { try MPDRequest.parse(line) }
        #expect(throws: MPDRequestError.invalidUTF8(argument: 0)) { try MPDRequest.parse(Array("add ".utf8) + [0xFF]) }
        #expect(
            MPDRequestError.invalidUTF8(argument: 1).ack(command: "").line
                == "ACK [2@0] {} Invalid UTF-8 in argument 2\n")
    }

    @Test func bounds() throws {
        let limits = MPDLimits(maxLineBytes: 16, maxArguments: 3)
        #expect(try parse("a 1 2 3", limits: limits).arguments.count == 3)
        #expect(throws: MPDRequestError.tooManyArguments(limit: 3)) { try parse("a 1 2 3 4", limits: limits) }
        #expect(throws: MPDRequestError.lineTooLong(length: 17, limit: 16)) {
            try parse("a 123456789012345", limits: limits)
        }
        #expect(MPDLimits.default.maxArguments == 2 + 2 * MPDTag.allCases.count)
        let many = "find " + Array(repeating: "artist x", count: MPDTag.allCases.count + 2).joined(separator: " ")
        #expect(throws: MPDRequestError.tooManyArguments(limit: MPDLimits.default.maxArguments)) { try parse(many) }
    }

    @Test func tokenizerErrorsBecomeMPDsAcks() {
        #expect(MPDRequestError.missingClosingQuote(offset: 3).ack().line == "ACK [5@0] {} Missing closing '\"'\n")
        #expect(MPDRequestError.tooManyArguments(limit: 74).ack().line == "ACK [2@0] {} Too many arguments\n")
    }

    @Test func hostileBytesNeverTrap() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            var line: [UInt8] = [UInt8(ascii: "a")]
            for _ in 0..<Int(seed % 40) {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                line.append([0x22, 0x5C, 0x20, 0x27, 0x00, 0xC3, 0x61, 0xFF][Int(seed >> 61)])
            }
            _ = try? MPDRequest.parse(line)
        }
    }
}
