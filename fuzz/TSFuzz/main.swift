// libFuzzer harness for the MPEG-TS demuxer (Sources/Streaming/MPEGTSDemuxer.swift), the audio of HLS `.ts`
// segments from any server. Built by fuzz/run, not by SwiftPM.
// Packets are found as TSAudioByteSource finds them (a sync byte, else one byte on), so mutated inputs reach the
// demuxer both aligned and after garbage. Invariants besides "no crash": a packet adds at most its payload (184
// bytes) to the audio, a codec once found stays, and after the first failure nothing more is fed (as the byte
// source ends the stream there).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    let packet = MPEGTSDemuxer.packetSize
    var demuxer = MPEGTSDemuxer()
    var audio: [UInt8] = []
    var pushed = 0
    var at = 0
    while at + packet <= input.count {
        guard input[at] == 0x47 else {
            at += 1
            continue
        }
        let before = audio.count
        let hadCodec = demuxer.codec
        do throws(MPEGTSDemuxer.Failure) {
            try demuxer.push(UnsafeRawBufferPointer(rebasing: input[at..<(at + packet)]), into: &audio)
        } catch {
            precondition(!error.message.isEmpty && error.packet == pushed + 1)
            break
        }
        pushed += 1
        precondition(demuxer.packets == pushed)
        precondition(audio.count - before <= packet - 4, "one packet added \(audio.count - before) bytes")
        precondition(hadCodec == nil || demuxer.codec == hadCodec, "the codec changed")
        at += packet
    }
    // The PSI helpers on their own, on every input (they take any payload, not only a packet's).
    _ = MPEGTSDemuxer.programMapPID(input)
    if let s = MPEGTSDemuxer.section(input, tableID: 0x02) { precondition(s.count >= 12 && s.count <= input.count) }
    return 0
}
