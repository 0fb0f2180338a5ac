import PlayerCore
import RubberBand

/// The engine's `TimeStretcher` over librubberband: converts the stream's interleaved s16/f32 frames to the planar
/// floats rubberband works on and back, and hides rubberband's start delay (silence is fed in front after each
/// reset and the matching output dropped), so output frame 0 is input frame 0 played at the new rate.
public final class RubberBandTimeStretcher: TimeStretcher {
    private let format: AudioFormat
    private let stretcher: RubberBandStretcher
    /// Planar scratch, `block` frames per channel.
    private let planes: [UnsafeMutablePointer<Float>]
    private let block = 4096
    private var toDrop = 0
    private var finished = false

    /// A stretcher for `format`, or nil when rubberband cannot be set up for it.
    public static func make(_ format: AudioFormat) -> (any TimeStretcher)? {
        try? RubberBandTimeStretcher(format: format)
    }

    init(format: AudioFormat) throws(RubberBandError) {
        self.format = format
        stretcher = try RubberBandStretcher(sampleRate: format.sampleRate, channels: format.channels, timeRatio: 1)
        planes = (0..<format.channels).map { _ in
            let p = UnsafeMutablePointer<Float>.allocate(capacity: 4096)
            p.initialize(repeating: 0, count: 4096)
            return p
        }
    }

    deinit { planes.forEach { $0.deallocate() } }

    public func reset(rate: Double) {
        stretcher.reset()
        stretcher.setTimeRatio(1 / rate)
        finished = false
        // Prime with silence so the first real frame comes out at the start of the output.
        var pad = stretcher.preferredStartPad
        for p in planes { p.update(repeating: 0, count: block) }
        while pad > 0 {
            let n = min(pad, block)
            feed(frames: n, final: false)
            pad -= n
        }
        toDrop = stretcher.startDelay
    }

    public var framesWanted: Int { max(1, min(block, stretcher.samplesRequired)) }

    public var isFinished: Bool { finished }

    public func process(_ input: UnsafeRawBufferPointer, final: Bool) {
        let channels = format.channels
        var frames = input.count / format.bytesPerFrame
        guard frames > 0, let base = input.baseAddress else {
            feed(frames: 0, final: final)
            return
        }
        var offset = 0
        repeat {
            let n = min(frames, block)
            switch format.sampleFormat {
            case .int16:
                let s = base.assumingMemoryBound(to: Int16.self) + offset * channels
                for c in 0..<channels {
                    let p = planes[c]
                    for f in 0..<n { p[f] = Float(s[f &* channels &+ c]) * (1 / 32768) }
                }
            case .float32:
                let s = base.assumingMemoryBound(to: Float.self) + offset * channels
                for c in 0..<channels {
                    let p = planes[c]
                    for f in 0..<n { p[f] = s[f &* channels &+ c] }
                }
            }
            frames -= n
            offset += n
            feed(frames: n, final: final && frames == 0)
        } while frames > 0
    }

    private func feed(frames: Int, final: Bool) {
        planes.withUnsafeBufferPointer { ps in
            ps.withMemoryRebound(to: UnsafePointer<Float>?.self) { immutable in
                stretcher.process(immutable.baseAddress!, frames: frames, final: final)
            }
        }
    }

    public func retrieve(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let channels = format.channels
        let capacity = buffer.count / format.bytesPerFrame
        var written = 0
        while written < capacity {
            let available = stretcher.available
            if available < 0 { finished = true; break }
            if available == 0 { break }
            let n = min(available, block, toDrop > 0 ? toDrop : capacity - written)
            let got = planes.withUnsafeBufferPointer { ps in
                ps.withMemoryRebound(to: UnsafeMutablePointer<Float>?.self) {
                    stretcher.retrieve($0.baseAddress!, frames: n)
                }
            }
            if got == 0 { break }
            if toDrop > 0 { toDrop -= got; continue }
            switch format.sampleFormat {
            case .int16:
                let d = buffer.baseAddress!.assumingMemoryBound(to: Int16.self) + written * channels
                for c in 0..<channels {
                    let p = planes[c]
                    for f in 0..<got {
                        let v = (p[f] * 32768).rounded()
                        d[f &* channels &+ c] = Int16(max(-32768, min(32767, v.isNaN ? 0 : v)))
                    }
                }
            case .float32:
                let d = buffer.baseAddress!.assumingMemoryBound(to: Float.self) + written * channels
                for c in 0..<channels {
                    let p = planes[c]
                    for f in 0..<got { d[f &* channels &+ c] = p[f] }
                }
            }
            written += got
        }
        if stretcher.available < 0 { finished = true }
        return written * format.bytesPerFrame
    }
}
