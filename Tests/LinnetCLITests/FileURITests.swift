import PlayerCore
import Testing
@testable import LinnetCLI

@Suite struct FileURITests {
    @Test func relativePathsBecomeAbsoluteFileURIs() {
        #expect(
            FileURI.uri(for: "data/demo/01-intro.mp3", workingDirectory: "/home/u/linnet")
                == "file:///home/u/linnet/data/demo/01-intro.mp3")
        #expect(
            FileURI.uri(for: "../Music/./a.flac", workingDirectory: "/home/u/linnet") == "file:///home/u/Music/a.flac")
        #expect(FileURI.uri(for: "/abs//x.ogg", workingDirectory: "/ignored") == "file:///abs/x.ogg")
        #expect(FileURI.uri(for: ".", workingDirectory: "/home/u") == "file:///home/u")
        #expect(FileURI.uri(for: "../../..", workingDirectory: "/a") == "file:///")
    }

    /// One encoder for the CLI and the daemon (FileURI.uri(fromPath:)): what RFC 3986 reserves in a path is
    /// encoded, the sub-delimiters a path may hold (`(`, `)`, `&`, …) are kept, as GLib's g_filename_to_uri does.
    @Test func reservedAndNonASCIIBytesArePercentEncoded() {
        #expect(
            FileURI.uri(for: "/m/My Song #1 (live)?.mp3", workingDirectory: "/")
                == "file:///m/My%20Song%20%231%20(live)%3F.mp3")
        #expect(FileURI.uri(for: "/m/Hänfling%.ogg", workingDirectory: "/") == "file:///m/H%C3%A4nfling%25.ogg")
        #expect(FileURI.uri(for: "/a-b_c.d~e/f", workingDirectory: "/") == "file:///a-b_c.d~e/f")
    }

    @Test func urisPassThrough() {
        for uri in ["file:///x/y.mp3", "http://example.org/stream", "https://a/b?c=d", "file:/x", "FILE:///X"] {
            #expect(FileURI.looksLikeURI(uri), "\(uri)")
            #expect(FileURI.uri(for: uri, workingDirectory: "/w") == uri)
        }
        for path in ["song.mp3", "dir:name/x.mp3", "1http://x", ":x", "/abs/x"] {
            #expect(!FileURI.looksLikeURI(path), "\(path)")
        }
    }

    /// argv bytes that are not UTF-8 (Latin-1 "café", a lone 0xFF) reach the URI byte for byte, relative or not.
    @Test func nonUTF8ArgumentsKeepTheirBytesIntoTheURI() {
        let raw: [[UInt8]] = [Array("linnet".utf8), Array("caf".utf8) + [0xE9], [0x2F, 0x78, 0xFF]]
        let pointers: [UnsafeMutablePointer<CChar>?] =
            raw.map { bytes in
                let p = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
                for (i, b) in bytes.enumerated() { p[i] = CChar(bitPattern: b) }
                p[bytes.count] = 0
                return p
            } + [nil]
        defer { pointers.forEach { $0?.deallocate() } }
        var argv = pointers
        let args = argv.withUnsafeMutableBufferPointer { CommandLineBytes.arguments(argc: 3, argv: $0.baseAddress!) }
        #expect(args.count == 2)
        #expect(FileURI.uri(for: args[0], workingDirectory: "/m") == "file:///m/caf%E9")
        #expect(FileURI.uri(for: args[1], workingDirectory: "/") == "file:///x%FF")
        #expect(FileURI.lenientlyDecodedBytes("/m/caf%E9") == Array("/m/caf".utf8) + [0xE9])
        var alone = [pointers[0], nil]
        #expect(
            alone.withUnsafeMutableBufferPointer { CommandLineBytes.arguments(argc: 1, argv: $0.baseAddress!) }.isEmpty)
    }

    @Test func decodingUndoesEncoding() throws {
        let path = "/m/Linotte mélodieuse #8 100%.mp3"
        #expect(FileURI.lenientlyDecoded(String(FileURI.uri(fromPath: path).dropFirst("file://".count))) == path)
        #expect(try FileURI.path(fromURI: FileURI.uri(fromPath: path)) == path)
        #expect(FileURI.lenientlyDecoded("%zz%4") == "%zz%4")
    }
}

@Suite struct PlayerNamesTests {
    let running = [
        ":1.4", "org.freedesktop.DBus", "org.mpris.MediaPlayer2.mpv", "org.mpris.MediaPlayer2.linnet.instance100",
        "org.mpris.MediaPlayer2.linnet.instance99", "org.mpris.MediaPlayer2.vlc.instanceX",
        "org.mpris.MediaPlayer2.linnetd"
    ]

    @Test func exactNameWins() {
        #expect(PlayerNames.resolve("mpv", running: running) == "org.mpris.MediaPlayer2.mpv")
        #expect(
            PlayerNames.resolve("linnet", running: running + ["org.mpris.MediaPlayer2.linnet"])
                == "org.mpris.MediaPlayer2.linnet")
    }

    @Test func fallsBackToTheLowestInstance() {
        #expect(PlayerNames.resolve("linnet", running: running) == "org.mpris.MediaPlayer2.linnet.instance99")
        #expect(
            PlayerNames.resolve("linnet.instance100", running: running) == "org.mpris.MediaPlayer2.linnet.instance100")
    }

    @Test func neverMatchesAnotherPlayerWithTheSamePrefix() {
        #expect(PlayerNames.resolve("vlc", running: running) == nil)  // instanceX is not an instance
        #expect(PlayerNames.resolve("linnetd", running: running) == "org.mpris.MediaPlayer2.linnetd")
        #expect(PlayerNames.resolve("lin", running: running) == nil)
    }

    @Test func activatableNamesAreTheLastResort() {
        #expect(
            PlayerNames.resolve("linnet", running: [], activatable: ["org.mpris.MediaPlayer2.linnet"])
                == "org.mpris.MediaPlayer2.linnet")
        #expect(PlayerNames.resolve("mpd", running: [], activatable: ["org.mpris.MediaPlayer2.linnet"]) == nil)
    }

    @Test func listsOnlyMPRISPlayersSorted() {
        #expect(
            PlayerNames.players(in: running) == [
                "org.mpris.MediaPlayer2.linnet.instance100", "org.mpris.MediaPlayer2.linnet.instance99",
                "org.mpris.MediaPlayer2.linnetd", "org.mpris.MediaPlayer2.mpv", "org.mpris.MediaPlayer2.vlc.instanceX"
            ])
        #expect(PlayerNames.shortName(of: "org.mpris.MediaPlayer2.mpv") == "mpv")
        #expect(PlayerNames.shortName(of: "org.mpris.MediaPlayer2.") == nil)
        #expect(PlayerNames.shortName(of: "org.example.mpv") == nil)
    }
}
