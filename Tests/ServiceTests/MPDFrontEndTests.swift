import DBus
import Foundation
import Testing
import TestSupport

extension ServiceSuites {
    /// The MPD-protocol front end on the real service, driven by real clients (mpc, python3-mpd) beside MPRIS:
    /// one player, seen the same from both sides.
    @Suite(.serialized) struct MPDFrontEndTests {
        static let player = ServiceFixture.player

        /// linnetd playing the demo with the MPD front end on a Unix socket in the test's state directory.
        func launch() throws -> (ServiceFixture, String) {
            let f = try ServiceFixture()
            let socket = f.stateDir.file("mpd.socket")
            try f.launch(["--mpd", socket, ServiceFixture.demo])
            try f.waitUntil("playing", timeout: 10) { try f.status() == "Playing" }
            return (f, socket)
        }

        func mpc(_ f: ServiceFixture, _ socket: String, _ args: String...) throws -> String {
            let r = try Child.run("mpc", args, environment: f.environment.merging(["MPD_HOST": socket]) { $1 })
            guard r.status == 0 else {
                throw ServiceFixture.Failure(description: "mpc \(args) exited \(r.status): \(r.output)")
            }
            return r.output
        }

        @Test func mpcAndMPRISDriveTheSamePlayer() throws {
            let (f, socket) = try launch()
            #expect(try mpc(f, socket, "version").contains("mpd version: 0.23.5"))
            #expect(try mpc(f, socket, "status").contains("[playing]"))
            let playlist = try mpc(f, socket, "playlist", "-f", "%file%").split(separator: "\n")
            #expect(playlist.count == 8, "\(playlist)")
            #expect(playlist.first.map { $0.hasSuffix("01-intro.mp3") } == true)

            _ = try mpc(f, socket, "pause")
            try f.waitUntil("Paused on the bus", timeout: 5) { try f.status() == "Paused" }
            try f.call(Self.player, "Play")
            #expect(try mpc(f, socket, "status").contains("[playing]"))

            _ = try mpc(f, socket, "volume", "40")
            #expect(try f.get(Self.player, "Volume").doubleValue == 0.4)
            try f.set(Self.player, "Volume", .double(0.7))
            #expect(try mpc(f, socket, "volume").contains("70%"))

            _ = try mpc(f, socket, "repeat", "on")
            #expect(try f.get(Self.player, "LoopStatus").stringValue == "Playlist")
            try f.set(Self.player, "LoopStatus", .string("Track"))
            let status = try mpc(f, socket, "status")
            #expect(status.contains("repeat: on") && status.contains("single: on"), "\(status)")
            _ = try mpc(f, socket, "random", "on")
            #expect(try f.get(Self.player, "Shuffle") == .boolean(true))

            _ = try mpc(f, socket, "play", "3")
            try f.waitUntil("the third track on the bus", timeout: 5) {
                (try f.metadata()["xesam:url"]?.stringValue ?? "").hasSuffix("03-gapless-a.mp3")
            }
            #expect(try mpc(f, socket, "current", "-f", "%file%").contains("03-gapless-a.mp3"))
        }

        @Test func queueEditsFromMPDShowOnTheBusWithStableIDs() throws {
            let (f, socket) = try launch()
            _ = try mpc(f, socket, "del", "8")  // mpc counts from 1
            _ = try mpc(f, socket, "move", "1", "2")
            let files = try mpc(f, socket, "playlist", "-f", "%file%").split(separator: "\n")
            #expect(files.count == 7)
            #expect(files[0].hasSuffix("02-chords.flac") && files[1].hasSuffix("01-intro.mp3"), "\(files)")
            let length = try f.get("org.mpris.MediaPlayer2.linnet.Queue", "Length")
            #expect(length == .uint32(7))
            _ = try mpc(f, socket, "clear")
            try f.waitUntil("Stopped on the bus", timeout: 5) { try f.status() == "Stopped" }
            #expect(try f.get("org.mpris.MediaPlayer2.linnet.Queue", "Length") == .uint32(0))
        }

        @Test func idleWakesOnAChangeFromTheOtherSideAndCommandListsAnswerInOrder() throws {
            let (f, socket) = try launch()
            let script = """
                import mpd, sys
                c = mpd.MPDClient(); c.connect(sys.argv[1])
                # A change between connecting and idle is reported when idle starts (as MPD does), so the
                # test may pause at any moment after this line.
                print('waiting', flush=True)
                print('changed', c.idle('player'), flush=True)
                c.command_list_ok_begin(); c.status(); c.ping(); c.currentsong()
                r = c.command_list_end()
                print('list', len(r), r[0]['state'], r[1], 'file' in r[2], flush=True)
                try:
                    c.seek(99, 0)
                except mpd.CommandError as e:
                    print('ack', e, flush=True)
                print('alive', c.status()['state'], flush=True)
                """
            let scriptFile = f.stateDir.file("idle.py")
            try script.write(toFile: scriptFile, atomically: true, encoding: .utf8)
            let out = f.stateDir.file("idle.out")
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            p.arguments = [scriptFile, socket]
            FileManager.default.createFile(atPath: out, contents: nil)
            p.standardOutput = FileHandle(forWritingAtPath: out)
            try p.run()
            try f.waitUntil("the client in idle", timeout: 10) {
                ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "").contains("waiting")
            }
            try f.call(Self.player, "Pause")
            p.waitUntilExit()
            let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
            #expect(text.contains("changed ['player']"), "\(text)")
            #expect(text.contains("list 3 pause None True"), "\(text)")
            #expect(text.contains("ack [2@0] {seek} Bad song index"), "\(text)")
            #expect(text.contains("alive pause"), "\(text)")
            #expect(p.terminationStatus == 0, "\(text)\n\(f.log())")
        }

