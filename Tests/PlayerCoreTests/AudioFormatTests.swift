import Testing
@testable import PlayerCore

@Suite struct AudioFormatTests {
    @Test func frameArithmetic() {
        let cd = AudioFormat(sampleRate: 44100, channels: 2, sampleFormat: .int16)
        #expect(cd.bytesPerFrame == 4)
        #expect(cd.microseconds(forFrames: 44100) == 1_000_000)
        #expect(cd.frames(forMicroseconds: 500_000) == 22050)
        let f = AudioFormat(sampleRate: 48000, channels: 1, sampleFormat: .float32)
        #expect(f.bytesPerFrame == 4)
        #expect(f != cd)
    }
}
