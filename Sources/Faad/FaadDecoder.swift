import CFaad

/// One libfaad2 decoder handle (`NeAACDecHandle`), configured for interleaved s16 output.
///
/// Not thread-safe: owned by one thread at a time (the engine's decode thread), like faad's handle itself.
/// Decoded samples live in faad's own buffer until the next `decode`, so they are only lent inside a closure.
public final class FaadDecoder {
    /// What the decoder was initialised to produce (faad may double the rate of an HE-AAC stream).
    public struct StreamFormat: Sendable, Hashable {
        public var sampleRate: Int
        public var channels: Int
    }

    /// How the decoder was initialised, so `restart` can start a fresh one.
    public enum Setup: Sendable, Hashable {
        /// An MP4 AudioSpecificConfig (the `esds` decoder-specific info).
        case audioSpecificConfig([UInt8])
        /// The first ADTS frame (from its sync word).
        case adtsFrame([UInt8])
    }

    private var handle: NeAACDecHandle
    private let lib: FaadLibrary
    /// The format announced at initialisation.
    public private(set) var format = StreamFormat(sampleRate: 0, channels: 0)

    private let setup: Setup

    /// Opens a decoder with s16 output and no down-mixing, initialised from `setup`.
    /// Throws too when libfaad2 cannot be loaded.
    public init(_ setup: Setup) throws(FaadError) {
        self.setup = setup
        let lib = try FaadLibrary.shared.get()
        self.lib = lib
        handle = try Self.open(lib)
        do {
            try initialise()
        } catch {
            linnet_faad_close(lib.close, handle)
            throw error
        }
    }

    deinit { linnet_faad_close(lib.close, handle) }

    private static func open(_ lib: FaadLibrary) throws(FaadError) -> NeAACDecHandle {
        guard let h = linnet_faad_open(lib.open) else { throw FaadError("NeAACDecOpen", message: "out of memory") }
        guard let config = linnet_faad_get_configuration(lib.getConfiguration, h) else {
            linnet_faad_close(lib.close, h)
            throw FaadError("NeAACDecGetCurrentConfiguration", message: "no configuration")
        }
        config.pointee.outputFormat = UInt8(FAAD_FMT_16BIT)
        config.pointee.downMatrix = 0
        guard linnet_faad_set_configuration(lib.setConfiguration, h, config) == 1 else {
            linnet_faad_close(lib.close, h)
            throw FaadError("NeAACDecSetConfiguration", message: "configuration rejected")
        }
        return h
    }

    private func initialise() throws(FaadError) {
        switch setup {
        case .audioSpecificConfig(let asc): try initialise(audioSpecificConfig: asc)
        case .adtsFrame(let frame): try initialise(adtsFrame: frame)
        }
    }

    /// Replaces the handle by a fresh one with the same setup: faad's NeAACDecPostSeekReset keeps overlap and
    /// window state, so decoding after a seek would depend on what was decoded before it; a fresh handle makes a
    /// seek give exactly the samples an uninterrupted decode from the same priming packet gives.
    public func restart() throws(FaadError) {
        let fresh = try Self.open(lib)
        linnet_faad_close(lib.close, handle)
        handle = fresh
        try initialise()
    }

    private func initialise(audioSpecificConfig asc: [UInt8]) throws(FaadError) {
        guard !asc.isEmpty, let size = UInt(exactly: asc.count) else {
            throw FaadError("NeAACDecInit2", message: "empty AudioSpecificConfig")
        }
        var copy = asc
        var rate: UInt = 0
        var channels: UInt8 = 0
        let result = copy.withUnsafeMutableBufferPointer {
            linnet_faad_init2(lib.initialise2, handle, $0.baseAddress, size, &rate, &channels)
        }
        guard result == 0 else { throw FaadError("NeAACDecInit2", message: "AudioSpecificConfig not understood") }
        try setFormat(rate: rate, channels: channels, "NeAACDecInit2")
    }

    private func initialise(adtsFrame bytes: [UInt8]) throws(FaadError) {
        guard let size = UInt(exactly: bytes.count), size >= 7 else {
            throw FaadError("NeAACDecInit", message: "ADTS header too short")
        }
        var copy = bytes
        var rate: UInt = 0
        var channels: UInt8 = 0
        let result = copy.withUnsafeMutableBufferPointer {
            linnet_faad_init(lib.initialise, handle, $0.baseAddress, size, &rate, &channels)
        }
        guard result >= 0 else { throw FaadError("NeAACDecInit", message: "ADTS header not understood") }
        try setFormat(rate: rate, channels: channels, "NeAACDecInit")
    }

    private func setFormat(rate: UInt, channels: UInt8, _ operation: String) throws(FaadError) {
        guard let r = Int(exactly: rate), r > 0, r <= 384_000, channels > 0 else {
            throw FaadError(operation, message: "invalid stream: \(rate) Hz, \(channels) channels")
        }
        format = StreamFormat(sampleRate: r, channels: Int(channels))
    }

    /// Decodes one access unit (an MP4 sample or a whole ADTS frame) and lends the interleaved s16 samples it
    /// produced to `body` (empty for a unit that yields no output). Throws when faad reports an error or the
    /// unit's channel count differs from the initialised one.
    public func decode<R>(_ unit: UnsafeRawBufferPointer, _ body: (UnsafeBufferPointer<Int16>) -> R)
        throws(FaadError) -> R
    {
        guard let base = unit.baseAddress, let size = UInt(exactly: unit.count), size > 0 else {
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
        var info = NeAACDecFrameInfo()
        let out = linnet_faad_decode(
            lib.decode, handle, &info, UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self)),
            size)
        guard info.error == 0 else { throw FaadError("NeAACDecDecode", code: info.error, library: lib) }
        guard let count = Int(exactly: info.samples), count > 0, let out else {
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
        guard Int(info.channels) == format.channels, count % format.channels == 0,
            Int(exactly: info.samplerate) == format.sampleRate
        else {
            throw FaadError(
                "NeAACDecDecode",
                message: "frame is \(info.samplerate) Hz \(info.channels) ch, "
                    + "stream \(format.sampleRate) Hz \(format.channels) ch")
        }
        return body(UnsafeBufferPointer(start: out.assumingMemoryBound(to: Int16.self), count: count))
    }
}
