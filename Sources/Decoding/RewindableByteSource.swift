import PlayerCore

/// Wraps a non-seekable source (a network stream) so the start of it can be re-read: format sniffing and
/// libsndfile's header parsing read the first bytes, then seek back to them. The first `window` bytes are kept;
/// seeks are allowed back into them (or to where the stream is), anything else throws `.notSeekable`.
/// The wrapper still reports `isSeekable == false`: decoders over it do not offer seeking.
public final class RewindableByteSource: ByteSource {
    private let base: any ByteSource
    private let window: Int
    /// The first bytes of `base`, up to `window` of them.
    private var head: [UInt8] = []
    /// Bytes consumed from `base` so far.
    private var consumed: Int64 = 0
    public private(set) var position: Int64 = 0

    public init(base: any ByteSource, window: Int = 256 * 1024) {
        self.base = base
        self.window = window
        head.reserveCapacity(4096)
    }

    /// A source whose first bytes were already read from `base` (to sniff them): gives them again, then the
    /// rest. Seeks back into them work as into any kept head; nothing more is kept.
    public convenience init(prefix: [UInt8], base: any ByteSource) {
        self.init(base: base, window: prefix.count)
        head = prefix
        consumed = Int64(prefix.count)
    }

    public var path: String { base.path }
    public var isSeekable: Bool { false }
    public var length: Int64? { base.length }
    public var isRemote: Bool { base.isRemote }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
        if position < Int64(head.count) {
            let start = Int(position)
            let n = min(buffer.count, head.count - start)
            head.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + start, byteCount: n) }
            position += Int64(n)
            return n
        }
        guard position == consumed else {
            // Re-read past the kept bytes after rewinding: those bytes are gone from a stream.
            throw DecodeError(
                .notSeekable, path: path, offset: position,
                message: "cannot re-read a non-seekable source beyond its first \(head.count) bytes")
        }
        let n = try base.read(into: buffer)
        if Int64(head.count) == consumed && head.count < window {
            head.append(contentsOf: buffer[0..<min(n, window - head.count)])
        }
        consumed += Int64(n)
        position += Int64(n)
        return n
    }

    public func seek(to offset: Int64) throws(DecodeError) {
        guard offset <= Int64(head.count) || offset == consumed else {
            throw DecodeError(
                .notSeekable, path: path, offset: offset,
                message: "source is not seekable (only its first \(head.count) bytes can be re-read)")
        }
        position = offset
    }
}
