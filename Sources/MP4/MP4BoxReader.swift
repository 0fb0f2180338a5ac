import Tagging

/// The header of one box: its type, where it starts, and how many body bytes follow.
struct MP4BoxHeader {
    var type: FourCC
    /// File offset of the box's first header byte.
    var offset: Int64
    /// Bytes after the header.
    var bodySize: Int
}

/// Walks boxes inside a bounded region: every size is checked against what its parent has left, so a box can
/// never read into its neighbour, and the number of boxes walked is capped (`MP4Limits`).
final class MP4BoxWalker {
    private(set) var boxesWalked = 0

    /// Reads the header of the next box in `parent`; nil when fewer than 8 bytes are left (padding at the end).
    func nextHeader(in parent: LimitedInput) throws(TagError) -> MP4BoxHeader? {
        guard parent.remaining >= 8 else { return nil }
        boxesWalked += 1
        guard boxesWalked <= MP4Limits.maxBoxes else {
            throw TagError(.corrupt, offset: parent.offset, "more than \(MP4Limits.maxBoxes) boxes")
        }
        let offset = parent.offset
        let size32 = try parent.be32()
        let type = FourCC(try parent.be32())
        var headerSize = 8
        var size: UInt64 = UInt64(size32)
        if size32 == 1 {
            guard parent.remaining >= 8 else { throw TagError(.truncated, offset: offset, "box \(type) cut off") }
            size = try parent.be64()
            headerSize = 16
        } else if size32 == 0 {
            size = UInt64(parent.remaining + headerSize)  // runs to the end of its parent
        }
        guard size >= UInt64(headerSize) else {
            throw TagError(.corrupt, offset: offset, "box \(type) of \(size) bytes is smaller than its header")
        }
        let body = size - UInt64(headerSize)
        guard body <= UInt64(parent.remaining), let bodySize = Int(exactly: body) else {
            throw TagError(
                .truncated, offset: offset,
                "box \(type) of \(size) bytes runs past its parent (\(parent.remaining + headerSize) left)")
        }
        return MP4BoxHeader(type: type, offset: offset, bodySize: bodySize)
    }

    /// Calls `body` for each child box of `parent` with a reader limited to that child; skips what `body` leaves.
    func forEachChild(
        of parent: LimitedInput, depth: Int,
        _ body: (MP4BoxHeader, LimitedInput) throws(TagError) -> Void
    ) throws(TagError) {
        guard depth <= MP4Limits.maxDepth else {
            throw TagError(.corrupt, offset: parent.offset, "boxes nested deeper than \(MP4Limits.maxDepth)")
        }
        for _ in 0..<MP4Limits.maxChildren {
            guard let header = try nextHeader(in: parent) else { break }
            let child = LimitedInput(parent, limit: header.bodySize)
            try body(header, child)
            try child.skipRest()
        }
        try parent.skipRest()
    }
}

extension TagInput {
    func be8() throws(TagError) -> UInt8 { try read(1)[0] }

    func be16() throws(TagError) -> UInt16 {
        let b = try read(2)
        return UInt16(b[0]) << 8 | UInt16(b[1])
    }

    func be32() throws(TagError) -> UInt32 {
        let b = try read(4)
        return b.reduce(0) { $0 << 8 | UInt32($1) }
    }

    func be64() throws(TagError) -> UInt64 {
        let b = try read(8)
        return b.reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// Reads `count` entries of `size` bytes each, after checking they fit in `input`'s remaining bytes and the cap.
    func checkedCount(_ count: UInt32, entryBytes: Int, limit: Int, in input: LimitedInput, _ what: String)
        throws(TagError) -> Int
    {
        let n = Int(count)
        guard n <= limit else { throw TagError(.corrupt, offset: offset, "\(what): \(n) entries (limit \(limit))") }
        guard n * entryBytes <= input.remaining else {
            throw TagError(.truncated, offset: offset, "\(what): \(n) entries do not fit in \(input.remaining) bytes")
        }
        return n
    }
}
