import PlayerCore

/// A forward-only source (a network stream without byte ranges) made usable by readers that step a little back
/// and skip ahead, such as the MP4 reader and `AACDecoder` over a `moov`-first (faststart) file: the last `keep`
/// bytes can be read again, a seek forward reads and discards up to the target. Anything further back throws
/// `.notSeekable`. Reports `isSeekable == false`, so decoders over it offer no seeking. Memory: about 2 × `keep`.
final class ForwardByteSource: ByteSource {
    private let base: any ByteSource
    private let keep: Int
    /// The last bytes read from `base`; `history[0]` is at offset `consumed - history.count`.
    private var history: [UInt8] = []
    /// Bytes taken from `base` so far.
    private var consumed: Int64
    private(set) var position: Int64

    init(base: any ByteSource, keep: Int = 64 * 1024) {
        self.base = base
        self.keep = keep
        consumed = base.position
        position = base.position
    }

    var path: String { base.path }
    var isSeekable: Bool { false }
    var length: Int64? { base.length }
    var isRemote: Bool { base.isRemote }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
        guard !buffer.isEmpty else { return 0 }
        if position < consumed {
            // Bounded by `seek`: position is within the history, so the distance fits an Int.
            let from = history.count - Int(consumed - position)
            let n = min(buffer.count, history.count - from)
            history.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + from, byteCount: n) }
            position += Int64(n)
            return n
        }
        let n = try base.read(into: buffer)
        remember(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
        position += Int64(n)
        return n
    }

    func seek(to offset: Int64) throws(DecodeError) {
        if offset >= consumed - Int64(history.count) && offset <= consumed {
            position = offset
            return
        }
        guard offset > consumed else {
            throw DecodeError(
                .notSeekable, path: path, offset: offset,
                message: "cannot go back in a stream without byte ranges (only the last \(keep / 1024) KB)")
        }
        // Forward: read up to the target, keeping only the history.
        position = consumed
        let raw = UnsafeMutableRawBufferPointer.allocate(byteCount: 16 * 1024, alignment: 1)
        defer { raw.deallocate() }
        while consumed < offset {
            let want = Int(min(Int64(raw.count), offset - consumed))
            let n = try base.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<want]))
            if n == 0 {
                throw DecodeError(
                    .truncated, path: path, offset: consumed, message: "the stream ends before byte \(offset)")
            }
            remember(UnsafeRawBufferPointer(rebasing: raw[0..<n]))
        }
        position = offset
    }

    private func remember(_ bytes: UnsafeRawBufferPointer) {
        history.append(contentsOf: bytes)
        consumed += Int64(bytes.count)
        if history.count > 2 * keep { history.removeFirst(history.count - keep) }
    }
}
