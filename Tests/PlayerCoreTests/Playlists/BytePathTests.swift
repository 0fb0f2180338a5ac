import FileSystem
import PlayerCore
import Testing

/// BytePath keeps any file-name bytes in a String and gives them back exactly.
@Suite struct BytePathTests {
    @Test func utf8NamesAreUnchanged() {
        #expect(BytePath.string(Array("/Music/Björk/Jóga.mp3".utf8)) == "/Music/Björk/Jóga.mp3")
        #expect(BytePath.bytes("/Music/Björk/Jóga.mp3") == Array("/Music/Björk/Jóga.mp3".utf8))
    }

    @Test func anyBytesRoundTrip() {
        let cases: [[UInt8]] = [
            Array("/caf".utf8) + [0xE9] + Array(".wav".utf8),  // Latin-1
            [0x2F, 0xFF, 0xFE, 0xC0, 0xAF, 0xED, 0xA0, 0x80],  // invalid, overlong, surrogate
            [0x2F, 0xE2, 0x82],  // truncated sequence at the end
            Array("/x\u{10FF80}y\u{10FFFF}".utf8)  // real scalars in the escape range
        ]
        for bytes in cases {
            #expect(BytePath.bytes(BytePath.string(bytes)) == bytes, "\(bytes)")
        }
        var random = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0..<12, using: &random)).map { _ in
                UInt8.random(in: 1...255, using: &random)
            }
            #expect(BytePath.bytes(BytePath.string(bytes)) == bytes, "\(bytes)")
        }
    }

    @Test func fileURIsCarryTheBytes() throws {
        let path = BytePath.string(Array("/m/caf".utf8) + [0xE9] + Array(".wav".utf8))
        #expect(FileURI.uri(fromPath: path) == "file:///m/caf%E9.wav")
        #expect(try FileURI.path(fromURI: "file:///m/caf%E9.wav") == path)
        #expect(try FileURI.path(fromURI: "file:///a%FF%FE") == BytePath.string([0x2F, 0x61, 0xFF, 0xFE]))
        #expect(MediaLocation.file(path: path).fileName == "caf\u{FFFD}.wav")
        #expect(BytePath.withCString(path) { String(cString: $0) } == "/m/caf\u{FFFD}.wav")  // C sees the raw byte
    }
}
