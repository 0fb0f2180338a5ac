import MPDProtocol

/// Decides which songs of an `MPDSongIndex` pass an `MPDFilter`, as MPD's song filters do: a tag with several
/// values matches when one does (a negated match when none does), an empty `==` value means "the tag is absent",
/// `any` looks at every tag and the file name. Built once per command: it checks that the filter uses only what
/// this server can evaluate, so a song is never met with an unsupported key.
///
/// Each distinct string is compared (and folded) at most once per comparison of the filter: a search over
/// 100,000 songs folds each artist once, not once per song of theirs. Comparisons are of UTF-8 bytes after the
/// folding, as MPD compares. Not isolated (it runs inside the listing loops); not Sendable: each command makes
/// and uses its own.
final class MPDFilterMatcher {
    private let index: MPDSongIndex
    private let root: Node

    /// One comparison of the filter and what it concluded for each string id so far (0 unknown, 1 no, 2 yes).
    private final class Comparison {
        let match: MPDStringMatch
        let folds: Bool
        let fold: (String) -> [UInt8]
        let strings: [String]
        let needle: [UInt8]
        var verdicts: [UInt8]

        init(_ match: MPDStringMatch, folds: Bool, fold: @escaping (String) -> [UInt8], strings: [String]) {
            self.match = match
            self.folds = folds
            self.fold = fold
            self.strings = strings
            needle = folds ? fold(match.value) : Array(match.value.utf8)
            verdicts = [UInt8](repeating: 0, count: strings.count)
        }

        /// Whether one of `ids` (or `file`) passes. The verdicts are read through one buffer per call: a search
        /// meets each song's dozen strings, nearly all decided already.
        func holdsAny(_ ids: ArraySlice<UInt32>, orFile file: UInt32? = nil) -> Bool {
            verdicts.withUnsafeMutableBufferPointer { v in
                for id in ids where decide(Int(id), v) { return true }
                return file.map { decide(Int($0), v) } ?? false
            }
        }

        private func decide(_ i: Int, _ v: UnsafeMutableBufferPointer<UInt8>) -> Bool {
            if v[i] != 0 { return v[i] == 2 }
            let hit = Self.compare(folds ? fold(strings[i]) : Array(strings[i].utf8), match.op, needle)
            v[i] = hit ? 2 : 1
            return hit
        }

        static func compare(_ value: [UInt8], _ op: MPDStringMatch.Operator, _ needle: [UInt8]) -> Bool {
            switch op {
            case .equals: return value == needle
            case .startsWith: return value.starts(with: needle)
            case .contains: return contains(value, needle)
            case .regex: return false  // refused by `check`
            }
        }

        static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
            guard !needle.isEmpty else { return true }
            guard haystack.count >= needle.count else { return false }
            let first = needle[0]
            for start in 0...(haystack.count - needle.count) where haystack[start] == first {
                var k = 1
                while k < needle.count, haystack[start + k] == needle[k] { k += 1 }
                if k == needle.count { return true }
            }
            return false
        }
    }

    private indirect enum Node {
        case tag(codes: [UInt8], Comparison, MPDStringMatch)
        case anyTag(Comparison, MPDStringMatch)
        case uri(Comparison, MPDStringMatch)
        case base([UInt8])
        case modifiedSince(Int64)
        case constant(Bool)
        case not(Node)
        case and([Node])
    }

    /// A matcher for `filter` over `index`; refuses what it cannot evaluate (regular expressions, times, audio
    /// formats). `foldsByDefault`: whether comparisons without an explicit case fold (`search`, not `find`).
    init(
        _ filter: MPDFilter, over index: MPDSongIndex, foldsByDefault: Bool, fold: @escaping (String) -> [UInt8]
    ) throws(MPDCommandError) {
        try Self.check(filter)
        self.index = index
        func comparison(_ m: MPDStringMatch) -> Comparison {
            let folds =
                switch m.caseSensitivity {
                case .commandDefault: foldsByDefault
                case .insensitive: true
                case .sensitive: false
                }
            return Comparison(m, folds: folds, fold: fold, strings: index.strings)
        }
        func node(_ f: MPDFilter) -> Node {
            switch f {
            case .tag(let tag, let m): .tag(codes: index.lookup(tag), comparison(m), m)
            case .anyTag(let m): .anyTag(comparison(m), m)
            case .uri(let m): .uri(comparison(m), m)
            case .base(let d): d.isEmpty ? .constant(true) : .base(Array((d + "/").utf8))
            // Queue priorities are all 0 here (prio is accepted and ignored), so only `prio >= 0` holds.
            case .priorityAtLeast(let n): .constant(n == 0)
            case .modifiedSince(let t): .modifiedSince(t.secondsSince1970)
            case .addedSince, .audioFormat: .constant(false)  // refused by `check`
            case .not(let inner): .not(node(inner))
            case .and(let all): .and(all.map(node))
            }
        }
        root = node(filter)
    }

    /// Whether song `i` of the index passes.
    func matches(_ i: Int) -> Bool { matches(root, i) }

    private func matches(_ node: Node, _ i: Int) -> Bool {
        switch node {
        case .tag(let codes, let comparison, let m):
            return test(index.values(i, codes), comparison, m)
        case .anyTag(let comparison, let m):
            // "Absent" never holds: a song always has its file name.
            if m.op == .equals, m.value.isEmpty { return m.negated }
            return comparison.holdsAny(index.allValues(i), orFile: index.fileID(i)) != m.negated
        case .uri(let comparison, let m):
            return comparison.holdsAny([], orFile: index.fileID(i)) != m.negated
        case .base(let prefix): return index.file(i).utf8.starts(with: prefix)
        case .modifiedSince(let t): return index.lastModified(i).map { $0 >= t } ?? false
        case .constant(let value): return value
        case .not(let inner): return !matches(inner, i)
        case .and(let all): return all.allSatisfy { matches($0, i) }
        }
    }

    private func test(_ values: ArraySlice<UInt32>, _ comparison: Comparison, _ m: MPDStringMatch) -> Bool {
        if m.op == .equals, m.value.isEmpty { return values.isEmpty != m.negated }
        return comparison.holdsAny(values) != m.negated
    }

    private static func check(_ filter: MPDFilter) throws(MPDCommandError) {
        switch filter {
        case .tag(_, let m), .anyTag(let m), .uri(let m):
            // An unbounded pattern from the network would need a bounded engine; refused until there is one.
            if m.op == .regex { throw MPDCommandError(.argument, "regular expressions are not supported") }
        case .addedSince: throw MPDCommandError(.argument, "added-since is not supported")
        case .audioFormat: throw MPDCommandError(.argument, "AudioFormat filters are not supported")
        case .not(let inner): try check(inner)
        case .and(let all): for f in all { try check(f) }
        case .base, .priorityAtLeast, .modifiedSince: break
        }
    }
}
