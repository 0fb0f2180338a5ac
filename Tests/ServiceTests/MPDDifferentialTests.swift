import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// The same command sequence to Debian's real mpd and to linnetd's MPD front end on one tree of files, replies
    /// normalised (Scripts/mpd_differential.py): MPD is the reference wherever the protocol leaves no room.
    @Suite(.serialized) struct MPDDifferentialTests {
        /// A difference that is Linnet's by design: the command, why, and which lines it lets only MPD (first set)
        /// and only Linnet (second) send.
        typealias Allowance = @Sendable (Set<String>, Set<String>) -> Bool
        typealias Intended = (command: String, why: String, allows: Allowance)

        static let intended: [Intended] = [
            (
                "status",
                "Linnet's queue always has a current entry (what Play starts, what MPRIS shows), so a stopped queue "
                    + "names it; MPD names one only after something played",
                { onlyMPD, onlyLinnet in onlyMPD.isEmpty && onlyLinnet.isSubset(of: ["song: 3"]) }
            )
        ]

        /// Differences of the database commands that are Linnet's by design.
        static let intendedInLibrary: [Intended] = {
            let folds: Allowance = { onlyMPD, _ in onlyMPD.isEmpty }
            let noQueueTimes: Allowance = { onlyMPD, onlyLinnet in
                onlyLinnet.isEmpty && onlyMPD.allSatisfy { $0.hasPrefix("Last-Modified: ") }
            }
            let whyFolds =
                "search folds accents and width as the Library interface does (Björk = BJORK); MPD folds case"
            let whyQueue = "queue entries keep their location and tags, not their file's time: no Last-Modified"
            return [
                (
                    "lsinfo", "the stored playlists are the library's, the automatic ones (Recently Added…) too",
                    { onlyMPD, onlyLinnet in
                        onlyMPD.isEmpty
                            && onlyLinnet.allSatisfy { $0.hasPrefix("playlist: ") || $0.hasPrefix("Last-Modified: ") }
                    }
                ),
                ("search artist \"BJORK\"", whyFolds, folds),
                (
                    "playlistid", whyFolds + " (searchadd artist \"BJORK\" queued the Björk songs too); " + whyQueue,
                    { onlyMPD, _ in onlyMPD.allSatisfy { $0.hasPrefix("Last-Modified: ") } }
                ),
                (
                    "find \"(Title starts_with 'Son')\"", "starts_with is MPD 0.24's; 0.23 refuses it",
                    { onlyMPD, _ in onlyMPD.allSatisfy { $0.hasPrefix("ACK") } }
                ),
                (
                    "searchcount title \"song\"", "searchcount is MPD 0.24's; 0.23 does not know it",
                    { onlyMPD, _ in onlyMPD.allSatisfy { $0.hasPrefix("ACK") } }
                ),
                (
                    "search \"(Title =~ 'x')\"",
                    "regular expressions from the network are refused until there is a bounded engine",
                    { onlyMPD, onlyLinnet in onlyMPD.isEmpty && onlyLinnet.allSatisfy { $0.hasPrefix("ACK") } }
                ),
                ("playlistinfo", whyQueue, noQueueTimes),
                ("playlistfind album \"Album 00000 Sessions\"", whyQueue, noQueueTimes),
                ("playlistsearch title \"song\"", whyQueue, noQueueTimes),
                (
                    "listfiles \"Artist 1/Album 00000 Sessions\"",
                    "listfiles lists the library's songs, which keep no file size",
                    { onlyMPD, onlyLinnet in onlyLinnet.isEmpty && onlyMPD.allSatisfy { $0.hasPrefix("size: ") } }
                )
            ]
        }()

        @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/mpd")))
        func queueAndStatusRepliesMatchMPD() throws {
            let f = try ServiceFixture()
            let tree = f.stateDir.file("tree")
            try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
            for name in ["01-intro.mp3", "02-chords.flac", "05-pluck.ogg", "06-bass.opus", "07-untagged.wav"] {
                try FileManager.default.copyItem(atPath: ServiceFixture.demo + "/" + name, toPath: tree + "/" + name)
            }
            let (count, byDesign, unexplained) = try compare(f, tree: tree, mode: [], intended: Self.intended)
            print(
                "MPD differential: \(count) commands compared, \(byDesign) differ by design, \(unexplained.count) unexplained"
            )
            #expect(count >= 50)
            #expect(unexplained.isEmpty, "\(unexplained.joined(separator: "\n"))")
        }

        /// The database commands (lsinfo, listall[info], listfiles, list … group, find/search with both filter
        /// syntaxes, sort and window, count, findadd/searchadd, playlistfind/search) on a generated tree.
        @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/mpd")))
        func databaseRepliesMatchMPD() throws {
            let f = try ServiceFixture()
            let tree = f.stateDir.file("Music")
            let generated = LibraryTree(count: 40)
            try generated.write(to: tree, template: try LibraryTree.template(in: f.stateDir.path))
            let (count, byDesign, unexplained) = try compare(
                f, tree: tree, mode: ["library"], intended: Self.intendedInLibrary, songs: generated.songs.count)
            print(
                "MPD database differential: \(count) commands compared, \(byDesign) differ by design, "
                    + "\(unexplained.count) unexplained")
            #expect(count >= 50)
            #expect(unexplained.isEmpty, "\(unexplained.joined(separator: "\n"))")
        }

        /// Starts MPD on `tree` and linnetd with it as its library, runs the script's sequence against both and
        /// sorts the differing replies into intended and unexplained ones.
        func compare(
            _ f: ServiceFixture, tree: String, mode: [String],
            intended: [Intended], songs: Int? = nil
        ) throws -> (count: Int, byDesign: Int, unexplained: [String]) {
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
            if let songs {
                try f.waitUntil("linnetd's first scan", timeout: 60) {
                    try f.get("org.mpris.MediaPlayer2.linnet.Library", "Scanning") == .boolean(false)
                        && f.get("org.mpris.MediaPlayer2.linnet.Library", "Songs") == .uint32(UInt32(songs))
                }
            }
            let r = try Child.run(
                "/usr/bin/python3", [Self.script, mpdSocket, linnetSocket] + mode, environment: f.environment,
                timeout: 60)
            try #require(r.status == 0, "\(r.output)")
            let json = try #require(r.output.split(separator: "\n").last.map { Data($0.utf8) })
            let results = try #require(try JSONSerialization.jsonObject(with: json) as? [[String: Any]])
            var unexplained: [String] = []
            var intendedSeen = 0
            for result in results where (result["same"] as? Bool) != true {
                let command = result["command"] as? String ?? "?"
                let mpdLines = Set(result["mpd"] as? [String] ?? [])
                let linnetLines = Set(result["linnet"] as? [String] ?? [])
                let onlyMPD = mpdLines.subtracting(linnetLines), onlyLinnet = linnetLines.subtracting(mpdLines)
                let known = intended.contains { $0.command == command && $0.allows(onlyMPD, onlyLinnet) }
                if known {
                    intendedSeen += 1
                } else {
                    let onlyMPD = mpdLines.subtracting(linnetLines).sorted().prefix(6)
                    let onlyLinnet = linnetLines.subtracting(mpdLines).sorted().prefix(6)
                    var order = ""
                    if mpdLines == linnetLines {
                        // Where the order first differs, with a little context.
                        let a = result["mpd"] as? [String] ?? [], b = result["linnet"] as? [String] ?? []
                        let k = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? 0
                        order =
                            " (same lines, other order from line \(k): mpd \(a[max(0, k - 2)..<min(a.count, k + 3)]) "
                            + "linnet \(b[max(0, k - 2)..<min(b.count, k + 3)]))"
                    }
                    unexplained.append(
                        "\(command)\(order): only mpd \(Array(onlyMPD)) only linnet \(Array(onlyLinnet))")
                }
            }
            return (results.count, intendedSeen, unexplained)
        }

        static var script: String {
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "Scripts/mpd_differential.py"
            ).path
        }
    }
}