        @Test func hostileLinesGetAnAckAndTheQueueSurvives() throws {
            let (f, socket) = try launch()
            let script = """
                import socket, sys
                s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); f = s.makefile('rwb')
                print(f.readline().decode().strip())
                for line in [b'nosuchcommand', b'play "unterminated', b'seek', b'delete 99:100', b'play -5',
                             b'add /etc/passwd', b'add ../../etc', b'setvol 1000', b'status']:
                    f.write(line + b'\\n'); f.flush()
                    while True:
                        r = f.readline().decode(errors='replace').strip()
                        if r.startswith('ACK') or r == 'OK':
                            print(r); break
                # A line that is no command at all (a stray HTTP request, binary noise) ends the connection, as MPD.
                f.write(b'\\xff\\xfe GET / HTTP/1.1\\n'); f.flush()
                s.settimeout(10)
                rest = f.read()  # to the end: an ACK at most, then the server closes
                print('closed' if rest == b'' or rest.startswith(b'ACK [') else 'open')
                """
            let scriptFile = f.stateDir.file("hostile.py")
            try script.write(toFile: scriptFile, atomically: true, encoding: .utf8)
            let r = try Child.run("/usr/bin/python3", [scriptFile, socket], environment: f.environment)
            let lines = r.output.split(separator: "\n").map(String.init)
            #expect(lines.first == "OK MPD 0.23.5")
            #expect(lines.count == 11, "\(lines)")
            #expect(lines.dropFirst().prefix(8).allSatisfy { $0.hasPrefix("ACK [") }, "\(lines)")
            #expect(lines.dropFirst(9).first == "OK", "\(lines)")
            #expect(lines.last == "closed", "\(lines)")
            #expect(try mpc(f, socket, "status").contains("[playing]"))
            #expect(try f.get("org.mpris.MediaPlayer2.linnet.Queue", "Length") == .uint32(8))
            #expect(try f.status() == "Playing")
        }

        @Test func passwordsGrantPermissionsAndNetworkAddressesNeedThem() throws {
            let f = try ServiceFixture()
            let config = f.stateDir.file("config/linnet")
            try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
            try "mpd-password = s3cret@read,control\n".write(
                toFile: config + "/linnetd.conf", atomically: true, encoding: .utf8)
            let socket = f.stateDir.file("mpd.socket")
            try f.launch(["--mpd", socket, ServiceFixture.demo])
            let script = """
                import socket, sys
                s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); f = s.makefile('rwb')
                f.readline()
                def ask(line):
                    f.write(line.encode() + b'\\n'); f.flush()
                    out = []
                    while True:
                        r = f.readline().decode().strip()
                        out.append(r)
                        if r.startswith('ACK') or r == 'OK':
                            return out
                print(ask('status')[-1])
                print(ask('password wrong')[-1])
                print(ask('password s3cret')[-1])
                print(ask('status')[-1])
                print(ask('add 01-intro.mp3')[-1])
                # Whole lines: playlistadd (control) is listed and holds "add".
                print('commands', 'command: add' in ask('commands'), 'command: pause' in ask('commands'))
                """
            let scriptFile = f.stateDir.file("password.py")
            try script.write(toFile: scriptFile, atomically: true, encoding: .utf8)
            let r = try Child.run("/usr/bin/python3", [scriptFile, socket], environment: f.environment)
            let lines = r.output.split(separator: "\n").map(String.init)
            #expect(
                lines == [
                    "ACK [4@0] {status} you don't have permission for \"status\"",
                    "ACK [3@0] {password} incorrect password", "OK", "OK",
                    "ACK [4@0] {add} you don't have permission for \"add\"", "commands False True"
                ], "\(r.output)")
            _ = try f.stop()

            // A network address with nothing to protect it: the front end stays off, the player runs.
            let open = try ServiceFixture()
            try open.launch(["--mpd", "0.0.0.0:0"])
            #expect(open.log().contains("mpd: 0.0.0.0:0 is reachable from the network"), "\(open.log())")
            #expect(try open.status() == "Stopped")
        }
    }
}
