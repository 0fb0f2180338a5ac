import PlayerCore
import Tagging

/// Lets the tag parsers read a decoder's `ByteSource`: buffered forward reads, skips by seeking when the source
/// can (a 20 MB picture is stepped over, not read), and source errors carried as `.io` with the file offset.
final class TagInputFromByteSource: TagInput {
    private let source: any ByteSource
    private var buffer: [UInt8] = []
    private var bufferStart = 0
    /// The file offset of `buffer[bufferStart]`.
    private(set) var offset: Int64
    /// The source error that stopped reading, kept so the caller can report it with its path.
    private(set) var sourceError: DecodeError?

    /// Reads from the source's current position.
    init(_ source: any ByteSource) {
        self.source = source
        offset = source.position
    }

    func read(_ count: Int) throws(TagError) -> [UInt8] {
        guard count >= 0 else { throw TagError(.corrupt, offset: offset, "negative length") }
        var out = [UInt8]()
        out.reserveCapacity(min(count, 1 << 20))
        while out.count < count {
            if bufferStart == buffer.count { try fill(want: count - out.count) }
            let n = min(buffer.count - bufferStart, count - out.count)
            out += buffer[bufferStart..<(bufferStart + n)]
            bufferStart += n
            offset += Int64(n)
        }
        return out
    }

    func skip(_ count: Int) throws(TagError) {
        guard count >= 0 else { throw TagError(.corrupt, offset: offset, "negative length") }
        let buffered = min(buffer.count - bufferStart, count)
        bufferStart += buffered
        offset += Int64(buffered)
        var left = count - buffered
        guard left > 0 else { return }
        if source.isSeekable {
            // Seeking past the end is legal for a file: check the length so a lying size ends cleanly.
            // Overflow-reporting: a size from the file can never trap, it only runs past the end.
            let (end, overflow) = offset.addingReportingOverflow(Int64(left))
            if overflow || source.length.map({ end > $0 }) == true {
                throw TagError(.truncated, offset: offset, "skip of \(left) bytes runs past the end of the file")
            }
            do { try source.seek(to: end) } catch {
                sourceError = error
                throw TagError(.io, offset: offset, error.message)
            }
            offset = end
            buffer = []
            bufferStart = 0
            return
        }
        while left > 0 {
            try fill(want: left)
            let n = min(buffer.count, left)
            bufferStart = n
            offset += Int64(n)
            left -= n
        }
    }

    private func fill(want: Int) throws(TagError) {
        let size = max(4096, min(want, 1 << 16))
        let raw = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 1)
        defer { raw.deallocate() }
        let n: Int
        do {
            n = try source.read(into: raw)
        } catch {
            sourceError = error
            throw TagError(.io, offset: offset, error.message)
        }
        buffer = Array(raw[0..<n])
        bufferStart = 0
        if n == 0 { throw TagError(.truncated, offset: offset, "file ends inside the tag") }
    }
}
