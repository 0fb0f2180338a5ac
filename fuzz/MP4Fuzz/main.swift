// libFuzzer harness for the MP4 box reader (Sources/MP4). Built by fuzz/run, not by SwiftPM.
// Every input is read as an MP4 file; each sound track's tables are indexed and queried like the decoder does,
// and the play range and iTunSMPB note are computed. A crash, trap, hang or sanitizer report is a finding.
// Invariants besides "no crash": kept covers and texts respect MP4Limits; lookups stay inside the tables.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let movie = try? MP4MovieReader.read(from: BytesInput(bytes), length: bytes.count) else { return 0 }
    precondition(movie.soundTracks.count <= MP4Limits.maxTracks)
    precondition((movie.tags.cover?.data.count ?? 0) <= MP4Limits.maxPictureBytes)
    precondition(movie.tags.texts.allSatisfy { $0.value.utf8.count <= MP4Limits.maxTextBytes * 3 })
    for track in movie.soundTracks {
        precondition(track.decoderConfig.count <= MP4Limits.maxDecoderConfigBytes)
        precondition(track.edits.count <= MP4Limits.maxEdits)
        guard let index = try? MP4SampleIndex(track.samples) else { continue }
        precondition(index.count > 0 && index.totalDuration >= 0)
        var hint: (sample: Int, offset: Int64)?
        for i in 0..<min(index.count, 64) {
            let (offset, _) = index.location(of: i, after: hint)
            hint = (i, offset)
            precondition(index.location(of: i).offset == offset, "sequential and direct lookups disagree")
        }
        for t in [Int64(0), 1, 1023, index.totalDuration / 2, index.totalDuration, Int64.max / 2] {
            let s = index.sample(containing: t)
            precondition(s >= 0 && s < index.count)
            precondition(index.startTime(of: s) <= max(t, 0) || s == 0)
        }
        let range = MP4PlayRange.of(
            edits: track.edits, movieTimescale: movie.movieTimescale,
            mediaTimescale: track.mediaTimescale, mediaDuration: index.totalDuration,
            iTunSMPB: movie.tags.freeform("iTunSMPB"))
        precondition(range.start >= 0 && range.length >= 0 && range.start + range.length <= index.totalDuration)
    }
    _ = GaplessNote(String(decoding: bytes.prefix(256), as: UTF8.self))
    return 0
}
