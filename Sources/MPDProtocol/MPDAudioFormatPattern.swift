/// An audio format in a filter, `SAMPLERATE:BITS:CHANNELS`; with `=~` any part may be `*` (a mask).
public struct MPDAudioFormatPattern: Sendable, Equatable, Hashable {
    /// The sample format part.
    public enum SampleFormat: String, Sendable, CaseIterable {
        /// 8-bit integer.
        case s8 = "8"
        /// 16-bit integer.
        case s16 = "16"
        /// 24-bit integer (in 32).
        case s24 = "24"
        /// 32-bit integer.
        case s32 = "32"
        /// 32-bit float.
        case float = "f"
        /// DSD.
        case dsd
    }

    /// The sample rate in Hz; nil for `*`.
    public var sampleRate: UInt32?
    /// The sample format; nil for `*`.
    public var format: SampleFormat?
    /// The channel count (1…8); nil for `*`.
    public var channels: UInt8?
    /// Whether this came with `=~` (parts may be absent) rather than `==`.
    public var isMask: Bool

    /// A pattern with the given parts.
    public init(sampleRate: UInt32?, format: SampleFormat?, channels: UInt8?, isMask: Bool) {
        self.sampleRate = sampleRate
        self.format = format
        self.channels = channels
        self.isMask = isMask
    }

    /// Parses `RATE:BITS:CHANNELS`; `*` parts only when `isMask` (MPD's ParseAudioFormat).
    public static func parse(_ text: String, isMask: Bool) throws(MPDFilterError) -> MPDAudioFormatPattern {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .audioFormat(text) }
        func part<T>(_ part: Substring, _ read: (Substring) -> T?) throws(MPDFilterError) -> T? {
            if part == "*" && isMask { return nil }
            guard let value = read(part) else { throw .audioFormat(text) }
            return value
        }
        let rate = try part(parts[0]) { p in
            p.utf8.allSatisfy(isASCIIDigit) ? UInt32(p).flatMap { $0 > 0 && $0 < 1 << 30 ? $0 : nil } : nil
        }
        let format = try part(parts[1]) { SampleFormat(rawValue: String($0)) }
        let channels = try part(parts[2]) { p in
            p.utf8.allSatisfy(isASCIIDigit) ? UInt8(p).flatMap { (1...8).contains($0) ? $0 : nil } : nil
        }
        return MPDAudioFormatPattern(sampleRate: rate, format: format, channels: channels, isMask: isMask)
    }
}
