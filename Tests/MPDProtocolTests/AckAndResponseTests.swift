import MPDProtocol
import Testing

@Suite struct AckAndResponseTests {
    @Test func codesAreMPDs() {
        let codes = MPDAckCode.allCases.map(\.rawValue)
        #expect(codes == [1, 2, 3, 4, 5, 50, 51, 52, 53, 54, 55, 56])
    }

    @Test func ackLineAsTheProtocolDocumentsIt() {
        let ack = MPDAck(.argument, listIndex: 1, command: "play", message: "Bad song index")
        #expect(ack.line == "ACK [2@1] {play} Bad song index\n")
        #expect(MPDAck(.unknown, message: "unknown command \"foo\"").line == "ACK [5@0] {} unknown command \"foo\"\n")
    }

    @Test func ackNeverSpansLines() {
        let error = MPDArgumentError.integerExpected("1\nOK\r\nfoo")
        #expect(error.ack(command: "play").line == "ACK [2@0] {play} Integer expected: 1 OK  foo\n")
    }

    @Test func fieldsOKAndListOK() {
        var writer = MPDResponseWriter()
        writer.field("file", "a/b.flac")
        writer.field("Title", "two\nlines\rhere")
        writer.field("Pos", 3)
        writer.field("elapsed", seconds: 12.3456)
        writer.field("duration", seconds: -0.0004)
        writer.listOK()
        writer.changed(.storedPlaylist)
        writer.ok()
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(
            text == "file: a/b.flac\nTitle: two lines here\nPos: 3\nelapsed: 12.346\nduration: 0.000\nlist_OK\n"
                + "changed: stored_playlist\nOK\n")
        writer.removeAll()
        #expect(writer.bytes.isEmpty)
    }

    @Test func secondsFormatting() {
        var writer = MPDResponseWriter()
        writer.field("a", seconds: .nan)
        writer.field("b", seconds: 1e300)
        writer.field("c", seconds: -1.5)
        writer.field("d", seconds: 0.05)
        writer.field("e", seconds: 3599.9996)
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == "a: 0.000\nb: 0.000\nc: -1.500\nd: 0.050\ne: 3600.000\n")
        // Integers of every width and sign, written digit by digit.
        writer.removeAll()
        writer.field("a", 0)
        writer.field("b", Int64.min)
        writer.field("c", UInt64.max)
        writer.field("d", UInt8(7))
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == "a: 0\nb: -9223372036854775808\nc: 18446744073709551615\nd: 7\n")
    }

    @Test func binaryChunk() {
        var writer = MPDResponseWriter()
        writer.field("size", 5)
        writer.binary([0, 10, 13, 255, 10])
        writer.ok()
        #expect(writer.bytes == Array("size: 5\nbinary: 5\n".utf8) + [0, 10, 13, 255, 10] + Array("\nOK\n".utf8))
    }

    @Test func ackWrittenByTheWriter() {
        var writer = MPDResponseWriter()
        writer.ack(MPDAck(.noExist, command: "playid", message: "No such song"))
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "ACK [50@0] {playid} No such song\n")
    }

    @Test func versionInOnePlace() {
        #expect(MPDProtocolVersion.string == "0.23.5")
        #expect(MPDProtocolVersion.greeting == "OK MPD 0.23.5\n")
    }
}
