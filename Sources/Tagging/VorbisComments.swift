/// A Vorbis comment block (FLAC VORBIS_COMMENT, Ogg Vorbis comment header, OpusTags): a vendor string and
/// `KEY=value` fields in file order, keys upper-cased (they are case-insensitive), repeated keys kept.
public struct VorbisComments: Sendable, Hashable {
    public var vendor: String
    public var fields: [(key: String, value: String)]

    public init(vendor: String = "", fields: [(key: String, value: String)] = []) {
        self.vendor = vendor
        self.fields = fields
    }

    /// Every value of `key` (case-insensitive), in file order.
    public func values(_ key: String) -> [String] {
        let k = key.uppercased()
        return fields.filter { $0.key == k }.map(\.value)
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.vendor == b.vendor && a.fields.elementsEqual(b.fields) { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into h: inout Hasher) {
        h.combine(vendor)
        for f in fields { h.combine(f.key); h.combine(f.value) }
    }
}

/// Reads the Vorbis comment structure (little-endian lengths), tolerant of damage: fields read before a
/// truncation are kept, oversized fields are skipped without being held, invalid UTF-8 is repaired (U+FFFD).
public enum VorbisCommentReader {
    /// The comments, the base64 METADATA_BLOCK_PICTURE values (undecoded), and the error that cut the block
    /// short, if any (what was read before it is still returned).
    public struct Result: Sendable {
        public var comments = VorbisComments()
        public var encodedPictures: [[UInt8]] = []
        public var error: TagError?
    }

    /// Reads one comment block from `input`. `keepPicture` is asked before each METADATA_BLOCK_PICTURE value is
    /// read: false skips it (once a front cover is held, later pictures need not be kept).
    public static func read(from input: any TagInput, keepPicture: () -> Bool = { true }) -> Result {
        var result = Result()
        do throws(TagError) {
            let vendorLength = try input.u32le()
            result.comments.vendor = try text(input, length: vendorLength) ?? ""
            let count = try input.u32le()
            for _ in 0..<min(count, TagLimits.maxFields) {
                let length = try input.u32le()
                // The key is short; read up to the '=' within the first bytes to decide what the field is.
                let headLength = min(length, 32)
                let head = try input.read(headLength)
                let rest = length - headLength
                guard let eq = head.firstIndex(of: UInt8(ascii: "=")), eq > 0 else {
                    try input.skip(rest)  // no key: not a field (the spec says to ignore it)
                    continue
                }
                let key = String(decoding: head[..<eq], as: UTF8.self).uppercased()
                if key == "METADATA_BLOCK_PICTURE" {
                    if rest + headLength - eq - 1 <= TagLimits.maxEncodedPictureBytes, keepPicture() {
                        result.encodedPictures.append(Array(head[(eq + 1)...]) + (try input.read(rest)))
                    } else {
                        try input.skip(rest)
                    }
                    continue
                }
                guard length - eq - 1 <= TagLimits.maxTextBytes else {
                    try input.skip(rest)
                    continue
                }
                let value = Array(head[(eq + 1)...]) + (try input.read(rest))
                result.comments.fields.append((key, String(decoding: value, as: UTF8.self)))
            }
        } catch {
            result.error = error
        }
        return result
    }

    private static func text(_ input: any TagInput, length: Int) throws(TagError) -> String? {
        guard length <= TagLimits.maxTextBytes else {
            try input.skip(length)
            return nil
        }
        return String(decoding: try input.read(length), as: UTF8.self)
    }
}
