import Testing
@testable import PlayerCore

@Suite struct FileURITests {
    @Test(arguments: [
        ("file:///music/a.mp3", "/music/a.mp3"),
        ("file://localhost/music/a.mp3", "/music/a.mp3"),
        ("FILE://LOCALHOST/x", "/x"),
        ("file:/music/a.mp3", "/music/a.mp3"),
        ("file:///music/My%20Song%20%231.mp3", "/music/My Song #1.mp3"),
        ("file:///m/%C3%A9t%C3%A9.flac", "/m/été.flac"),
        ("file:///m/%e2%82%ac", "/m/€"),
        ("file:///m/100%25.ogg", "/m/100%.ogg")
    ])
    func decodesFileURIs(uri: String, path: String) throws {
        #expect(try FileURI.path(fromURI: uri) == path)
    }

    @Test(arguments: [
        ("", URIError.Kind.empty),
        ("http://x/a.mp3", .notFileScheme),
        ("/plain/path", .notFileScheme),
        ("file://server/share/a.mp3", .remoteHost),
        ("file:///a%2", .badPercentEncoding),
        ("file:///a%zz", .badPercentEncoding),
        ("file:///a%00b", .invalidCharacter),
        ("file:///a.mp3?x=1", .invalidCharacter),
        ("file:///a.mp3#t=3", .invalidCharacter),
        ("file:relative/a.mp3", .notAbsolute)
    ])
    func rejectsMalformedURIs(uri: String, kind: URIError.Kind) {
        #expect(throws: URIError(kind, uri)) { try FileURI.path(fromURI: uri) }
    }

    @Test func encodesPaths() {
        #expect(FileURI.uri(fromPath: "/music/a b/ç#?%.mp3") == "file:///music/a%20b/%C3%A7%23%3F%25.mp3")
        #expect(FileURI.uri(fromPath: "/a/(x)_y-z~.mp3") == "file:///a/(x)_y-z~.mp3")
    }

    @Test func roundTripsManyPaths() throws {
        var rng = SeededRandom(seed: 5)
        let alphabet = Array("aZ09 -_.~!$&'()*+,;=:@%#?[]{}\"<>\\^`|éü€漢😀\t")
        for _ in 0..<2000 {
            let name = String(
                (0..<Int.random(in: 1...20, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
            let path = "/d/" + name
            let uri = FileURI.uri(fromPath: path)
            #expect(uri.unicodeScalars.allSatisfy { $0.isASCII && $0 != " " && $0 != "#" && $0 != "?" })
            #expect(try FileURI.path(fromURI: uri) == path)
        }
    }

    @Test func schemeDetection() {
        #expect(FileURI.scheme(of: "HTTPS://x") == "https")
        #expect(FileURI.scheme(of: "svn+ssh://x") == "svn+ssh")
        #expect(FileURI.scheme(of: "/a:b") == nil)
        #expect(FileURI.scheme(of: "C:\\x") == nil)
        #expect(FileURI.scheme(of: "1a:b") == nil)
        #expect(FileURI.scheme(of: "noscheme") == nil)
    }

    @Test func normalizesPaths() {
        #expect(FileURI.normalize(path: "/a/./b//c/../d") == "/a/b/d")
        #expect(FileURI.normalize(path: "/../..") == "/")
        #expect(FileURI.normalize(path: "/") == "/")
    }

    /// The one scheme test of "is this a stream" that the daemon, the stream code and the CLI share (whether the
    /// URL is valid is the stream code's question: "http://" alone is a stream with a bad URL, InvalidArgs).
    @Test func httpLocationsAreRecognisedOnce() {
        for yes in ["http://h/x.mp3", "HTTPS://h", "Http://h:8000/;", "https://[::1]/a", "http://"] {
            #expect(MediaLocation.isHTTP(yes), "\(yes)")
        }
        for no in ["ftp://h/x", "httpx://h", "/http://h", "file:///http://h", "h:", ""] {
            #expect(!MediaLocation.isHTTP(no), "\(no)")
        }
    }

    /// What the command line passes on: URIs as typed, paths made absolute, normalised and encoded as the daemon
    /// encodes them; lenient decoding keeps a broken escape instead of refusing the name.
    @Test func commandLineArgumentsBecomeURIs() {
        #expect(FileURI.uri(for: "a/../b c.mp3", workingDirectory: "/m") == "file:///m/b%20c.mp3")
        #expect(FileURI.uri(for: "http://h/x", workingDirectory: "/m") == "http://h/x")
        #expect(FileURI.looksLikeURI("FILE:/x") && !FileURI.looksLikeURI("dir:name/x") && !FileURI.looksLikeURI(":x"))
        #expect(FileURI.lenientlyDecodedBytes("/a%zz%41%4") == Array("/a%zzA%4".utf8))
        #expect(FileURI.lenientlyDecoded("%FF") == "\u{FFFD}")
    }

    @Test func mediaLocationParsing() throws {
        #expect(try MediaLocation(parsing: "/a/b.mp3") == .file(path: "/a/b.mp3"))
        #expect(try MediaLocation(parsing: "file:///a/b%20c.mp3") == .file(path: "/a/b c.mp3"))
        #expect(try MediaLocation(parsing: "https://radio/x.mp3") == .url("https://radio/x.mp3"))
        #expect(try MediaLocation(parsing: "../b.mp3", relativeTo: "/m/list") == .file(path: "/m/b.mp3"))
        #expect(throws: URIError(.notAbsolute, "b.mp3")) { try MediaLocation(parsing: "b.mp3") }
        #expect(MediaLocation.file(path: "/m/a b.mp3").uri == "file:///m/a%20b.mp3")
        #expect(MediaLocation.file(path: "/m/a b.mp3").fileName == "a b.mp3")
        #expect(MediaLocation.url("http://h/x/My%20Song.mp3?x=1").fileName == "My Song.mp3")
    }
}
