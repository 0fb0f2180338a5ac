// libFuzzer harness for the ICY demuxer and title text (Sources/Streaming/IcyDemuxer.swift, IcyTitleText.swift,
// Windows1252.swift). Built by fuzz/run, not by SwiftPM.
// The first two bytes choose the metadata interval (1…65536) and the chunk size the rest is fed in, so blocks and
// audio are cut at every place. Invariants besides "no crash": audio ranges stay inside their chunk, blocks are at
// most 255 × 16 bytes, and no shown title is noise by the stated rule.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard bytes.count >= 2 else { return 0 }
    let interval = Int(bytes[0]) << 8 | Int(bytes[1]) + 1
    let chunk = Int(bytes[1] % 61) + 1
    var demuxer = IcyDemuxer(interval: interval)!
    let body = Array(bytes.dropFirst(2))
    var at = 0
    while at < body.count {
        let piece = Array(body[at..<min(body.count, at + chunk)])
        at += chunk
        piece.withUnsafeBytes { raw in
            for p in demuxer.feed(raw) {
                switch p {
                case .audio(let r): precondition(r.lowerBound >= 0 && r.upperBound <= raw.count && !r.isEmpty)
                case .metadata(let block):
                    precondition(block.count <= 255 * 16 && block.count % 16 == 0)
                    check(block)
                }
            }
        }
    }
    check(body)
    return 0
}

private func check(_ block: [UInt8]) {
    guard let meta = IcyMetadata.parse(block) else { return }
    if let title = meta.streamTitle {
        precondition(!IcyTitleText.isNoise(title, legacy: meta.wasWindows1252))
        _ = IcyMetadata.split(title)
    }
}
