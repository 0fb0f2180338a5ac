/// One ID3v2.4 RVA2 frame's master-volume adjustment: its identification ("track", "album"), the gain in dB and
/// the peak as a fraction of full scale, when given.
public struct VolumeAdjustment: Sendable, Hashable {
    public var identification: String
    public var gainDB: Double
    public var peak: Double?

    /// Reads an RVA2 body: Latin-1 identification ending in NUL, then per channel: type (1 = master volume), the
    /// adjustment as a signed 16-bit count of 1/512 dB, the peak's size in bits and the peak. Returns the master
    /// channel's values; throws `.corrupt` when there is none.
    public static func read(_ input: any TagInput) throws(TagError) -> VolumeAdjustment {
        var idBytes: [UInt8] = []
        while true {
            let b = try input.read(1)[0]
            if b == 0 { break }
            guard idBytes.count < 256 else {
                throw TagError(.corrupt, offset: input.offset, "RVA2 identification too long")
            }
            idBytes.append(b)
        }
        let identification = String(decoding: idBytes, as: UTF8.self)
        for _ in 0..<64 {
            let head = try input.read(4)
            let type = head[0]
            let raw = Int16(bitPattern: UInt16(head[1]) << 8 | UInt16(head[2]))
            let bits = Int(head[3])
            let peakBytes = (bits + 7) / 8
            guard peakBytes <= 8 else { throw TagError(.corrupt, offset: input.offset, "RVA2 peak of \(bits) bits") }
            let peakRaw = try input.read(peakBytes)
            guard type == 1 else { continue }
            var peak: Double?
            if bits > 0 {
                let value = peakRaw.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } >> UInt64(peakBytes * 8 - bits)
                peak = Double(value) / Double(UInt64(1) << UInt64(bits - 1))
            }
            return VolumeAdjustment(identification: identification, gainDB: Double(raw) / 512, peak: peak)
        }
        throw TagError(.corrupt, offset: input.offset, "RVA2 without a master volume")
    }
}
