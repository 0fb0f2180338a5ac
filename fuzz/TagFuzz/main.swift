// libFuzzer harness for the byte-level tag readers (Sources/Tagging) and the tag text parsers (TagText). Built by fuzz/run, not by SwiftPM.
// Every input goes through every reader (tags and the stream headers TrackProbe reads); a crash, trap, hang or sanitizer report is a finding.
// The invariants checked besides "no crash": kept pictures and text values respect TagLimits.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    check(try? FLACMetadataReader.read(from: BytesInput(bytes)))
    check(try? OggTagReader.read(from: BytesInput(bytes)))
    // The stream headers TrackProbe reads instead of opening a decoder (lengths from the file never trap).
    if let info = try? FLACStreamInfo.read(from: BytesInput(bytes)) {
        precondition(info.sampleRate > 0 && (1...8).contains(info.channels) && info.totalSamples < 1 << 36)
    }
    if let ogg = try? OggStreamHeader.read(from: BytesInput(bytes)) {
        precondition(ogg.channels > 0)
        _ = OggStreamHeader.lastGranule(in: bytes, serial: ogg.serial)
    }
    _ = OggStreamHeader.lastGranule(in: bytes, serial: 0)
    if let wave = try? WaveHeader.read(from: BytesInput(bytes), fileLength: Int64(bytes.count)) {
        precondition(wave.frames >= 0 && wave.frames <= Int64(bytes.count))
    }
    let comments = VorbisCommentReader.read(from: BytesInput(bytes))
    precondition(comments.comments.fields.allSatisfy { $0.value.utf8.count <= TagLimits.maxTextBytes * 3 })
    if let p = try? TagPictureReader.read(from: BytesInput(bytes)) {
        precondition(p.data.count <= TagLimits.maxPictureBytes)
    }
    if let extras = try? ID3FrameWalker.read(from: BytesInput(bytes)) {
        precondition((extras.picture?.data.count ?? 0) <= TagLimits.maxPictureBytes)
        precondition(extras.syncedText.count <= 100_000 * 64)
    }
    _ = Base64.decode(bytes)
    // The ID3/Vorbis value parsers (genre forms, "3/12" pairs, raw tag bytes) on the input as text.
    let text = String(decoding: bytes.prefix(512), as: UTF8.self)
    _ = TagText.genres(text)
    _ = TagText.numberPair(text)
    _ = TagText.string(from: bytes.prefix(512))
    return 0
}

private func check(_ tags: FileTags?) {
    guard let tags else { return }
    precondition(tags.pictures.count <= 1)
    precondition(tags.pictures.allSatisfy { $0.data.count <= TagLimits.maxPictureBytes })
    precondition(tags.comments.fields.count <= TagLimits.maxFields)
}
