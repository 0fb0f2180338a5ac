/// Levels of what was written to an output, kept in short blocks by frame so the publisher can report what is
/// being HEARD (the server plays a write a buffer-length later): `record` as samples are written, `take(heard:)`
/// at each update for the blocks heard since the previous one.
///
/// Fixed storage, allocated once: recording never allocates (it runs on the render thread). Not thread-safe:
/// the owner keeps it under its lock.
public struct MeterHistory: Sendable {
    public let format: AudioFormat
    /// Frames per block: 10 ms, the resolution of "heard since the last update".
    public let blockFrames: Int
    private var blocks: [LevelStatistics]
    private var blockEnds: [Int64]
    /// Ring position of the oldest block and how many are filled.
    private var first = 0
    private var count = 0
    private var open: LevelStatistics
    /// Frame (in the output's timeline) where the open block starts, and where the next write is expected.
    private var openStart: Int64 = 0
    private var nextFrame: Int64 = 0
    /// The last frame reported by `take`.
    private var taken: Int64 = 0

    /// Room for `seconds` of history (more than the output's buffer).
    public init(format: AudioFormat, seconds: Double = 3) {
        self.format = format
        blockFrames = max(1, format.sampleRate / 100)
        let capacity = max(8, Int(seconds * 100))
        blocks = Array(repeating: LevelStatistics(channels: format.channels), count: capacity)
        blockEnds = Array(repeating: 0, count: capacity)
        open = LevelStatistics(channels: format.channels)
    }

    /// Forgets everything (the output's timeline restarted at `frame`).
    public mutating func restart(at frame: Int64) {
        first = 0
        count = 0
        open.reset()
        openStart = frame
        nextFrame = frame
        taken = frame
    }

    /// Adds `bytes` of interleaved samples written at `frame` of the output's timeline (a write at another frame
    /// than the one that follows the last, e.g. after a flush, restarts the history there).
    public mutating func record(_ bytes: UnsafeRawBufferPointer, at frame: Int64) {
        if frame != nextFrame { restart(at: frame) }
        let bpf = format.bytesPerFrame
        var offset = 0
        let total = bytes.count - bytes.count % bpf
        while offset < total {
            let want = (blockFrames - open.frames) * bpf
            let n = min(want, total - offset)
            let slice = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + n)])
            switch format.sampleFormat {
            case .int16: open.add(int16: slice.assumingMemoryBound(to: Int16.self))
            case .float32: open.add(float32: slice.assumingMemoryBound(to: Float.self))
            }
            offset += n
            if open.frames >= blockFrames { closeBlock() }
        }
        nextFrame = frame + Int64(total / bpf)
    }

    private mutating func closeBlock() {
        let end = openStart + Int64(open.frames)
        let slot: Int
        if count == blocks.count {
            slot = first
            first = (first + 1) % blocks.count
        } else {
            slot = (first + count) % blocks.count
            count += 1
        }
        swap(&blocks[slot], &open)
        blockEnds[slot] = end
        open.reset()
        openStart = end
    }

    /// The statistics of every whole block heard since the last call, up to `heard`; nil when no block ended
    /// since then (the caller skips this update).
    public mutating func take(heard: Int64) -> LevelStatistics? {
        var result: LevelStatistics?
        while count > 0, blockEnds[first] <= heard {
            if blockEnds[first] > taken {
                if result == nil { result = blocks[first] } else { result!.merge(blocks[first]) }
            }
            taken = max(taken, blockEnds[first])
            first = (first + 1) % blocks.count
            count -= 1
        }
        return result
    }
}
