import Tagging

/// A `TagInput` that first gives back bytes already read from `base` (a peeked header), then continues in `base`.
final class PrefixedInput: TagInput {
    private var prefix: ArraySlice<UInt8>
    private let base: any TagInput

    init(prefix: [UInt8], base: any TagInput) {
        self.prefix = prefix[...]
        self.base = base
    }

    var offset: Int64 { base.offset - Int64(prefix.count) }

    func read(_ count: Int) throws(TagError) -> [UInt8] {
        guard count >= 0 else { throw TagError(.corrupt, offset: offset, "negative length") }
        let fromPrefix = min(count, prefix.count)
        var out = Array(prefix.prefix(fromPrefix))
        prefix = prefix.dropFirst(fromPrefix)
        if count > fromPrefix { out += try base.read(count - fromPrefix) }
        return out
    }

    func skip(_ count: Int) throws(TagError) {
        guard count >= 0 else { throw TagError(.corrupt, offset: offset, "negative length") }
        let fromPrefix = min(count, prefix.count)
        prefix = prefix.dropFirst(fromPrefix)
        if count > fromPrefix { try base.skip(count - fromPrefix) }
    }
}
