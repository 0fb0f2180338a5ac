import Testing
@testable import PlayerCore

/// What the scanner leaves out: hidden names below a library folder and `.nomedia` folders (`ScanScope`).
@Suite struct ScanScopeTests {
    static func b(_ s: String) -> [UInt8] { Array(s.utf8) }

    @Test func hiddenNames() {
        #expect(ScanScope.isHidden(Self.b(".Trash-1000")))
        #expect(ScanScope.isHidden(Self.b(".base")))
        #expect(ScanScope.isHidden(Self.b(".nomedia")))
        #expect(!ScanScope.isHidden(Self.b("a.mp3")))
        #expect(!ScanScope.isHidden([]))
    }

    @Test func noMediaFolders() {
        #expect(ScanScope.excludesFolder(entryNames: [Self.b("01.mp3"), Self.b(".nomedia")]))
        #expect(!ScanScope.excludesFolder(entryNames: [Self.b("01.mp3"), Self.b(".NOMEDIA"), Self.b("nomedia")]))
    }

    @Test func pathsBelowARoot() {
        #expect(ScanScope.isHidden(Self.b("/m/.Trash-0/files"), below: Self.b("/m")))
        #expect(ScanScope.isHidden(Self.b("/m/a/.hidden.mp3"), below: Self.b("/m/")))
        #expect(!ScanScope.isHidden(Self.b("/m/a/b"), below: Self.b("/m")))
        // The library folder's own name does not count, and "/m" does not claim "/music".
        #expect(!ScanScope.isHidden(Self.b("/home/u/.music/a"), below: Self.b("/home/u/.music")))
        #expect(!ScanScope.isHidden(Self.b("/music/.x"), below: Self.b("/m")))
        #expect(
            ScanScope.folders(from: Self.b("/m"), to: Self.b("/m/a/b")).map { String(decoding: $0, as: UTF8.self) }
                == ["/m", "/m/a", "/m/a/b"])
        #expect(
            ScanScope.folders(from: Self.b("/"), to: Self.b("/a")).map { String(decoding: $0, as: UTF8.self) } == [
                "/", "/a"
            ])
        #expect(ScanScope.folders(from: Self.b("/m"), to: Self.b("/m")).count == 1)
        #expect(ScanScope.folders(from: Self.b("/m"), to: Self.b("/music/a")).isEmpty)
    }
}
