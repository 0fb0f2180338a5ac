/// SplitMix64: a small, fast, seedable generator. Every random choice of the soak comes from one of these,
/// derived from the run's seed and the thread's role, so a failing run can be replayed with `--seed`.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Streams are hashed apart (a plain `seed ^ stream * constant` made neighbouring streams the same sequence
    /// a few steps apart, so two "independent" clients made the same calls).
    public init(seed: UInt64, stream: UInt64 = 0) {
        state = Self.mix(Self.mix(seed) ^ Self.mix(stream &+ 0x5EED))
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// SplitMix64's finalizer: a bijective scramble of 64 bits.
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// One of `choices`, each with its weight.
    public mutating func weighted<T>(_ choices: [(T, Int)]) -> T {
        let total = choices.reduce(0) { $0 + $1.1 }
        var pick = Int.random(in: 0..<total, using: &self)
        for (value, weight) in choices {
            if pick < weight { return value }
            pick -= weight
        }
        return choices[choices.count - 1].0
    }
}
