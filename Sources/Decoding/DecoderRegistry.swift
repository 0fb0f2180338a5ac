import PlayerCore

/// Opens a track with the right decoder: the only place that knows which decoder handles which format, so the
/// engine never names one.
public enum DecoderRegistry {
    /// Opens the local file at `path`. Missing, unreadable, directory, empty and non-audio files throw a
    /// `DecodeError` of the matching kind. The decoder is returned `sending`: the caller may hand it to the
    /// engine's decode thread.
    public static func open(path: String) throws(DecodeError) -> sending any Decoder {
        let source = try FileByteSource(path: path)
        return try open(source: source, fileExtension: ContainerSniffer.fileExtension(of: path))
    }

    /// Opens a track by location as playlists and MPRIS give it: a path or a `file://` URI. Other schemes
    /// (http, …) throw `.unsupportedFormat` until network sources land.
    public static func open(location: String) throws(DecodeError) -> sending any Decoder {
        switch TrackLocation.parse(location) {
        case .file(let path):
            return try open(path: path)
        case .unsupportedScheme(let scheme):
            throw DecodeError(.unsupportedFormat, path: location, message: "\(scheme): locations are not supported yet")
        case .invalid(let reason):
            throw DecodeError(.notFound, path: location, message: reason)
        }
    }

    /// Opens any byte source (file today, network stream later), choosing the decoder by content, then by
    /// `fileExtension` (without the dot) when the content is not recognised.
    public static func open(source: sending any ByteSource, fileExtension: String = "") throws(DecodeError)
        -> sending any Decoder
    {
        // A non-seekable source is wrapped so its first bytes can be read again after sniffing.
        let input: any ByteSource = source.isSeekable ? source : RewindableByteSource(base: source)
        let prefix = try input.readPrefix(ContainerSniffer.prefixLength)
        guard !prefix.isEmpty else {
            throw DecodeError(.empty, path: source.path, message: "no bytes to decode")
        }
        try input.seek(to: 0)
        var family = ContainerSniffer.family(ofPrefix: prefix)
        var tagLength = 0
        if family == .mpeg, let length = ContainerSniffer.id3TagLength(prefix), input.isSeekable {
            family = try familyBehindID3(input, tagLength: length) ?? .mpeg
            tagLength = length
        } else if family == .mpeg, ContainerSniffer.id3TagLength(prefix) != nil,
            ContainerSniffer.family(ofExtension: fileExtension) == .adts
        {
            family = .adts  // a stream said to be AAC behind an ID3 tag (HLS packed audio): cannot look ahead
        }
        switch family ?? ContainerSniffer.family(ofExtension: fileExtension) ?? .sndfile {
        case .mpeg: return try Mpg123Decoder(source: input)
        case .sndfile: return try SndfileDecoder(source: input)
        case .mp4: return try AACDecoder.openMP4(source: input)
        case .adts:
            // A stream (radio, or any remote file: a whole-file index would download it first) is read frame by frame.
            let streaming = !input.isSeekable || input.isRemote
            if streaming {
                return try ADTSStreamDecoder(source: input)
            } else {
                return try AACDecoder.openADTS(source: input, start: Int64(tagLength))
            }
        }
    }

    /// Some taggers put ID3v2 in front of FLAC: look at what follows the tag (seekable sources only).
    private static func familyBehindID3(_ source: any ByteSource, tagLength: Int) throws(DecodeError)
        -> DecoderFamily?
    {
        if let length = source.length, Int64(tagLength) >= length { return nil }
        try source.seek(to: Int64(tagLength))
        let next = try source.readPrefix(7)
        try source.seek(to: 0)
        if next.starts(with: Array("fLaC".utf8)) { return .sndfile }
        return ContainerSniffer.isADTSHeader(next) ? .adts : nil
    }
}
