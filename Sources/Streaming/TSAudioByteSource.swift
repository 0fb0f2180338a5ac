import Decoding
import PlayerCore

/// The audio elementary stream inside an MPEG transport stream, as a non-seekable `ByteSource` (HLS `.ts`
/// segments concatenated by `HLSByteSource`): finds 188-byte packets (resynchronising on 0x47 sync bytes that
/// repeat a packet apart after garbage), demuxes them with `MPEGTSDemuxer`, and hands out the audio bytes.
///
/// Bounded: one read chunk of input and the audio of those packets are held; `maxGarbageBytes` without packets,
/// or `maxBytesWithoutAudio` without finding an audio stream, end the stream with a typed error.
final class TSAudioByteSource: ByteSource {
    private let base: any ByteSource
    private var demuxer = MPEGTSDemuxer()
    private var input: [UInt8] = []
    private var inputStart = 0
    private var output: [UInt8] = []
    private var outputStart = 0
    private var garbage = 0
    private var locked = false
    private var scanned: Int64 = 0
    private var atEnd = false
    private(set) var position: Int64 = 0

    static let maxGarbageBytes = 64 * 1024
    static let maxBytesWithoutAudio: Int64 = 2 << 20

    init(base: any ByteSource) { self.base = base }

    var path: String { base.path }
    var isSeekable: Bool { false }
    var length: Int64? { nil }
    var isRemote: Bool { true }
    /// The audio codec the PMT named, once it was read.
    var codec: MPEGTSDemuxer.Codec? { demuxer.codec }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
        while outputStart == output.count {
            output.removeAll(keepingCapacity: true)
            outputStart = 0
            guard try demuxMore() else { return 0 }
        }
        let n = min(buffer.count, output.count - outputStart)
        output.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + outputStart, byteCount: n) }
        outputStart += n
        position += Int64(n)
        return n
    }

    func seek(to offset: Int64) throws(DecodeError) {
        guard offset == position else {
            throw DecodeError(.notSeekable, path: path, offset: offset, message: "MPEG-TS streams are not seekable")
        }
    }

    /// Reads a chunk of the transport stream and demuxes its whole packets; false at its end.
    private func demuxMore() throws(DecodeError) -> Bool {
        if atEnd { return false }
        let raw = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * MPEGTSDemuxer.packetSize, alignment: 1)
        defer { raw.deallocate() }
        let n = try base.read(into: raw)
        if n == 0 {
            atEnd = true
            return false
        }
        if inputStart > 0 {
            input.removeFirst(inputStart)
            inputStart = 0
        }
        input.append(contentsOf: raw[0..<n])
        let size = MPEGTSDemuxer.packetSize
        while input.count - inputStart >= size {
            // Locked on, a sync byte is enough; after garbage, the byte a packet later (if here) must be one too.
            let synced =
                input[inputStart] == 0x47
                && (locked || input.count - inputStart < 2 * size || input[inputStart + size] == 0x47)
            locked = synced
            guard synced else {
                inputStart += 1
                garbage += 1
                if garbage > Self.maxGarbageBytes {
                    throw DecodeError(
                        .corrupt, path: path, offset: scanned,
                        message: "no MPEG-TS packets in \(Self.maxGarbageBytes / 1024) KB")
                }
                scanned += 1
                continue
            }
            garbage = 0
            let from = inputStart
            let result = input.withUnsafeBytes { raw in
                Result { () throws(MPEGTSDemuxer.Failure) in
                    try demuxer.push(UnsafeRawBufferPointer(rebasing: raw[from..<(from + size)]), into: &output)
                }
            }
            if case .failure(let error) = result {
                throw DecodeError(
                    .corrupt, path: path, offset: scanned,
                    message: "MPEG-TS packet \(error.packet): \(error.message)")
            }
            inputStart += size
            scanned += Int64(size)
        }
        if demuxer.codec == nil && scanned > Self.maxBytesWithoutAudio {
            throw DecodeError(
                .unsupportedFormat, path: path, offset: scanned,
                message: "no audio program in the first \(Self.maxBytesWithoutAudio >> 20) MB of the MPEG-TS stream")
        }
        return true
    }
}
