import Foundation
import Testing
@testable import PlayerCore

@Suite struct MediaCollectorTests {
    @Test func recursesFoldersInNaturalOrderSkippingHiddenAndUnsupported() throws {
        let t = try TempDir()
        for name in [
            "Album/10 ten.mp3", "Album/2 two.FLAC", "Album/1 one.ogg", "Album/cover.jpg", "Album/.hidden.mp3",
            "Album/.git/x.mp3", "Album/Disc 10/a.opus", "Album/Disc 9/b.wav", "Album/notes.txt", "Album/album.m3u"
        ] {
            try t.file(name)
        }
        let c = MediaCollector().collect(["Album"], workingDirectory: t.path)
        #expect(
            c.items.map { $0.location.path!.replacingOccurrences(of: t.path + "/", with: "") } == [
                "Album/1 one.ogg", "Album/2 two.FLAC", "Album/10 ten.mp3", "Album/Disc 9/b.wav", "Album/Disc 10/a.opus"
            ])
        #expect(c.problems.isEmpty)
    }

    @Test func extensionsAreAParameter() throws {
        let t = try TempDir()
        try t.file("a.mp3"); try t.file("b.xyz")
        let c = MediaCollector(mediaExtensions: ["XYZ"]).collect([t.path], workingDirectory: "/")
        #expect(c.items.map(\.location) == [.file(path: t.path + "/b.xyz")])
    }

    @Test func symlinkLoopsAreDetectedNotFollowedForever() throws {
        let t = try TempDir()
        try t.file("root/a.mp3")
        try t.file("root/sub/b.mp3")
        try t.symlink("root/sub/loop", to: t.path + "/root")
        try t.symlink("root/sub/self", to: ".")
        let c = MediaCollector().collect([t.path + "/root"], workingDirectory: "/")
        #expect(
            c.items.map(\.location) == [.file(path: t.path + "/root/a.mp3"), .file(path: t.path + "/root/sub/b.mp3")])
        #expect(c.problems.map(\.kind) == [.symlinkLoop, .symlinkLoop])
    }

    @Test func explicitFilesPlaylistsAndURLs() throws {
        let t = try TempDir()
        try t.file("music/a.mp3"); try t.file("music/b.flac"); try t.file("music/dir/c.ogg")
        try t.file(
            "lists/mix.m3u8",
            text: "#EXTM3U\n#EXTINF:3,Bee\n../music/b.flac\n../music/dir\nmissing.mp3\nhttp://r/s\nmix.m3u8\n")
        try t.file("lists/other.pls", text: "[playlist]\nFile1=../music/a.mp3\n")
        let c = MediaCollector().collect(
            [
                "music/a.mp3", "lists/mix.m3u8", "file://\(t.path)/lists/other.pls",
                "https://x/y.ogg", "nope.mp3", "music/readme.txt", "file://h/x"
            ],
            workingDirectory: t.path)
        #expect(
            c.items == [
                MediaItem(.file(path: t.path + "/music/a.mp3")),
                MediaItem(.file(path: t.path + "/music/b.flac"), title: "Bee", durationMicroseconds: 3_000_000),
                MediaItem(.file(path: t.path + "/music/dir/c.ogg")),
                MediaItem(.url("http://r/s")),
                MediaItem(.file(path: t.path + "/music/a.mp3")),
                MediaItem(.url("https://x/y.ogg"))
            ])
        let kinds = c.problems.map(\.kind)
        #expect(kinds.contains(.notFound))  // missing.mp3, nope.mp3
        #expect(kinds.contains(.playlistLoop))  // mix.m3u8 naming itself
        #expect(kinds.contains(.badLocation(.remoteHost)))
        #expect(c.problems.contains { $0.path.hasSuffix("readme.txt") && $0.kind == .notFound })
    }

    @Test func unsupportedExplicitFile() throws {
        let t = try TempDir()
        try t.file("x.txt")
        let c = MediaCollector().collect([t.path + "/x.txt"], workingDirectory: "/")
        #expect(c.items.isEmpty)
        #expect(c.problems == [CollectionProblem(path: t.path + "/x.txt", kind: .unsupportedType)])
        // What the log and a refused OpenUri say: words, not the enum's case name.
        #expect(c.problems.map(\.description) == [t.path + "/x.txt: not a media file or playlist"])
        #expect("\(CollectionProblem.Kind.unreadable(errno: 13))" == "cannot be read (errno 13)")
    }
}

@Suite struct MediaCollectorLimitTests {
    @Test func nestedPlaylistsStopAtTheDepthLimit() throws {
        let t = try TempDir()
        try t.file("a.mp3")
        // p0 → p1 → … → p5, each also naming a.mp3.
        for i in 0..<6 { try t.file("p\(i).m3u", text: "a.mp3\np\(i + 1).m3u\n") }
        try t.file("p6.m3u", text: "a.mp3\n")
        var collector = MediaCollector()
        collector.maxPlaylistDepth = 3
        let c = collector.collect([t.path + "/p0.m3u"], workingDirectory: "/")
        #expect(c.items.count == 3)
        #expect(c.problems == [CollectionProblem(path: t.path + "/p3.m3u", kind: .tooDeep)])
    }

    @Test func deepFoldersStopAtTheDepthLimit() throws {
        let t = try TempDir()
        try t.file("d/1/2/3/x.mp3")
        try t.file("d/top.mp3")
        var collector = MediaCollector()
        collector.maxDirectoryDepth = 2
        let c = collector.collect([t.path + "/d"], workingDirectory: "/")
        #expect(c.items.map(\.location) == [.file(path: t.path + "/d/top.mp3")])
        #expect(c.problems.map(\.kind) == [.tooDeep])
    }

    @Test func fifoNamedLikeMediaIsNotAdded() throws {
        let t = try TempDir()
        let fifo = t.path + "/pipe.mp3"
        #expect(mkfifo(fifo, 0o600) == 0)
        try t.file("real.mp3")
        let c = MediaCollector().collect([t.path, fifo], workingDirectory: "/")
        #expect(c.items.map(\.location) == [.file(path: t.path + "/real.mp3")])
        #expect(c.problems == [CollectionProblem(path: fifo, kind: .unsupportedType)])
    }

    @Test func danglingSymlinkIsReported() throws {
        let t = try TempDir()
        try t.symlink("gone.mp3", to: t.path + "/nowhere.mp3")
        let c = MediaCollector().collect([t.path], workingDirectory: "/")
        #expect(c.items.isEmpty)
        #expect(c.problems == [CollectionProblem(path: t.path + "/gone.mp3", kind: .notFound)])
    }
}

/// Walks that must end: a URI naming "/" (the soak found OpenUri("file:///") walking the whole disk, /proc too).
@Suite struct MediaCollectorBoundsTests {
    @Test func pseudoFileSystemsAreNotWalked() {
        let c = MediaCollector().collect(["/proc"], workingDirectory: "/")
        #expect(c.items.isEmpty)
        #expect(c.problems.map(\.kind) == [.pseudoFileSystem])
        #expect(c.entriesVisited == 0)
    }

    @Test func aWalkStopsAfterMaxEntriesAndKeepsWhatItFound() throws {
        let t = try TempDir()
        for i in 1...20 { try t.file("many/\(i).mp3") }
        var collector = MediaCollector()
        collector.maxEntries = 10
        let c = collector.collect([t.path + "/many"], workingDirectory: "/")
        #expect(c.items.count == 10)
        #expect(c.problems.map(\.kind) == [.tooManyEntries])
    }
}
