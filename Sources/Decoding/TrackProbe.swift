import PlayerCore
import Tagging

/// What a file is for the queue's metadata and the library, without playing it: format, length, seekability
/// and tags (with the picture).
public struct TrackSummary: Sendable {
    public var sampleRate: Int
    public var channels: Int
    /// Nil when the file does not say (a FLAC whose encoder did not know, a cut-off Ogg file).
    public var durationMicroseconds: Int64?
    public var isSeekable: Bool
    public var tags: TrackTags

    init(_ decoder: any Decoder) {
        sampleRate = decoder.format.sampleRate
        channels = decoder.format.channels
        durationMicroseconds = decoder.totalFrames.map { decoder.format.microseconds(forFrames: $0) }
        isSeekable = decoder.isSeekable
        tags = decoder.tags
    }

    init(sampleRate: Int, channels: Int, frames: Int64, tags: TrackTags) {
        self.sampleRate = sampleRate
        self.channels = channels
        durationMicroseconds = AudioFormat(sampleRate: sampleRate, channels: channels, sampleFormat: .int16)
            .microseconds(forFrames: frames)
        isSeekable = true
        self.tags = tags
    }
}

/// Reads a `TrackSummary` of a local file: FLAC, Ogg Vorbis/Opus and plain PCM/float WAV from their headers (the
/// figures libsndfile would report), everything else, and any of those the headers do not fully describe, by
/// opening its decoder as playing it would.
///
/// Why: the queue probes every track it shows and the library every file it scans; opening those formats through
/// libsndfile ran its format probes and the set-up code of libFLAC, libvorbis and libopus (1.3 MB of idle RSS in a
/// daemon that was only ever asked to play an MP3; libpulse maps libsndfile anyway, so only running it costs), and
/// decoded Vorbis/Opus set-up headers for nothing.
public enum TrackProbe {
    /// The tail read to find an Ogg stream's last page (a page is at most 65,307 bytes).
    static let oggTailBytes = 65_536 + 27 + 255

    /// Throws as `DecoderRegistry.open(path:)` does: a missing, unreadable, empty or non-audio file.
    public static func summary(path: String) throws(DecodeError) -> TrackSummary {
        let source = try FileByteSource(path: path)
        if let summary = try fromHeaders(source) { return summary }
        try source.seek(to: 0)
        return TrackSummary(
            try DecoderRegistry.open(source: source, fileExtension: ContainerSniffer.fileExtension(of: path)))
    }

    /// The summary from the headers alone, nil when the decoder must decide.
    static func fromHeaders(_ source: FileByteSource) throws(DecodeError) -> TrackSummary? {
        let prefix = try source.readPrefix(12)
        try source.seek(to: 0)
        func starts(_ s: String, at offset: Int = 0) -> Bool {
            prefix.count >= offset + s.utf8.count && prefix[offset...].starts(with: s.utf8)
        }
        if starts("fLaC") { return try flac(source) }
        if starts("OggS") { return try ogg(source) }
        if starts("RIFF"), starts("WAVE", at: 8), let length = source.length { return try wave(source, length) }
        return nil
    }

    private static func flac(_ source: FileByteSource) throws(DecodeError) -> TrackSummary? {
        guard let info = try? FLACStreamInfo.read(from: TagInputFromByteSource(source)),
            info.totalSamples > 0, [8, 16, 24].contains(info.bitsPerSample),
            let tags = SndfileTagMapper.readOwnTags(source, isFLAC: true)
        else { return nil }
        return TrackSummary(sampleRate: info.sampleRate, channels: info.channels, frames: info.totalSamples, tags: tags)
    }

    private static func ogg(_ source: FileByteSource) throws(DecodeError) -> TrackSummary? {
        guard let header = try? OggStreamHeader.read(from: TagInputFromByteSource(source)),
            let length = source.length
        else { return nil }
        let tailStart = max(0, length - Int64(oggTailBytes))
        try source.seek(to: tailStart)
        let tail = try source.readPrefix(Int(length - tailStart))
        guard let granule = OggStreamHeader.lastGranule(in: tail, serial: header.serial), granule > 0,
            let tags = SndfileTagMapper.readOwnTags(source, isFLAC: false)
        else { return nil }
        switch header.codec {
        case .vorbis:
            return TrackSummary(sampleRate: header.sampleRate, channels: header.channels, frames: granule, tags: tags)
        case .opus(let preSkip):
            // libsndfile decodes at the encoder's input rate when Opus can, else at 48 kHz; granules are 48 kHz.
            let rate = [8000, 12000, 16000, 24000, 48000].contains(header.sampleRate) ? header.sampleRate : 48000
            let frames = max(0, granule - Int64(preSkip)) / Int64(48000 / rate)
            guard frames > 0 else { return nil }
            return TrackSummary(sampleRate: rate, channels: header.channels, frames: frames, tags: tags)
        }
    }

    private static func wave(_ source: FileByteSource, _ length: Int64) throws(DecodeError) -> TrackSummary? {
        guard let header = try? WaveHeader.read(from: TagInputFromByteSource(source), fileLength: length),
            header.frames > 0
        else { return nil }
        return TrackSummary(
            sampleRate: header.sampleRate, channels: header.channels, frames: header.frames, tags: TrackTags())
    }
}
