/// Alignment helpers for recordings of real media (lossy or not).

/// The left channel of interleaved stereo s16, as Float.
func leftChannel(_ s: [Int16]) -> [Float] {
    stride(from: 0, to: s.count - 1, by: 2).map { Float(s[$0]) }
}

/// The shift `s` within `guess ± range` that best aligns `reference[refStart ..< refStart+length]` with
/// `recording[refStart + s ...]` (least squares), and the RMS error there.
func bestShift(
    reference: [Float], refStart: Int, length: Int, recording: [Float], guess: Int,
    range: Int
) -> (shift: Int, rms: Float) {
    var best = (shift: guess, err: Float.infinity)
    reference.withUnsafeBufferPointer { ref in
        recording.withUnsafeBufferPointer { rec in
            for s in (guess - range)...(guess + range) {
                let o = refStart + s
                guard o >= 0, o + length <= rec.count, refStart + length <= ref.count else { continue }
                var e: Float = 0
                for i in 0..<length {
                    let d = rec[o + i] - ref[refStart + i]
                    e += d * d
                    if e >= best.err { break }
                }
                if e < best.err { best = (s, e) }
            }
        }
    }
    return (best.shift, (best.err / Float(length)).squareRoot())
}

/// Index of the first frame louder than `threshold`.
func firstSound(_ x: [Float], threshold: Float = 64) -> Int? {
    x.firstIndex { abs($0) > threshold }
}
