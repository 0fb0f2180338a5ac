import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// The same command sequence to Debian's real mpd and to linnetd's MPD front end on one tree of files, replies
    /// normalised (Scripts/mpd_differential.py): MPD is the reference wherever the protocol leaves no room.
    @Suite(.serialized) struct MPDDifferentialTests {
        /// Differences that are Linnet's by design, each with its reason: (command, lines only Linnet sends).
        static let intended: [(command: String, linnetOnly: Set<String>, why: String)] = [
            (
                "status", ["song: 3"],
                "Linnet's queue always has a current entry (what Play starts, what MPRIS shows), so a stopped queue "
                    + "names it; MPD names one only after something played"
            )
        ]

        @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/mpd")))
        func queueAndStatusRepliesMatchMPD() throws {
            let f = try ServiceFixture()
            let tree = f.stateDir.file("tree")
            try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
            for name in ["01-intro.mp3", "02-chords.flac", "05-pluck.ogg", "06-bass.opus", "07-untagged.wav"] {
                try FileManager.default.copyItem(atPath: ServiceFixture.demo + "/" + name, toPath: tree + "/" + name)
            }
            let mpdSocket = f.stateDir.file("mpd.socket")
            let conf = f.stateDir.file("mpd.conf")
            try """
            music_directory "\(tree)"
            db_file "\(f.stateDir.file("mpd.db"))"
            bind_to_address "\(mpdSocket)"
            audio_output {
              type "null"
              name "null"
            }
            """.write(toFile: conf, atomically: true, encoding: .utf8)
            let mpd = try Child("/usr/bin/mpd", ["--no-daemon", conf], output: f.stateDir.file("mpd.log"))
            defer { mpd.kill(SIGTERM) }
            let mpcEnvironment = ["MPD_HOST": mpdSocket]
            try f.waitUntil("mpd answering", timeout: 20) {
                (try? Child.run("mpc", ["status"], environment: mpcEnvironment).status) == 0
            }
            #expect(try Child.run("mpc", ["update", "--wait"], environment: mpcEnvironment, timeout: 60).status == 0)

            let linnetSocket = f.stateDir.file("linnet-mpd.socket")
            try f.launch(["--no-restore", "--library", tree, "--mpd", linnetSocket])
            let r = try Child.run(
                "/usr/bin/python3", [Self.script, mpdSocket, linnetSocket], environment: f.environment, timeout: 60)
            try #require(r.status == 0, "\(r.output)")
            let json = try #require(r.output.split(separator: "\n").last.map { Data($0.utf8) })
            let results = try #require(try JSONSerialization.jsonObject(with: json) as? [[String: Any]])
            var unexplained: [String] = []
            var intendedSeen = 0
            for result in results where (result["same"] as? Bool) != true {
                let command = result["command"] as? String ?? "?"
                let mpdLines = Set(result["mpd"] as? [String] ?? [])
                let linnetLines = Set(result["linnet"] as? [String] ?? [])
                let known = Self.intended.contains {
                    $0.command == command && mpdLines.isSubset(of: linnetLines)
                        && linnetLines.subtracting(mpdLines).isSubset(of: $0.linnetOnly)
                }
                if known {
                    intendedSeen += 1
                } else {
                    unexplained.append("\(command): mpd \(mpdLines) linnet \(linnetLines)")
                }
            }
            print(
                "MPD differential: \(results.count) commands compared, \(intendedSeen) differ by design, "
                    + "\(unexplained.count) unexplained")
            #expect(results.count >= 50)
            #expect(unexplained.isEmpty, "\(unexplained.joined(separator: "\n"))")
        }

        static var script: String {
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "Scripts/mpd_differential.py"
            ).path
        }
    }
}
