// libFuzzer harness for the LRC parser (Sources/PlayerCore/Lyrics). Built by fuzz/run, not by SwiftPM.
// Any bytes must parse without crashing; the result must be sorted by time with non-negative stamps.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let lyrics = LRCParser.parse(Array(UnsafeBufferPointer(start: data, count: size)))
    checkInvariants(lyrics)
    return 0
}

private func checkInvariants(_ lyrics: Lyrics) {
    var previous: Int64 = 0
    for line in lyrics.lines {
        precondition(line.time >= 0, "negative line time")
        precondition(line.time >= previous, "lines not sorted by time")
        previous = line.time
    }
}
