import Foundation
import Testing

@testable import BuildInfo

/// The stamp BuildInfoStamp wrote matches its sources: debian/changelog's first entry and git's HEAD.
@Suite struct BuildInfoTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func versionIsTheChangelogsFirstEntry() throws {
        let changelog = try String(contentsOf: Self.root.appendingPathComponent("debian/changelog"), encoding: .utf8)
        let first = try #require(changelog.split(separator: "\n").first)
        // `linnet (0.1.0) bookworm; urgency=medium`
        let open = try #require(first.firstIndex(of: "(")), close = try #require(first.firstIndex(of: ")"))
        #expect(first.hasPrefix("linnet "))
        #expect(BuildInfo.version == String(first[first.index(after: open)..<close]))
    }

    @Test func commitIsHeadOrUnknownOutsideGit() throws {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        git.arguments = ["-C", Self.root.path, "rev-parse", "--short=12", "HEAD"]
        let pipe = Pipe()
        git.standardOutput = pipe
        git.standardError = FileHandle.nullDevice
        try git.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        git.waitUntilExit()
        let head = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(BuildInfo.commit == (git.terminationStatus == 0 ? head : "unknown"))
    }

    @Test func versionLineNamesTheProgramVersionAndCommit() {
        #expect(
            BuildInfo.versionLine(program: "linnetd") == "linnetd \(BuildInfo.version) (commit \(BuildInfo.commit))")
    }
}
