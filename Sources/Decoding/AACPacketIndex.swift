import MP4

/// Where the AAC access units of a track lie and when each starts, for `AACDecoder`: an MP4 sample table or an
/// ADTS frame scan. Times are in `timescale` units.
protocol AACPacketIndex {
    var count: Int { get }
    /// Units per second of `startTime` / `totalDuration`.
    var timescale: Int { get }
    var totalDuration: Int64 { get }
    /// File offset and size of packet `i`; `hint` (packet i−1's offset) makes sequential reads cheap.
    func location(of i: Int, after hint: (sample: Int, offset: Int64)?) -> (offset: Int64, size: Int)
    func startTime(of i: Int) -> Int64
    func sample(containing time: Int64) -> Int
}

/// An MP4 track's sample index with its media timescale.
struct MP4PacketIndex: AACPacketIndex {
    let index: MP4SampleIndex
    let timescale: Int

    var count: Int { index.count }
    var totalDuration: Int64 { index.totalDuration }
    func location(of i: Int, after hint: (sample: Int, offset: Int64)?) -> (offset: Int64, size: Int) {
        index.location(of: i, after: hint)
    }
    func startTime(of i: Int) -> Int64 { index.startTime(of: i) }
    func sample(containing time: Int64) -> Int { index.sample(containing: time) }
}
