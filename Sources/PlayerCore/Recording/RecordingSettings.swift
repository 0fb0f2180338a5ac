/// What to record and how, validated before anything starts: `RecordingSettings.make` turns the
/// loosely typed settings of `StartRecording(s path, a{sv} settings)` into a checked value or a clear error.
public struct RecordingSettings: Sendable, Hashable {
    /// The file formats Linnet records to.
    public enum Container: String, Sendable, Hashable, CaseIterable { case wav, flac, ogg, opus, caf }
    /// Sample storage in the file (`bits`); meaningless for the lossy codecs.
    public enum Bits: String, Sendable, Hashable, CaseIterable { case s16, s24, s32, float }
    /// Which source: the server's default, the monitor of the default sink, or one by name.
    public enum Source: Sendable, Hashable {
        case defaultSource, defaultMonitor
        case named(String)
    }

    public var path: String
    public var source: Source
    public var container: Container
    public var sampleRate: Int
    public var channels: Int
    /// nil for Ogg Vorbis and Opus (the codec decides).
    public var bits: Bits?
    /// 0…1: VBR quality for Ogg/Opus, compression effort for FLAC; nil: the encoder's default.
    public var quality: Double?

    /// One raw setting value, as the bus delivered it.
    public enum Value: Sendable, Hashable {
        case string(String), unsigned(UInt64), double(Double), other(String)
    }

    /// A refused setting: which key and why.
    public struct Invalid: Error, Sendable, Hashable, CustomStringConvertible {
        public var key: String
        public var reason: String
        public var description: String { key.isEmpty ? reason : "\(key): \(reason)" }
    }

    public static let opusRates: Set<Int> = [8000, 12000, 16000, 24000, 48000]

    /// Checks every key and every combination; unknown keys are refused too (a typo should not be ignored).
    public static func make(path: String, _ settings: [String: Value]) throws(Invalid) -> RecordingSettings {
        func fail(_ key: String, _ reason: String) -> Invalid { Invalid(key: key, reason: reason) }
        func string(_ key: String) throws(Invalid) -> String? {
            guard let v = settings[key] else { return nil }
            guard case .string(let s) = v else { throw fail(key, "expected a string (s)") }
            return s
        }
        func unsigned(_ key: String, _ range: ClosedRange<Int>) throws(Invalid) -> Int? {
            guard let v = settings[key] else { return nil }
            guard case .unsigned(let u) = v else { throw fail(key, "expected an unsigned integer (u)") }
            guard let i = Int(exactly: u), range.contains(i) else {
                throw fail(key, "\(u) is outside \(range.lowerBound)…\(range.upperBound)")
            }
            return i
        }
        let known: Set<String> = ["source", "format", "rate", "channels", "bits", "quality"]
        if let unknown = settings.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail(unknown, "unknown setting (known: format, source, rate, channels, bits, quality)")
        }
        guard path.hasPrefix("/") else { throw fail("path", "'\(path)' is not an absolute path") }
        guard !path.hasSuffix("/") else { throw fail("path", "'\(path)' is a directory") }

        let container: Container
        if let f = try string("format") {
            guard let c = Container(rawValue: f.lowercased()) else {
                throw fail("format", "'\(f)' is not one of wav, flac, ogg, opus, caf")
            }
            container = c
        } else {
            guard let c = containerFromExtension(path) else {
                throw fail("format", "cannot tell the format from '\(path)'; name it (wav, flac, ogg, opus, caf)")
            }
            container = c
        }

        let source: Source
        switch try string("source") ?? "" {
        case "": source = .defaultSource
        case "@monitor": source = .defaultMonitor
        case let name: source = .named(name)
        }

        let rate = try unsigned("rate", 1_000...384_000) ?? (container == .opus ? 48_000 : 44_100)
        if container == .opus, !opusRates.contains(rate) {
            throw fail("rate", "Opus records at 8000, 12000, 16000, 24000 or 48000 Hz, not \(rate)")
        }
        let channels = try unsigned("channels", 1...8) ?? 2
        if container == .opus || container == .ogg, channels > 2 {
            throw fail("channels", "\(container.rawValue) records 1 or 2 channels here, not \(channels)")
        }

        var bits: Bits?
        if let b = try string("bits") {
            guard let parsed = Bits(rawValue: b.lowercased()) else {
                throw fail("bits", "'\(b)' is not one of s16, s24, s32, float")
            }
            bits = parsed
        }
        switch container {
        case .ogg, .opus:
            if let bits {
                throw fail("bits", "\(container.rawValue) is a lossy codec: bits (\(bits.rawValue)) does not apply")
            }
        case .flac:
            if let b = bits, b == .s32 || b == .float {
                throw fail("bits", "FLAC stores s16 or s24, not \(b.rawValue)")
            }
            bits = bits ?? .s16
        case .wav, .caf:
            bits = bits ?? .s16
        }

        var quality: Double?
        if let v = settings["quality"] {
            guard case .double(let q) = v else { throw fail("quality", "expected a double (d)") }
            guard q.isFinite, q >= 0, q <= 1 else { throw fail("quality", "\(q) is outside 0…1") }
            guard container != .wav, container != .caf else {
                throw fail("quality", "\(container.rawValue) is uncompressed: quality applies to flac, ogg and opus")
            }
            quality = q
        }
        return RecordingSettings(
            path: path, source: source, container: container, sampleRate: rate,
            channels: channels, bits: bits, quality: quality)
    }

    /// The container a file name implies (.wav, .flac, .ogg/.oga, .opus, .caf), nil otherwise.
    public static func containerFromExtension(_ path: String) -> Container? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "wav": return .wav
        case "flac": return .flac
        case "ogg", "oga": return .ogg
        case "opus": return .opus
        case "caf": return .caf
        default: return nil
        }
    }

    /// Whether captured samples are taken as 16-bit integers (exact for s16 files) rather than floats.
    public var capturesInt16: Bool { bits == .s16 }
}
