import Testing
@testable import PlayerCore

/// PlayerCore's own `contains(_:)` (replacing _StringProcessing's, see SubstringSearch.swift): same answers.
@Suite struct SubstringSearchTests {
    @Test(arguments: [
        ("analog-output-headphones", "headphone", true), ("hdmi-output-0", "-dp-", false),
        ("abc", "", true), ("", "", true), ("", "a", false), ("ab", "abc", false),
        ("aab", "ab", true), ("x-dp-1", "-dp-", true), ("café", "e\u{301}", true), ("cafe\u{301}", "e", false),
        ("cafe\u{301}s", "café", true), ("🎵🎶", "🎶", true)
    ])
    func matchesCharacterwise(text: String, needle: String, expected: Bool) {
        #expect(SubstringSearch.contains(text, needle) == expected)
        #expect(SubstringSearch.contains(text[...], needle) == expected)
    }
}
