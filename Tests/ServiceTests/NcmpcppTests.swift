import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// ncmpcpp, the full-screen MPD client, on the MPD front end: every screen it opens loads without an MPD
    /// error (ncmpcpp shows a failed command as "MPD: …" in its status line), in a tmux pane the test reads.
    @Suite(.serialized) struct NcmpcppTests {
        static var available: Bool {
            ["/usr/bin/ncmpcpp", "/usr/bin/tmux"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
        }

        @Test(.enabled(if: available))
        func everyScreenLoadsWithoutAnMPDError() throws {
            let f = try ServiceFixture()
            let socket = f.stateDir.file("mpd.socket")
            try f.launch(["--mpd", socket, "--library", ServiceFixture.demo, ServiceFixture.demo])
            let session = "linnet-ncmpcpp-\(getpid())"
            let tmux = ["-L", session]
            var environment = f.environment
            environment["MPD_HOST"] = socket
            environment["HOME"] = f.stateDir.path  // no user ncmpcpp configuration
            environment["TERM"] = "xterm"
            let started = try Child.run(
                "/usr/bin/tmux",
                tmux + ["new-session", "-d", "-s", session, "-x", "120", "-y", "30", "/usr/bin/ncmpcpp"],
                environment: environment)
            try #require(started.status == 0, "\(started.output)")
            defer { _ = try? Child.run("/usr/bin/tmux", tmux + ["kill-server"], environment: environment) }
            func screen() throws -> String {
                try Child.run("/usr/bin/tmux", tmux + ["capture-pane", "-t", session, "-p"], environment: environment)
                    .output
            }
            // 1 playlist, 2 browser, 3 search, 4 media library, 5 playlist editor (ncmpcpp's default keys).
            var screens: [String: String] = [:]
            let titles = ["1": "Playlist", "2": "Browse", "4": "Media library", "5": "Playlist editor"]
            for key in ["1", "2", "4", "5", "1"] {
                _ = try Child.run("/usr/bin/tmux", tmux + ["send-keys", "-t", session, key], environment: environment)
                // Drawn once its title heads the pane and its content came (or an error did).
                try f.waitUntil("ncmpcpp drew screen \(key)", timeout: 10) {
                    let text = try screen()
                    screens[key] = text
                    return text.hasPrefix(titles[key] ?? "?") && (text.contains("Linnet") || text.contains("MPD:"))
                        || text.contains("MPD:")
                }
            }
            if let dump = ProcessInfo.processInfo.environment["NCMPCPP_DUMP"] {
                try screens.sorted { $0.key < $1.key }.map { "== \($0.key)\n\($0.value)" }.joined().write(
                    toFile: dump, atomically: true, encoding: .utf8)
            }
            for (key, text) in screens {
                #expect(!text.contains("MPD:"), "screen \(key):\n\(text)")
            }
            #expect(screens["1"]?.contains("Linnet demo, track one") == true, "\(screens["1"] ?? "")")
        }
    }
}
