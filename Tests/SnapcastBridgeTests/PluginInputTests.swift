import LinnetCLI
import SnapcastBridge
import Testing

@Suite struct PluginInputTests {
    private func decode(_ line: String) -> PluginInput { PluginInput.decode(.text(Array(line.utf8))) }

    private func errorCode(_ input: PluginInput) -> Int? {
        if case .invalid(_, let e) = input { e.code } else { nil }
    }

    @Test func whatSnapserverSends() {
        // The requests snapserver 0.26 writes, byte for byte.
        #expect(
            decode(#"{"id":1,"jsonrpc":"2.0","method":"Plugin.Stream.Player.GetProperties"}"#)
                == .request(id: .integer(1), .getProperties))
        #expect(
            decode(#"{"id":2,"jsonrpc":"2.0","method":"Plugin.Stream.Player.Control","params":{"command":"next"}}"#)
                == .request(id: .integer(2), .control(.next)))
        #expect(
            decode(#"{"id":3,"jsonrpc":"2.0","method":"Plugin.Stream.Player.SetProperty","params":{"volume":40}}"#)
                == .request(id: .integer(3), .setProperties([.volume(percent: 40)])))
        #expect(
            decode(
                #"{"id":4,"jsonrpc":"2.0","method":"Plugin.Stream.Player.Control","params":{"command":"setPosition","params":{"position":12.5}}}"#
            ) == .request(id: .integer(4), .control(.setPosition(seconds: 12.5))))
        #expect(
            decode(
                #"{"id":5,"jsonrpc":"2.0","method":"Plugin.Stream.Player.Control","params":{"command":"seek","params":{"offset":-10}}}"#
            ) == .request(id: .integer(5), .control(.seek(offsetSeconds: -10))))
    }

    @Test(arguments: [
        ("play", PlayerControl.play), ("pause", .pause), ("playPause", .playPause), ("stop", .stop),
        ("next", .next), ("previous", .previous)
    ])
    func everyCommand(_ word: String, _ control: PlayerControl) {
        let line =
            #"{"id":"a","jsonrpc":"2.0","method":"Plugin.Stream.Player.Control","params":{"command":"\#(word)"}}"#
        #expect(decode(line) == .request(id: .string("a"), .control(control)))
    }

    @Test func everyProperty() {
        let line =
            #"{"id":7,"jsonrpc":"2.0","method":"Plugin.Stream.Player.SetProperty","params":{"loopStatus":"track","shuffle":true,"volume":0,"mute":true,"rate":1.5}}"#
        #expect(
            decode(line)
                == .request(
                    id: .integer(7),
                    .setProperties([.loopStatus(.track), .shuffle(true), .volume(percent: 0), .mute(true), .rate(1.5)]))
        )
    }

    @Test func malformedLinesGetParseErrorsWithANullId() {
        for line in ["{", "not json", #"{"id":1,"method":"x""#, "\u{7F}"] {
            let input = decode(line)
            #expect(errorCode(input) == PluginError.parseErrorCode, "\(line)")
            if case .invalid(let id, _) = input { #expect(id == .null) }
        }
        #expect(
            PluginInput.decode(.overlong(byteCount: 2_000_000))
                == .invalid(id: .null, .invalidRequest("line too long (over 1999999 bytes)")))
    }

    @Test func wrongShapesAreInvalidRequests() {
        #expect(errorCode(decode("[1,2]")) == PluginError.invalidRequestCode)
        #expect(errorCode(decode("42")) == PluginError.invalidRequestCode)
        #expect(errorCode(decode(#"{"id":[1],"method":"x"}"#)) == PluginError.invalidRequestCode)
        #expect(errorCode(decode(#"{"id":1}"#)) == PluginError.invalidRequestCode)
        #expect(errorCode(decode(#"{"id":1,"method":5}"#)) == PluginError.invalidRequestCode)
        #expect(
            decode(#"{"id":1,"jsonrpc":"1.0","method":"x"}"#)
                == .invalid(id: .integer(1), .invalidRequest("jsonrpc must be \"2.0\"")))
    }

    @Test func unknownMethodsAnswerWithTheirId() {
        #expect(
            decode(#"{"id":9,"jsonrpc":"2.0","method":"Plugin.Stream.Player.GetMetadata"}"#)
                == .invalid(id: .integer(9), .methodNotFound("Plugin.Stream.Player.GetMetadata")))
    }

    @Test func wrongParamsAnswerWithTheirId() {
        let bad: [String] = [
            #"{"command":"dance"}"#, #"{"command":5}"#, "{}", #"{"command":"seek"}"#,
            #"{"command":"seek","params":{"offset":"x"}}"#, #"{"command":"setPosition","params":{"position":-1}}"#,
            #"{"command":"setPosition","params":{}}"#
        ]
        for params in bad {
            let line = #"{"id":3,"jsonrpc":"2.0","method":"Plugin.Stream.Player.Control","params":\#(params)}"#
            #expect(errorCode(decode(line)) == PluginError.invalidParamsCode, "\(params)")
        }
        let badProperties: [String] = [
            "{}", "[]", #"{"volume":101}"#, #"{"volume":-1}"#, #"{"volume":40.5}"#, #"{"volume":"40"}"#,
            #"{"shuffle":1}"#, #"{"loopStatus":"Track"}"#, #"{"loopStatus":"all"}"#, #"{"rate":0}"#,
            #"{"rate":-1}"#, #"{"mute":"yes"}"#, #"{"colour":"red"}"#, #"{"volume":40,"speed":2}"#
        ]
        for params in badProperties {
            let line = #"{"id":4,"jsonrpc":"2.0","method":"Plugin.Stream.Player.SetProperty","params":\#(params)}"#
            let input = decode(line)
            #expect(errorCode(input) == PluginError.invalidParamsCode, "\(params)")
            if case .invalid(let id, _) = input { #expect(id == .integer(4)) }
        }
    }

    @Test func notificationsAndResponsesNeedNoReply() {
        #expect(decode(#"{"jsonrpc":"2.0","method":"Anything.At.All"}"#) == .notification(method: "Anything.At.All"))
        #expect(decode(#"{"jsonrpc":"2.0","id":5,"result":"ok"}"#) == .response(id: .integer(5)))
        #expect(decode(#"{"jsonrpc":"2.0","id":5,"error":{"code":1,"message":"x"}}"#) == .response(id: .integer(5)))
    }

    @Test func nullAndFractionalIdsAreKept() {
        #expect(
            decode(#"{"jsonrpc":"2.0","id":null,"method":"Plugin.Stream.Player.GetProperties"}"#)
                == .request(id: .null, .getProperties))
        #expect(
            decode(#"{"jsonrpc":"2.0","id":1.5,"method":"Plugin.Stream.Player.GetProperties"}"#)
                == .request(id: .number(1.5), .getProperties))
    }

    @Test func repliesAreOneLineOfJSONRPC() throws {
        let error = PluginMessage.line(PluginMessage.error(id: .integer(3), .player("no player 'x'\nat all")))
        #expect(
            error
                == #"{"jsonrpc":"2.0","id":3,"error":{"code":-32000,"message":"no player 'x'\nat all","data":"no player 'x'\nat all"}}"#
                + "\n")
        #expect(
            PluginMessage.line(PluginMessage.ok(id: .string("q"))) == #"{"jsonrpc":"2.0","id":"q","result":"ok"}"#
                + "\n")
        #expect(PluginMessage.line(PluginMessage.ready) == #"{"jsonrpc":"2.0","method":"Plugin.Stream.Ready"}"# + "\n")
    }
}
