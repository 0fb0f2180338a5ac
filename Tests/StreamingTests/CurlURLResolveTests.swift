import Curl
import Testing

/// Issue 19 item 4: `CurlURL.resolve`, playlist references resolved by libcurl's URL API (RFC 3986 §5).
@Suite struct CurlURLResolveTests {
    /// RFC 3986 §5.4's base URL, the examples' scheme being http already.
    static let base = "http://a/b/c/d;p?q"

    @Test(arguments: [
        // §5.4.1, normal examples ("g:h" and "" are below: refused).
        ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"), ("/g", "http://a/g"),
        ("//g", "http://g/"),  // the RFC's "http://g"; libcurl writes the empty path as "/" (§6.2.3)
        ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"), ("g#s", "http://a/b/c/g#s"),
        ("g?y#s", "http://a/b/c/g?y#s"), (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"),
        ("g;x?y#s", "http://a/b/c/g;x?y#s"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"),
        ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
        ("../../g", "http://a/g"),
        // §5.4.2, abnormal examples: never above the root, dots only as whole segments, none in query or fragment.
        ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"), ("/../g", "http://a/g"),
        ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"),
        ("g/../h", "http://a/b/c/h"), ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"),
        ("g?y/./x", "http://a/b/c/g?y/./x"), ("g?y/../x", "http://a/b/c/g?y/../x"),
        ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"),
        // An escaped dot or slash is no segment.
        ("..%2Fx", "http://a/b/c/..%2Fx"), ("%2e%2e/g", "http://a/b/c/%2e%2e/g")
    ])
    func rfc3986Examples(reference: String, expected: String) throws {
        #expect(try CurlURL.resolve(reference, against: Self.base) == expected)
    }

    @Test func aFragmentOnlyReferenceKeepsItsFragment() throws {
        // RFC: "http://a/b/c/d;p?q#s". libcurl before 8.12 also drops "d;p?q" (curl issue 15836), as the resolver
        // Linnet had before did; such an entry names the playlist itself, never a stream, so no workaround.
        let resolved = try CurlURL.resolve("#s", against: Self.base)
        #expect(resolved == "http://a/b/c/d;p?q#s" || resolved == "http://a/b/c/#s", "\(resolved)")
    }

    @Test(arguments: [
        ("../../../../../x.mp3", "http://h/r/l.pls", "http://h/x.mp3"),
        (String(repeating: "../", count: 20_000) + "x", "http://h/a/b/l.pls", "http://h/x"),
        ("/a/b/../../..", "http://h/r/l.pls", "http://h/"),
        // Ports, IPv6 literals and userinfo of the base are kept for relative references, not for "//host" ones.
        ("/s", "http://h:8000/r/l.pls", "http://h:8000/s"),
        ("x.mp3", "http://[::1]:8000/a/list.pls", "http://[::1]:8000/a/x.mp3"),
        ("//[2001:db8::7]:8443/s", "https://a/l.m3u", "https://[2001:db8::7]:8443/s"),
        ("x.mp3", "http://u:p@h:81/a/l.pls", "http://u:p@h:81/a/x.mp3"),
        ("//o/x.mp3", "http://u:p@h:81/a/l.pls", "http://o/x.mp3"),
        ("//cdn.example/s", "https://h/l.m3u8", "https://cdn.example/s"),
        ("x.mp3", "http://h", "http://h/x.mp3"),
        ("x.mp3", "http://h/a/l.pls#frag", "http://h/a/x.mp3"),
        // Spaces and non-ASCII are percent-encoded (UTF-8); a space in a query becomes "+" (libcurl's choice).
        ("a b.mp3", "http://h/r/", "http://h/r/a%20b.mp3"),
        ("café/naïve.mp3", "http://h/r/", "http://h/r/caf%c3%a9/na%c3%afve.mp3"),
        ("a%20b c", "http://h/r/", "http://h/r/a%20b%20c"),
        ("g?a b", "http://h/r/", "http://h/r/g?a+b"),
        ("http://h/a b", "http://o/", "http://h/a%20b"),
        ("https://h/café", "http://o/", "https://h/caf%c3%a9")
    ])
    func relativeReferences(reference: String, base: String, expected: String) throws {
        #expect(try CurlURL.resolve(reference, against: base) == expected)
    }

    @Test(arguments: [
        "https://a.example/s", "http://h:8000", "HTTPS://X.example/a", "http://h/a/../b", "http://[::1]",
        "http://u:p@h/x?q=1#f", "http://h/a%zz"
    ])
    func absoluteReferencesComeBackAsWritten(reference: String) throws {
        #expect(try CurlURL.resolve(reference, against: Self.base) == reference)
    }

    @Test(arguments: [
        "g:h", "file:///etc/passwd", "ftp://h/x", "mailto:a@b", "javascript:alert(1)", "data:text/plain,x",
        "FILE:///etc/passwd", "x-custom+1.0://h/"
    ])
    func otherSchemesAreRefused(reference: String) {
        #expect(kind(reference) == .unsupportedScheme, "\(reference)")
    }

    @Test(arguments: [
        "",  // RFC: the base itself; as a playlist entry it is none
        "http:g",  // strict RFC: the URL "http:g"; no host either way
        "http:/x", "http:///x", "///x", "//", "//user@/x",  // libcurl would read a host from the path
        "//[::1", "//h:99999/", "//exa mple/x",  // libcurl: bad IPv6, port, host name
        "a\u{0}b", "\u{0}", "a\u{1}b", "a\tb", "a\nb", "a\rb", "a\u{7F}b", "#a\u{1B}b", "http://h/\u{0}x"
    ])
    func hostileOrEmptyReferencesAreRefusedWithAReason(reference: String) {
        do {
            let resolved = try CurlURL.resolve(reference, against: Self.base)
            Issue.record("accepted \(reference.debugDescription.prefix(60)) as \(resolved.prefix(60))")
        } catch {
            #expect(error.kind == .malformedURL, "\(reference.debugDescription.prefix(60)): \(error.kind)")
            #expect(!error.message.isEmpty && error.url == reference)
        }
    }

    /// Not test arguments: the runner would print each megabyte in the test's name.
    @Test func overlongReferencesAreRefused() {
        let past = String(repeating: "a", count: CurlURL.maximumLength + 1)
        // 9 MB: past libcurl's own 8 MB bound too.
        for reference in [past, "http://h/" + String(repeating: "a", count: 9_000_000)] {
            hostileOrEmptyReferencesAreRefusedWithAReason(reference: reference)
        }
    }

    @Test func theReasonNamesTheProblem() {
        #expect(throws: CurlError(.malformedURL, url: "a\u{0}b", message: "contains a NUL byte")) {
            try CurlURL.resolve("a\u{0}b", against: Self.base)
        }
        #expect(throws: CurlError(.malformedURL, url: "a\u{1}b", message: "contains a control character")) {
            try CurlURL.resolve("a\u{1}b", against: Self.base)
        }
        #expect(throws: CurlError(.malformedURL, url: "//[::1", message: "Bad IPv6 address", code: 22)) {
            try CurlURL.resolve("//[::1", against: Self.base)
        }
    }

    @Test func aResultPastTheBoundIsRefused() {
        let half = String(repeating: "a", count: CurlURL.maximumLength / 2)
        do {
            let resolved = try CurlURL.resolve(half + "/x", against: "http://h/" + half + "/l.pls")
            Issue.record("accepted a result of \(resolved.utf8.count) bytes")
        } catch {
            #expect(error.kind == .malformedURL && error.message.hasPrefix("resolves to more than"), "\(error)")
        }
    }

    @Test func theBaseMustBeAnHTTPURLWithAHost() {
        #expect(kind("x", against: "ftp://h/l.pls") == .unsupportedScheme)
        #expect(kind("x", against: "") == .unsupportedScheme)
        #expect(kind("x", against: "http:///l.pls") == .malformedURL)
        #expect(kind("x", against: "http://[::1/l.pls") == .malformedURL)
    }

    /// The kind of error resolving `reference` gives, nil when it resolves.
    private func kind(_ reference: String, against base: String = Self.base) -> CurlError.Kind? {
        do {
            _ = try CurlURL.resolve(reference, against: base)
            return nil
        } catch { return error.kind }
    }
}
