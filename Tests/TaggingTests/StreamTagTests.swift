import Decoding
import Foundation
import PlayerCore
import Testing

/// Tags over a non-seekable source (as an HTTP stream will be): MP3 pictures then come from libmpg123's
/// MPG123_PICTURE copies; FLAC/Ogg fall back to what libsndfile reads.
@Suite struct StreamTagTests {
    /// A forward-only source over bytes in memory.
    final class StreamSource: ByteSource {
        let path = "stream://test"
        let isSeekable = false
        let length: Int64? = nil
        private let bytes: [UInt8]
        private(set) var position: Int64 = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        func read(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
            let start = Int(position), n = min(buffer.count, 1500, bytes.count - start)
            guard n > 0 else { return 0 }
            bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + start, byteCount: n) }
            position += Int64(n)
            return n
        }

        func seek(to offset: Int64) throws(DecodeError) {
            guard offset == position else { throw DecodeError(.notSeekable, path: path, message: "stream") }
        }
    }

    @Test func mp3PictureThroughMpg123OnAStream() throws {
        let bytes = try DemoFileTagTests.file("01-intro.mp3")
        let d = try DecoderRegistry.open(source: StreamSource(bytes), fileExtension: "mp3")
        #expect(!d.isSeekable)
        #expect(d.tags.title == "Linnet demo, track one")
        #expect(d.tags.picture?.data == (try DemoFileTagTests.file("art/front.jpg")))
        #expect(d.tags.picture?.mimeType == "image/jpeg")
    }

    @Test func flacOnAStreamStillHasLibsndfileTags() throws {
        let d = try DecoderRegistry.open(
            source: StreamSource(try DemoFileTagTests.file("02-chords.flac")),
            fileExtension: "flac")
        #expect(d.tags.title == "Chords in a FLAC")
        #expect(d.tags.picture == nil)  // documented gap: no second pass over a stream
    }
}
