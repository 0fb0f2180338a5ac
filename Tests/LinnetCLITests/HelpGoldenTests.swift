import Foundation
import Testing
@testable import LinnetCLI

/// `--help` output compared with the files in Golden/. Set LINNET_UPDATE_GOLDEN=1 to rewrite them after an
/// intended change (and review the diff).
@Suite struct HelpGoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    func check(_ text: String, _ name: String) throws {
        let url = HelpGoldenTests.directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["LINNET_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: HelpGoldenTests.directory, withIntermediateDirectories: true)
            try (text + "\n").write(to: url, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(text + "\n" == golden, "help differs from Golden/\(name)")
    }

    @Test func globalHelp() throws {
        try check(HelpText.global, "linnet.txt")
    }

    @Test(arguments: CommandTable.all.map(\.name))
    func commandHelp(_ name: String) throws {
        try check(HelpText.command(CommandTable.named(name)!), "linnet-\(name).txt")
    }

    @Test func helpLinesFitEightyColumns() {
        let all = [HelpText.global] + CommandTable.all.map(HelpText.command)
        for text in all {
            for line in text.split(separator: "\n") {
                #expect(line.count <= 110, "too long: \(line)")
            }
        }
    }
}
