import Testing
@testable import PlayerCore

@Suite struct NaturalOrderTests {
    @Test func sortsLikeAFileManager() {
        let input = [
            "10 x.mp3", "2 x.mp3", "1 x.mp3", "Track 10.flac", "track 9.flac", "B.mp3", "a.mp3",
            "disc2/01.mp3", "disc10/01.mp3", "disc1/02.mp3", "007.mp3", "7b.mp3"
        ]
        #expect(
            NaturalOrder.sorted(input) == [
                "1 x.mp3", "2 x.mp3", "007.mp3", "7b.mp3", "10 x.mp3", "a.mp3", "B.mp3",
                "disc1/02.mp3", "disc2/01.mp3", "disc10/01.mp3", "track 9.flac", "Track 10.flac"
            ])
    }

    @Test func numbersOfAnyLength() {
        #expect(NaturalOrder.areInIncreasingOrder("x99999999999999999999999", "x100000000000000000000000"))
        #expect(!NaturalOrder.areInIncreasingOrder("x100000000000000000000000", "x99999999999999999999999"))
    }

    @Test func tieBreaksAreTotalAndDeterministic() {
        #expect(NaturalOrder.compare("a7", "a007") == -1)
        #expect(NaturalOrder.compare("a007", "a7") == 1)
        #expect(NaturalOrder.compare("ABC", "abc") != 0)
        #expect(NaturalOrder.compare("abc", "abc") == 0)
        #expect(NaturalOrder.compare("", "a") == -1)
        #expect(NaturalOrder.compare("a", "a1") == -1)
    }

    /// Antisymmetry and transitivity over random strings (a strict weak order is needed by sort).
    @Test func isAStrictTotalOrder() {
        var rng = SeededRandom(seed: 1)
        let alphabet = Array("aAbB0019 .-é")
        let strings = (0..<120).map { _ in
            String((0..<Int.random(in: 0...6, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
        }
        for a in strings {
            for b in strings {
                #expect(NaturalOrder.compare(a, b) == -NaturalOrder.compare(b, a))
                if NaturalOrder.compare(a, b) == 0 { #expect(a == b) }
            }
        }
        let sorted = NaturalOrder.sorted(strings)
        for i in sorted.indices.dropFirst() { #expect(NaturalOrder.compare(sorted[i - 1], sorted[i]) <= 0) }
        for a in strings.prefix(40) {
            for b in strings.prefix(40) {
                for c in strings.prefix(40) {
                    if NaturalOrder.compare(a, b) < 0 && NaturalOrder.compare(b, c) < 0 {
                        #expect(NaturalOrder.compare(a, c) < 0)
                    }
                }
            }
        }
    }
}
