import Curl
import Testing

/// Issue 17: `CurlURL.validate`, libcurl's URL API as the check of stream URLs before they are queued or stored.
@Suite struct CurlURLTests {
    @Test(arguments: [
        ("http://example.com", "example.com"),
        ("https://radio.example/live.mp3", "radio.example"),
        ("http://[::1]:8000/stream", "[::1]"),
        ("http://[2001:db8::7]/x.pls", "[2001:db8::7]"),
        ("http://127.0.0.1:8080/", "127.0.0.1"),
        ("https://user:secret@h.example:8443/p/a.m3u8?token=a%20b&x=1#frag", "h.example"),
        ("https://h.example?only=query", "h.example"),
        ("HTTP://h.example/upper-case-scheme", "h.example")
    ])
    func goodURLsGiveTheirHost(url: String, host: String) throws {
        #expect(try CurlURL.validate(url) == host)
    }

    @Test(arguments: [
        "http://",  // no host (libcurl)
        "http://[::1",  // unclosed IPv6 literal (libcurl)
        "https:///x",  // libcurl reads host "x"; none was written
        "http:/x",  // the same with one slash
        "http://exa mple.com",  // a space in the host (libcurl)
        "http://h.example/a b",  // a space in the path (libcurl)
        "http://:80/",  // a port without a host
        "http://user@/x",  // userinfo without a host
        "http://h.example:99999/",  // port out of range (libcurl)
        "http://h.example/\u{0}x",  // would be cut at the NUL by C
        "http://h.example/" + String(repeating: "a", count: CurlURL.maximumLength),
        "http://" + String(repeating: "a", count: 9_000_000)  // past libcurl's own 8 MB bound too
    ])
    func malformedURLsAreRefusedWithAReason(url: String) {
        do {
            let host = try CurlURL.validate(url)
            Issue.record("accepted \(url.prefix(60)) with host \(host.prefix(60))")
        } catch {
            #expect(error.kind == .malformedURL, "\(url.prefix(60)): \(error.kind)")
            #expect(!error.message.isEmpty && error.url == url)
        }
    }

    @Test func libcurlsReasonIsTheMessage() {
        #expect(throws: CurlError(.malformedURL, url: "http://[::1", message: "Bad IPv6 address", code: 22)) {
            try CurlURL.validate("http://[::1")
        }
        #expect(throws: CurlError(.malformedURL, url: "http://", message: "No host part in the URL", code: 14)) {
            try CurlURL.validate("http://")
        }
    }

    @Test func otherSchemesAreNotStreams() {
        for url in ["ftp://h.example/a.mp3", "file:///tmp/a.mp3", "h.example/a.mp3", ""] {
            #expect(throws: CurlError.self) { try CurlURL.validate(url) }
            do { _ = try CurlURL.validate(url) } catch { #expect(error.kind == .unsupportedScheme, "\(url)") }
        }
    }
}
