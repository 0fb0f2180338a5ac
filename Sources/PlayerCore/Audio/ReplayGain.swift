/// A track's ReplayGain values as tagged (ID3 TXXX/RVA2, Vorbis comments, MP4 freeform atoms): gains in dB,
/// peaks as a fraction of full scale (1.0 = 0 dBFS).
public struct ReplayGainInfo: Sendable, Hashable {
    public var trackGain: Double?
    public var trackPeak: Double?
    public var albumGain: Double?
    public var albumPeak: Double?

    public init(trackGain: Double? = nil, trackPeak: Double? = nil, albumGain: Double? = nil, albumPeak: Double? = nil)
    {
        (self.trackGain, self.trackPeak, self.albumGain, self.albumPeak) = (trackGain, trackPeak, albumGain, albumPeak)
    }

    public var isEmpty: Bool { trackGain == nil && albumGain == nil }
}

/// How ReplayGain is applied: `off` (bit-exact output, the default), the `track` or `album` gain, or `auto`
/// (album gain while an album plays in order, else track gain).
public enum ReplayGainMode: String, Sendable, Hashable, CaseIterable {
    case off, track, album, auto
}

/// ReplayGain as the engine applies it: which gain (already resolved from `auto`) and the pre-amp.
public struct ReplayGainSettings: Sendable, Hashable {
    /// nil: off. true: album gain (falling back to track gain), false: track gain (falling back to album gain).
    public var useAlbum: Bool?
    public var preampDB: Double

    public init(useAlbum: Bool? = nil, preampDB: Double = 0) {
        self.useAlbum = useAlbum
        self.preampDB = preampDB
    }

    /// The linear factor for a track with `info`; nil when nothing is applied (off, or the track has no gain).
    /// Clipping is prevented by the peak: the factor never lifts the tagged peak above full scale.
    public func factor(for info: ReplayGainInfo?) -> Double? {
        guard let useAlbum, let info else { return nil }
        let gain = useAlbum ? (info.albumGain ?? info.trackGain) : (info.trackGain ?? info.albumGain)
        guard let gain else { return nil }
        let peak = useAlbum ? (info.albumPeak ?? info.trackPeak) : (info.trackPeak ?? info.albumPeak)
        var factor = ReplayGain.linear(gain + preampDB)
        if let peak, peak > 0 { factor = min(factor, 1 / peak) }
        return factor
    }
}

/// ReplayGain's text forms and the scaling of samples. Pure.
public enum ReplayGain {
    /// dB → linear amplitude.
    public static func linear(_ db: Double) -> Double {
        (db * 0.11512925464970229).exponential  // 10^(db/20) = e^(db · ln10 / 20)
    }

    /// "-6.50 dB", "+1.2 dB", "-6.5" → dB; nil for text that is not a gain or an absurd one (beyond ±60 dB).
    public static func parseGain(_ text: String) -> Double? {
        var t = Substring(text).drop { $0 == " " }
        if t.lowercased().hasSuffix("db") { t = t.dropLast(2) }
        t = Substring(t.trimmingCharacters(" "))
        if t.hasPrefix("+") { t = t.dropFirst() }
        guard let v = Double(t), v.isFinite, abs(v) <= 60 else { return nil }
        return v
    }

    /// "0.988" → peak; nil unless a finite number in (0, 10].
    public static func parsePeak(_ text: String) -> Double? {
        guard let v = Double(text.trimmingCharacters(" ")), v.isFinite, v > 0, v <= 10 else { return nil }
        return v
    }

    /// Multiplies the interleaved samples in `buffer` by `factor` (s16 rounded and clamped, f32 as is).
    public static func apply(_ factor: Double, to buffer: UnsafeMutableRawBufferPointer, format: SampleFormat) {
        guard let base = buffer.baseAddress else { return }
        switch format {
        case .int16:
            let s = base.assumingMemoryBound(to: Int16.self)
            let f = Float(factor)
            for i in 0..<(buffer.count / 2) {
                let v = (Float(s[i]) * f).rounded()
                s[i] = Int16(max(-32768, min(32767, v)))
            }
        case .float32:
            let s = base.assumingMemoryBound(to: Float.self)
            let f = Float(factor)
            for i in 0..<(buffer.count / 4) { s[i] *= f }
        }
    }
}

extension Double {
    /// e^self (Glibc's exp is not visible here: PlayerCore imports no C).
    fileprivate var exponential: Double {
        // Range reduction: e^x = 2^k · e^r with |r| ≤ ln2/2, then a Taylor series for e^r.
        let ln2 = 0.6931471805599453
        let k = (self / ln2).rounded()
        let r = self - k * ln2
        var term = 1.0, sum = 1.0
        for n in 1...20 {
            term *= r / Double(n)
            sum += term
        }
        guard let e = Int(exactly: k), abs(e) < 1000 else { return self > 0 ? .infinity : 0 }
        return sum * Double(sign: .plus, exponent: e, significand: 1)
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(_ c: Character) -> String {
        guard let first = firstIndex(where: { $0 != c }) else { return "" }
        let last = lastIndex(where: { $0 != c })!
        return String(self[first...last])
    }
}
