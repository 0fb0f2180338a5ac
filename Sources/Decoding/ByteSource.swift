import PlayerCore

/// The encoded bytes of one track, pulled by a decoder on the engine's decode thread.
///
/// A local file today (`FileByteSource`); later an HTTP/Icecast byte stream, which is not seekable and may block
/// in `read` while bytes arrive. A live capture is not a byte source: it delivers PCM and implements `Decoder`
/// directly, so the engine drives every kind of input through the same `Decoder` protocol.
public protocol ByteSource: AnyObject {
    /// The file path or URI, for error messages.
    var path: String { get }
    /// Whether `seek(to:)` works; decoders over a non-seekable source are not seekable either.
    var isSeekable: Bool { get }
    /// The total length in bytes, when known.
    var length: Int64? { get }
    /// The offset of the next byte `read` returns.
    var position: Int64 { get }
    /// Reads up to `buffer.count` bytes into `buffer`; returns the count, 0 only at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int
    /// Moves to the absolute byte `offset`; throws `.notSeekable` when the source cannot.
    func seek(to offset: Int64) throws(DecodeError)
    /// True for a network source: every seek may cost a request, so decoders must not scan the whole source
    /// at open (the length comes from the container or the byte length instead).
    var isRemote: Bool { get }
}

extension ByteSource {
    public var isRemote: Bool { false }

    /// Reads until `buffer` is full or the source ends; the count read (short only at the end).
    func fill(_ buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
        var filled = 0
        while filled < buffer.count {
            let n = try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if n == 0 { break }
            filled += n
        }
        return filled
    }

    /// The next `count` bytes, fewer only at the end of the source.
    public func readPrefix(_ count: Int) throws(DecodeError) -> [UInt8] {
        let raw = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        defer { raw.deallocate() }
        return Array(raw[0..<(try fill(raw))])
    }

    /// Exactly `count` bytes; when the source ends first, the error `short` makes from how many there were.
    func readExactly(_ count: Int, short: (Int) -> DecodeError) throws(DecodeError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        let n = try out.withUnsafeMutableBytes { raw in Result { () throws(DecodeError) in try fill(raw) } }.get()
        guard n == count else { throw short(n) }
        return out
    }
}
