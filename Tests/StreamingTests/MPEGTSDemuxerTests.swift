import Decoding
import PlayerCore
@testable import Streaming
import Testing

/// The MPEG-TS demuxer on hand-made and random input: it finds the audio, strips PES headers, and never traps
/// or grows on garbage.
@Suite struct MPEGTSDemuxerTests {
    /// A byte source over memory.
    final class Memory: ByteSource {
        let bytes: [UInt8]
        private(set) var position: Int64 = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        var path: String { "memory" }
        var isSeekable: Bool { false }
        var length: Int64? { Int64(bytes.count) }
        func read(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
            let n = min(buffer.count, bytes.count - Int(position))
            bytes.withUnsafeBytes {
                buffer.baseAddress!.copyMemory(from: $0.baseAddress! + Int(position), byteCount: n)
            }
            position += Int64(n)
            return n
        }
        func seek(to offset: Int64) throws(DecodeError) { position = offset }
    }

    /// A packet of `pid` with `payload` (padded by an adaptation field).
    static func packet(_ pid: Int, start: Bool, _ payload: [UInt8], cc: Int = 0) -> [UInt8] {
        let head: [UInt8] = [0x47, UInt8((start ? 0x40 : 0) | pid >> 8), UInt8(pid & 0xFF)]
        let room = 184 - payload.count
        if room == 0 { return head + [UInt8(0x10 | cc & 15)] + payload }
        let stuffing = room >= 2 ? [UInt8(0)] + [UInt8](repeating: 0xFF, count: room - 2) : []
        return head + [UInt8(0x30 | cc & 15), UInt8(room - 1)] + stuffing + payload
    }

    static let psi: [UInt8] = {
        let pat: [UInt8] = [0, 0x00, 0xB0, 13, 0, 1, 0xC1, 0, 0, 0, 1, 0xF0, 0x00, 0xFF, 0xFF, 0xFF, 0xFF]
        let pmt: [UInt8] = [
            0, 0x02, 0xB0, 18, 0, 1, 0xC1, 0, 0, 0xE1, 0x00, 0xF0, 0, 0x0F, 0xE1, 0x00, 0xF0, 0,
            0xFF, 0xFF, 0xFF, 0xFF
        ]
        return packet(0, start: true, pat) + packet(0x1000, start: true, pmt)
    }()

    func readAll(_ source: TSAudioByteSource) throws(DecodeError) -> [UInt8] {
        var out: [UInt8] = []
        let raw = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
        defer { raw.deallocate() }
        while true {
            let n = try source.read(into: raw)
            if n == 0 { return out }
            out += raw[0..<n]
        }
    }

    @Test func audioPayloadComesOutWithoutPESHeadersAcrossGarbage() throws {
        let audio = (0..<300).map { UInt8(truncatingIfNeeded: $0) }
        // PES: start code, stream id, length (3 + 5 header bytes + 300), flags, 5 bytes of PTS.
        let pes: [UInt8] = [0, 0, 1, 0xC0, 0x01, 0x34, 0x80, 0x80, 5, 0x21, 0, 1, 0, 1]
        let first = Array(pes + audio.prefix(170)), rest = Array(audio.dropFirst(170))
        let stream =
            [0x12, 0x34, 0x47] + Self.psi + Self.packet(0x100, start: true, first)
            + Self.packet(0x200, start: true, [UInt8](repeating: 9, count: 184))  // another PID: ignored
            + Self.packet(0x100, start: false, rest, cc: 1)
        let ts = TSAudioByteSource(base: Memory(stream))
        #expect(try readAll(ts) == audio)
        #expect(ts.codec == .adts)
    }

    @Test func randomBytesNeverTrapAndEndInAClearErrorOrNothing() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<200 {
            var bytes = (0..<(4 * 188)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Sync bytes in place so the packets are parsed (and their random lengths tried), sometimes a PSI.
            for k in stride(from: 0, to: bytes.count, by: 188) { bytes[k] = 0x47 }
            if round % 2 == 0 { bytes = Self.psi + bytes }
            let ts = TSAudioByteSource(base: Memory(bytes))
            do {
                let out = try readAll(ts)
                #expect(out.count <= bytes.count)
            } catch {
                #expect(error.kind == .corrupt || error.kind == .unsupportedFormat, "\(error)")
            }
        }
    }
}
