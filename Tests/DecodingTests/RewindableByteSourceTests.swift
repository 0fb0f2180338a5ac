import PlayerCore
import Testing
@testable import Decoding

/// The wrapper that lets format sniffing and header parsing re-read the start of a non-seekable stream.
@Suite struct RewindableByteSourceTests {
    @Test func rewindableSourceReplaysItsHeadAndRefusesTheRest() throws {
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let source = RewindableByteSource(
            base: MemoryByteSource(bytes: bytes, seekable: false, chunk: 300),
            window: 1000)
        var buffer = [UInt8](repeating: 0, count: 700)
        func read() throws -> [UInt8] {
            let n = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
            return Array(buffer[0..<n])
        }
        var all = [UInt8]()
        while all.count < 1500 { all += try read() }
        #expect(all == Array(bytes[0..<all.count]))
        try source.seek(to: 100)  // back into the kept head
        #expect(try read() == Array(bytes[100..<(100 + 700)]))
        #expect(try read() == Array(bytes[800..<1000]))  // up to the end of the head…
        #expect(throws: DecodeError.self) { _ = try read() }  // …and no further: those bytes are gone
        #expect(throws: DecodeError.self) { try source.seek(to: 5000) }
        try source.seek(to: Int64(all.count))  // where the stream is: reading goes on
        #expect(try read() == Array(bytes[all.count..<(all.count + 300)]))
        #expect(!source.isSeekable)
    }

    /// What the stream openers do after sniffing: the bytes already read come again, then the rest, and a seek
    /// back into them works; nothing beyond them is kept.
    @Test func aSniffedPrefixIsGivenAgainThenTheRest() throws {
        let bytes = (0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        let base = MemoryByteSource(bytes: bytes, seekable: false, chunk: 256)
        var sniffed = [UInt8](repeating: 0, count: 600)
        var got = 0
        while got < sniffed.count {
            let n = try sniffed.withUnsafeMutableBytes {
                try base.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[got...]))
            }
            #expect(n > 0)
            got += n
        }
        let source = RewindableByteSource(prefix: sniffed, base: base)
        var buffer = [UInt8](repeating: 0, count: 1000)
        func read() throws -> [UInt8] {
            let n = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
            return Array(buffer[0..<n])
        }
        #expect(try read() == Array(bytes[0..<600]))
        try source.seek(to: 10)
        #expect(try read() == Array(bytes[10..<600]))
        var rest = [UInt8]()
        while true {
            let chunk = try read()
            if chunk.isEmpty { break }
            rest += chunk
        }
        #expect(rest == Array(bytes[600...]))
        #expect(source.position == 5_000)
        #expect(throws: DecodeError.self) { try source.seek(to: 700) }  // past the prefix: gone from a stream
        #expect(!source.isSeekable)
    }
}
