// libFuzzer entry point for the LRC parser and lyrics timeline (built by ./run, not by SwiftPM).
// Compiled together with PlayerCore's Lyrics sources as one module, so no package changes are needed.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLRC(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let lyrics = LRCParser.parse(bytes)
    // Invariants the service relies on.
    precondition(zip(lyrics.lines, lyrics.lines.dropFirst()).allSatisfy { $0.time <= $1.time }, "lines not sorted")
    precondition(lyrics.lines.allSatisfy { $0.time >= 0 }, "negative time")
    let timeline = LyricsTimeline(lyrics)
    var t: Int64 = -1
    var steps = 0
    while let next = timeline.nextLineChange(after: t), steps < 10_000 {
        precondition(next > t, "next change not in the future")
        precondition(timeline.lineIndex(at: next) != timeline.lineIndex(at: next - 1), "no change at change time")
        let p = timeline.position(at: next)
        precondition(p.lineProgress >= 0 && p.lineProgress <= 1 && p.wordProgress >= 0 && p.wordProgress <= 1)
        t = next
        steps += 1
    }
    return 0
}
