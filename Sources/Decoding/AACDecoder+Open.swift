import Faad
import MP4
import PlayerCore
import Tagging

extension AACDecoder {
    /// Opens an MP4/M4A file's first sound track. A codec other than AAC throws `.unsupportedCodec` naming it.
    /// A forward-only source (a server without byte ranges) works when the file is "faststart" (`moov` before
    /// `mdat`); with `moov` at the end it throws `.notSeekable` saying so.
    public static func openMP4(source given: any ByteSource) throws(DecodeError) -> AACDecoder {
        var source = given
        if !given.isSeekable {
            try given.seek(to: 0)
            let forward = ForwardByteSource(base: given)
            guard try MP4BoxOrder.moovFirst(forward) else {
                throw DecodeError(
                    .notSeekable, path: given.path,
                    message: "this MP4 file has its index (moov) after "
                        + "the audio and the server does not support byte ranges: it cannot be streamed")
            }
            source = forward
        }
        // A stream of unknown length (no Content-Length) is read until its moov box ends.
        let size = source.length.flatMap { Int(exactly: $0) } ?? (source.isSeekable ? nil : Int.max)
        guard let size else {
            throw DecodeError(
                .notSeekable, path: source.path, message: "MP4 files are played from sources of known length")
        }
        try source.seek(to: 0)
        let input = TagInputFromByteSource(source)
        let movie: MP4Movie
        do {
            movie = try MP4MovieReader.read(from: input, length: size)
        } catch {
            throw input.sourceError
                ?? DecodeError(
                    .unsupportedFormat, path: source.path, offset: error.offset,
                    message: "not an MP4 file: \(error.message)")
        }
        if let sourceError = input.sourceError { throw sourceError }
        guard let track = movie.soundTracks.first else {
            let why = movie.error.map { ": \($0)" } ?? ""
            let kind: DecodeError.Kind
            switch movie.error?.kind {
            case nil: kind = .unsupportedFormat
            case .truncated?: kind = .truncated  // typically a download cut off before the moov box at the end
            case .corrupt?, .io?: kind = .corrupt
            }
            throw DecodeError(
                kind, path: source.path, offset: movie.error?.offset,
                message: (movie.hasMovie ? "MP4 file has no sound track" : "MP4 file has no moov box") + why)
        }
        if let codec = unsupportedCodecName(track) {
            throw DecodeError(
                .unsupportedCodec(codec), path: source.path,
                message: "MP4 sound track is \(codec), which Linnet does not decode")
        }
        let index: MP4SampleIndex
        do {
            index = try MP4SampleIndex(track.samples)
        } catch {
            throw DecodeError(
                movie.error == nil ? .corrupt : .truncated, path: source.path, offset: movie.error?.offset,
                message: "MP4 sample tables: \(movie.error.map { "\($0)" } ?? error.message)")
        }
        let faad = try makeFaad(.audioSpecificConfig(track.decoderConfig), path: source.path)
        let packets = MP4PacketIndex(index: index, timescale: Int(track.mediaTimescale))
        guard packets.timescale > 0 else {
            throw DecodeError(.corrupt, path: source.path, message: "MP4 track has a media timescale of 0")
        }
        let range = MP4PlayRange.of(
            edits: track.edits, movieTimescale: movie.movieTimescale,
            mediaTimescale: track.mediaTimescale, mediaDuration: index.totalDuration,
            iTunSMPB: movie.tags.freeform("iTunSMPB"))
        let stream = Stream(
            faad: faad, packets: packets, start: range.start, length: range.length,
            tags: MP4TagMapper.tags(from: movie.tags), container: "MP4")
        return try AACDecoder(source: source, stream: stream)
    }

    /// Opens an ADTS stream (`.aac`), after an ID3v2 tag at `start` bytes when there is one.
    public static func openADTS(source: any ByteSource, start: Int64 = 0) throws(DecodeError) -> AACDecoder {
        guard source.isSeekable else {
            throw DecodeError(.notSeekable, path: source.path, message: "ADTS files are played from seekable sources")
        }
        let index = try ADTSFrameIndex(source: source, start: start)
        let (offset, size) = index.location(of: 0, after: nil)
        try source.seek(to: offset)
        let header = try source.readExactly(size) { _ in
            DecodeError(.truncated, path: source.path, message: "file ends inside the first frame")
        }
        let faad = try makeFaad(.adtsFrame(header), path: source.path)
        // ADTS has no delay note. Its first frame is encoder priming in every common encoder (1024 samples for
        // ffmpeg and faac, 2112 for Apple's) and faad gives no output for it, so it is not counted as heard.
        let firstFrame = index.startTime(of: min(1, index.count - 1))
        let stream = Stream(
            faad: faad, packets: index, start: firstFrame, length: index.totalDuration - firstFrame,
            tags: TrackTags(), container: "ADTS")
        return try AACDecoder(source: source, stream: stream)
    }

    private static func makeFaad(_ setup: FaadDecoder.Setup, path: String) throws(DecodeError) -> FaadDecoder {
        do throws(FaadError) {
            return try FaadDecoder(setup)
        } catch {
            throw DecodeError(.corrupt, path: path, message: "AAC decoder could not start: \(error)")
        }
    }

    /// The name of the codec when the track is not AAC, nil for AAC.
    static func unsupportedCodecName(_ track: MP4Track) -> String? {
        switch track.codec {
        case "mp4a":
            switch track.objectType {
            case 0x40, 0x66, 0x67, 0x68, nil: return nil  // MPEG-4 audio, MPEG-2 AAC Main/LC/SSR
            case 0x69, 0x6B: return "MP3"
            case 0xA5: return "AC-3"
            case 0xA6: return "E-AC-3"
            case 0xA9: return "DTS"
            case 0xDD: return "Vorbis"
            case .some(let t): return "MPEG-4 object type 0x" + String(t, radix: 16)
            }
        case "alac": return "ALAC"
        case "ac-3": return "AC-3"
        case "ec-3": return "E-AC-3"
        case "Opus": return "Opus"
        case "fLaC": return "FLAC"
        case ".mp3": return "MP3"
        case "samr": return "AMR"
        case .some(let other): return other.description
        case nil: return "no codec description"
        }
    }
}
