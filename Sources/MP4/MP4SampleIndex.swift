import Tagging

/// A track's sample tables, checked for consistency and indexed: where each sample lies in the file, when it
/// starts on the media timeline, and which sample holds a given time. Built once when a track opens.
///
/// Memory stays proportional to the tables in the file (one entry per chunk added), never to a claimed count.
public struct MP4SampleIndex: Sendable {
    /// Number of samples (access units).
    public let count: Int
    /// The media duration of all samples, in media units (sum of `stts`).
    public let totalDuration: Int64
    private let table: MP4SampleTable
    /// For each chunk, the index of its first sample (chunks past the last sample are dropped).
    private let chunkFirstSample: [Int]
    private let chunkOffsets: [Int64]

    /// Validates `table`; throws `.corrupt` for tables that contradict each other or leave samples unplaced.
    public init(_ table: MP4SampleTable) throws(TagError) {
        let n = table.sampleCount
        guard n > 0 else { throw TagError(.corrupt, offset: 0, "track has no samples") }
        guard table.constantSize != 0 || table.sizes.count == n else {
            throw TagError(.corrupt, offset: 0, "stsz lists \(table.sizes.count) sizes for \(n) samples")
        }
        // Time: the runs must cover every sample; extra run entries are ignored.
        var covered = 0
        var duration: Int64 = 0
        for run in table.timeRuns where covered < n {
            let used = min(Int(run.count), n - covered)
            covered += used
            duration += Int64(used) * Int64(run.delta)  // ≤ 2^22 × 2^32: cannot overflow
        }
        guard covered == n else { throw TagError(.corrupt, offset: 0, "stts times \(covered) of \(n) samples") }
        // Chunks: expand the runs of stsc over the chunks of stco.
        guard let firstRun = table.chunkRuns.first, firstRun.firstChunk == 1 else {
            throw TagError(.corrupt, offset: 0, "stsc does not start at chunk 1")
        }
        var firsts: [Int] = []
        var offsets: [Int64] = []
        firsts.reserveCapacity(min(table.chunkOffsets.count, n))
        var sample = 0
        var run = 0
        for (i, offset) in table.chunkOffsets.enumerated() where sample < n {
            let chunk = i + 1
            while run + 1 < table.chunkRuns.count, Int(table.chunkRuns[run + 1].firstChunk) <= chunk {
                guard table.chunkRuns[run + 1].firstChunk > table.chunkRuns[run].firstChunk else {
                    throw TagError(.corrupt, offset: 0, "stsc chunk numbers do not increase")
                }
                run += 1
            }
            let perChunk = Int(table.chunkRuns[run].samplesPerChunk)
            guard perChunk > 0 else { throw TagError(.corrupt, offset: 0, "stsc: a chunk of 0 samples") }
            guard let fileOffset = Int64(exactly: offset) else {
                throw TagError(.corrupt, offset: 0, "chunk offset \(offset) out of range")
            }
            firsts.append(sample)
            offsets.append(fileOffset)
            sample += min(perChunk, n - sample)
        }
        guard sample == n else { throw TagError(.corrupt, offset: 0, "chunks hold \(sample) of \(n) samples") }
        count = n
        totalDuration = duration
        self.table = table
        chunkFirstSample = firsts
        chunkOffsets = offsets
    }

    /// The size in bytes of sample `i`.
    public func size(of i: Int) -> Int {
        Int(table.constantSize != 0 ? table.constantSize : table.sizes[i])
    }

    /// Where sample `i` (0..<count) lies: its file offset and size. `hint`, the location of sample `i - 1`, makes
    /// sequential reading O(1); without it the chunk is found by binary search and its earlier sizes summed.
    public func location(of i: Int, after hint: (sample: Int, offset: Int64)? = nil) -> (offset: Int64, size: Int) {
        precondition(i >= 0 && i < count, "sample index out of range")
        let chunk = chunkIndex(of: i)
        var offset: Int64
        if let hint, hint.sample == i - 1, chunkFirstSample[chunk] <= hint.sample {
            offset = hint.offset + Int64(size(of: hint.sample))
        } else {
            offset = chunkOffsets[chunk]
            for s in chunkFirstSample[chunk]..<i { offset += Int64(size(of: s)) }
        }
        return (offset, size(of: i))
    }

    private func chunkIndex(of sample: Int) -> Int {
        var lo = 0, hi = chunkFirstSample.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if chunkFirstSample[mid] <= sample { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The media time at which sample `i` starts (`count` gives `totalDuration`).
    public func startTime(of i: Int) -> Int64 {
        var left = i
        var time: Int64 = 0
        for run in table.timeRuns {
            let used = min(Int(run.count), left)
            time += Int64(used) * Int64(run.delta)
            left -= used
            if left == 0 { break }
        }
        return time
    }

    /// The sample playing at media time `time` (clamped to the first and last sample).
    public func sample(containing time: Int64) -> Int {
        guard time > 0 else { return 0 }
        var start: Int64 = 0
        var sample = 0
        for run in table.timeRuns where sample < count {
            let used = min(Int(run.count), count - sample)
            let span = Int64(used) * Int64(run.delta)
            if time < start + span {
                return run.delta == 0 ? sample : sample + Int((time - start) / Int64(run.delta))
            }
            start += span
            sample += used
        }
        return count - 1
    }
}
