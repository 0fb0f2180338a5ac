import Foundation

/// Frequency analysis of recorded audio for pitch checks.
public enum Spectrum {
    /// The dominant frequency (Hz) of `samples` at `rate`: a Hann-windowed FFT of the largest power-of-two prefix,
    /// refined between bins by fitting a parabola to the log magnitudes around the peak (well under 0.1 bin for
    /// a pure tone).
    public static func dominantFrequency(_ samples: [Float], rate: Int) -> Double {
        var n = 1
        while n * 2 <= samples.count { n *= 2 }
        var re = (0..<n).map { i in Double(samples[i]) * (0.5 - 0.5 * cos(2 * Double.pi * Double(i) / Double(n))) }
        var im = [Double](repeating: 0, count: n)
        fft(&re, &im)
        let mags = (0..<(n / 2)).map { (re[$0] * re[$0] + im[$0] * im[$0]).squareRoot() }
        let k = (1..<(n / 2 - 1)).max { mags[$0] < mags[$1] } ?? 1
        let (a, b, c) = (log(mags[k - 1] + 1e-12), log(mags[k] + 1e-12), log(mags[k + 1] + 1e-12))
        let delta = 0.5 * (a - c) / (a - 2 * b + c)
        return (Double(k) + delta) * Double(rate) / Double(n)
    }

    /// The median of the dominant frequencies of successive `window`-sample FFTs (overlapping by 3/4): the pitch
    /// heard over time, which a window hit by a glitch (an underrun on a loaded machine) does not move, where one
    /// long FFT would be pulled by it. A time stretcher with phase resets on every detected transient makes a tone
    /// wobble by several Hz from one stretch to the next; these short windows show that, a long FFT hides it.
    public static func medianDominantFrequency(_ samples: [Float], rate: Int, window: Int = 16384) -> Double {
        let sorted = shortTimeDominantFrequencies(samples, rate: rate, window: window).sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// The dominant frequency of each successive `window`-sample FFT (overlapping by 3/4), in time order.
    public static func shortTimeDominantFrequencies(_ samples: [Float], rate: Int, window: Int = 16384) -> [Double] {
        var estimates: [Double] = []
        var start = 0
        while start + window <= samples.count {
            estimates.append(dominantFrequency(Array(samples[start..<(start + window)]), rate: rate))
            start += window / 4
        }
        return estimates
    }

    /// In-place iterative radix-2 FFT (`re.count` a power of two).
    static func fft(_ re: inout [Double], _ im: inout [Double]) {
        let n = re.count
        var j = 0
        for i in 1..<n {
            var bit = n >> 1
            while j & bit != 0 { j ^= bit; bit >>= 1 }
            j |= bit
            if i < j { re.swapAt(i, j); im.swapAt(i, j) }
        }
        var len = 2
        while len <= n {
            let angle = -2 * Double.pi / Double(len)
            for start in stride(from: 0, to: n, by: len) {
                for k in 0..<(len / 2) {
                    let (wr, wi) = (cos(angle * Double(k)), sin(angle * Double(k)))
                    let (ur, ui) = (re[start + k], im[start + k])
                    let (xr, xi) = (re[start + k + len / 2], im[start + k + len / 2])
                    let (vr, vi) = (xr * wr - xi * wi, xr * wi + xi * wr)
                    re[start + k] = ur + vr; im[start + k] = ui + vi
                    re[start + k + len / 2] = ur - vr; im[start + k + len / 2] = ui - vi
                }
            }
            len <<= 1
        }
    }
}
