/// Where a tag parser gets its bytes: a file or stream (adapted by the caller), an in-memory block, or the body of
/// one Ogg packet. Parsers only read forward, so a non-seekable stream works too.
///
/// `read` returns exactly `count` bytes or throws `.truncated`; `skip` passes over bytes without keeping them, which
/// is how oversized fields (a 20 MB picture) are stepped over without being held in memory.
public protocol TagInput: AnyObject {
    /// Reads exactly `count` bytes; throws `.truncated` when fewer remain.
    func read(_ count: Int) throws(TagError) -> [UInt8]
    /// Passes over exactly `count` bytes; throws `.truncated` when fewer remain.
    func skip(_ count: Int) throws(TagError)
    /// Offset of the next byte, for error context.
    var offset: Int64 { get }
}

/// Why a tag could not be read (fully), with the byte offset where the problem was seen.
public struct TagError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The broad class of failure.
    public enum Kind: Sendable, Hashable {
        /// The input ended inside a structure whose size said more bytes follow.
        case truncated
        /// A structure is malformed (bad magic, impossible size).
        case corrupt
        /// The underlying file or stream failed.
        case io
    }

    public var kind: Kind
    public var offset: Int64
    public var message: String

    public init(_ kind: Kind, offset: Int64, _ message: String) {
        (self.kind, self.offset, self.message) = (kind, offset, message)
    }

    public var description: String { "\(message) (at byte \(offset))" }
}

/// An in-memory `TagInput` over a byte array (a FLAC block, a decoded METADATA_BLOCK_PICTURE, a fuzz input).
public final class BytesInput: TagInput {
    private let bytes: [UInt8]
    private var position = 0
    /// Added to positions in error messages, so errors inside a block name the file offset.
    private let base: Int64

    public init(_ bytes: [UInt8], baseOffset: Int64 = 0) {
        self.bytes = bytes
        base = baseOffset
    }

    public var offset: Int64 { base + Int64(position) }
    /// Bytes left to read.
    public var remaining: Int { bytes.count - position }

    public func read(_ count: Int) throws(TagError) -> [UInt8] {
        guard count >= 0, count <= remaining else {
            throw TagError(.truncated, offset: offset, "wanted \(count) bytes, \(remaining) left")
        }
        defer { position += count }
        return Array(bytes[position..<(position + count)])
    }

    public func skip(_ count: Int) throws(TagError) {
        guard count >= 0, count <= remaining else {
            throw TagError(.truncated, offset: offset, "wanted to skip \(count) bytes, \(remaining) left")
        }
        position += count
    }
}

/// Limits reads from `base` to the next `limit` bytes (the body of one FLAC metadata block), so a field whose
/// length points past its block fails cleanly instead of reading into the next structure.
public final class LimitedInput: TagInput {
    private let base: any TagInput
    public private(set) var remaining: Int

    public init(_ base: any TagInput, limit: Int) {
        self.base = base
        remaining = limit
    }

    public var offset: Int64 { base.offset }

    public func read(_ count: Int) throws(TagError) -> [UInt8] {
        try check(count)
        remaining -= count
        return try base.read(count)
    }

    public func skip(_ count: Int) throws(TagError) {
        try check(count)
        remaining -= count
        try base.skip(count)
    }

    private func check(_ count: Int) throws(TagError) {
        guard count >= 0, count <= remaining else {
            throw TagError(
                .truncated, offset: offset,
                "field of \(count) bytes runs past its block (\(remaining) left)")
        }
    }

    /// Skips whatever is left of the block.
    public func skipRest() throws(TagError) { try skip(remaining) }
}

extension TagInput {
    func u8() throws(TagError) -> UInt8 { try read(1)[0] }

    func u32le() throws(TagError) -> Int {
        let b = try read(4)
        return Int(b[0]) | Int(b[1]) << 8 | Int(b[2]) << 16 | Int(b[3]) << 24
    }

    func u32be() throws(TagError) -> Int {
        let b = try read(4)
        return Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3])
    }
}
