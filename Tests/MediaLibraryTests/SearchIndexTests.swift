import Testing
@testable import MediaLibrary

/// The in-memory search index alone: substring matches in the order songs were added, pages, counts, and the
/// edges (a match never spans two songs, NUL bytes, empty needles), checked against a plain model.
@Suite struct SearchIndexTests {
    static func index(_ texts: [String], ids: [Int64]? = nil) -> SearchIndex {
        var builder = SearchIndex.Builder(songs: texts.count, textBytes: texts.reduce(0) { $0 + $1.utf8.count })
        for (i, text) in texts.enumerated() {
            #expect(builder.add(id: ids?[i] ?? Int64(i + 100)) { $0.append(contentsOf: Array(text.utf8)) })
        }
        return builder.finish()
    }

    /// The ids a plain scan finds (byte substring, as SQL's instr does).
    static func model(_ texts: [String], _ needle: String) -> [Int64] {
        texts.enumerated().compactMap { i, text in
            let hay = Array(text.utf8), key = Array(needle.utf8)
            guard !key.isEmpty, hay.count >= key.count else { return nil }
            for start in 0...(hay.count - key.count) where Array(hay[start..<start + key.count]) == key {
                return Int64(i + 100)
            }
            return nil
        }
    }

    @Test func findsSubstringsInOrder() {
        let texts = [
            "kestrel wing\u{1F}artist 1\u{1F}album", "abbey\u{1F}b", "nothing here", "夜曲\u{1F}東京",
            "the kestrel", "kestrel"
        ]
        let index = Self.index(texts)
        #expect(index.count == 6)
        #expect(index.matches("kestrel", offset: 0, limit: 50) == [100, 104, 105])
        #expect(index.count("kestrel") == 3)
        #expect(index.matches("kestrel", offset: 1, limit: 1) == [104])
        #expect(index.matches("kestrel", offset: 3, limit: 10) == [])
        #expect(index.matches("kestrel", offset: 0, limit: 0) == [])
        #expect(index.matches("夜", offset: 0, limit: 5) == [103])
        #expect(index.matches("曲\u{1F}東", offset: 0, limit: 5) == [103])
        #expect(index.count("e") == 5)
        #expect(index.count("zzz") == 0)
    }

    @Test func aMatchNeverSpansTwoSongs() {
        let index = Self.index(["xa", "by", "a", "b"])
        #expect(index.count("ab") == 0)
        #expect(index.count("a") == 2)
        #expect(index.matches("xa", offset: 0, limit: 9) == [100])
    }

    @Test func emptyNeedlesAndNULBytesMatchNothingOdd() {
        let index = Self.index(["a\u{0}b", "ab", ""])
        #expect(index.count("") == 0)
        #expect(index.count("\u{0}") == 0)
        // The NUL inside the first text is stored as the field separator: "a" and "b" are separate fields there.
        #expect(index.matches("ab", offset: 0, limit: 9) == [101])
        #expect(index.matches("a\u{1F}b", offset: 0, limit: 9) == [100])
        #expect(Self.index([]).count("a") == 0)
    }

    @Test func repeatedOccurrencesCountTheSongOnce() {
        let index = Self.index(["aaaa", "a", "baaab"])
        #expect(index.count("aa") == 2)
        #expect(index.matches("aa", offset: 0, limit: 9) == [100, 102])
        #expect(index.count("a") == 3)
    }

    @Test func agreesWithAPlainScanOnGeneratedTexts() {
        // A small alphabet makes many partial matches, near-misses and matches at both ends of texts.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
        let alphabet = Array("abcé夜\u{1F} ")
        let texts = (0..<2_000).map { _ in
            String((0..<Int(next() % 24)).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] })
        }
        let index = Self.index(texts)
        let needles = ["a", "ab", "abc", "é", "夜", "a夜", "cc", "\u{1F}a", " b", "abca", "ééé", "bab"]
        for needle in needles {
            let expected = Self.model(texts, needle)
            #expect(index.count(needle) == expected.count, "count \(needle)")
            #expect(index.matches(needle, offset: 0, limit: 1_000_000) == expected, "all \(needle)")
            #expect(
                index.matches(needle, offset: 7, limit: 50) == Array(expected.dropFirst(7).prefix(50)), "page \(needle)"
            )
        }
    }
}
