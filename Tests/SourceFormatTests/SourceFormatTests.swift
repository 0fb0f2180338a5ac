import Foundation
import Testing
import TestSupport

/// The whole tree is formatted as `.swift-format` says (4-space indents, lines of at most 120 columns, formatting
/// only: no rule rewrites code). Fix a failure with
/// `swift format format -i -r --parallel Sources Tests fuzz bench Plugins`.
@Suite struct SourceFormatTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test func theTreeIsFormatted() throws {
        let folders = ["Sources", "Tests", "fuzz", "bench", "Plugins"].map { Self.root + "/" + $0 }
        let result = try Command.run(
            "swift-format",
            ["lint", "--strict", "--recursive", "--parallel", "--configuration", Self.root + "/.swift-format"]
                + folders, timeout: 300)
        #expect(result.status == 0, "swift-format lint:\n\(result.stderr)")
        #expect(!result.stderr.contains("error:") && !result.stderr.contains("warning:"), "\(result.stderr)")
    }
}
