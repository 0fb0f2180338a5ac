import PlayerCore
import Testing

@testable import MPD

/// Directory listings from song paths met in byte order: each directory once, before its first file.
@Suite struct MPDDirectoryWalkTests {
    static let files = ["A/B/1.mp3", "A/B/2.mp3", "A/B/C/3.mp3", "A/D/4.mp3", "A/x.mp3", "E/5.mp3", "top.mp3"]

    func run(_ base: String, recursive: Bool) -> [String] {
        var walk = MPDDirectoryWalk(base: base, recursive: recursive)
        let inside = Self.files.filter { base.isEmpty || $0.hasPrefix(base + "/") }
        return inside.flatMap { file in
            walk.visit(file).map { entry in
                switch entry {
                case .directory(let d): "directory: \(d)"
                case .file: "file: \(file)"
                }
            }
        }
    }

    @Test func recursiveListingNamesEveryDirectoryOnceBeforeItsFiles() {
        #expect(
            run("", recursive: true) == [
                "directory: A", "directory: A/B", "file: A/B/1.mp3", "file: A/B/2.mp3", "directory: A/B/C",
                "file: A/B/C/3.mp3", "directory: A/D", "file: A/D/4.mp3", "file: A/x.mp3", "directory: E",
                "file: E/5.mp3", "file: top.mp3"
            ])
        #expect(
            run("A/B", recursive: true) == [
                "file: A/B/1.mp3", "file: A/B/2.mp3", "directory: A/B/C", "file: A/B/C/3.mp3"
            ])
    }

    @Test func flatListingShowsOnlyTheBasesOwnFilesAndSubdirectories() {
        #expect(run("", recursive: false) == ["directory: A", "directory: E", "file: top.mp3"])
        #expect(run("A", recursive: false) == ["directory: A/B", "directory: A/D", "file: A/x.mp3"])
        #expect(run("A/B/C", recursive: false) == ["file: A/B/C/3.mp3"])
    }

    @Test func timesPrintAsMPDsISO8601() {
        #expect(ISODate.string(fromEpochSeconds: 0) == "1970-01-01T00:00:00Z")
        #expect(ISODate.string(fromEpochSeconds: 1_714_564_800) == "2024-05-01T12:00:00Z")
        #expect(ISODate.string(fromEpochSeconds: 951_868_799) == "2000-02-29T23:59:59Z")
        #expect(ISODate.string(fromEpochSeconds: -1) == "1969-12-31T23:59:59Z")
    }
}
