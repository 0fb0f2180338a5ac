import PlayerCore

/// Entry id lists (the shuffle's upcoming entries and history) as one blob: little-endian UInt64s. Pure.
enum IDBlob {
    static func encode(_ ids: [QueueEntryID]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(ids.count * 8)
        for id in ids {
            var v = id.rawValue.littleEndian
            withUnsafeBytes(of: &v) { bytes.append(contentsOf: $0) }
        }
        return bytes
    }

    /// Trailing bytes that do not make a whole id are ignored (a damaged value loses at most one id).
    static func decode(_ bytes: [UInt8]) -> [QueueEntryID] {
        var out: [QueueEntryID] = []
        out.reserveCapacity(bytes.count / 8)
        var i = 0
        while i + 8 <= bytes.count {
            var v: UInt64 = 0
            for k in 0..<8 { v |= UInt64(bytes[i + k]) << (8 * UInt64(k)) }
            out.append(QueueEntryID(rawValue: v))
            i += 8
        }
        return out
    }
}
