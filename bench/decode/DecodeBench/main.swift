// decode-bench: the decode-only benchmark behind bench/decode/run.
//
//   decode-bench decode FILE              decode FILE once, discard the samples (the child the table times);
//                                         prints "frames=N loop_cpu_s=X"
//   decode-bench table MP3 FLAC RUNS [M4A]
//                                         time ours and the anchors RUNS times each, print a markdown table
//                                         (with M4A: AAC through AACDecoder next to the `faad` CLI)
//   decode-bench info FILE…               what the registry makes of each file: decoder, format, length, tags
//                                         (a manual harness, like MPD's test/run_decoder)
//
// Children are timed by their own CPU time (user + system from wait4's rusage), which is steadier than wall
// time on a shared machine; ours runs as a child too, so process start-up is counted on both sides.
import Decoding
import Glibc
import PlayerCore

func now(_ clock: clockid_t) -> Double {
    var ts = timespec()
    clock_gettime(clock, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func fail(_ message: String) -> Never {
    let text = "decode-bench: \(message)\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
    exit(1)
}

/// Decodes `path` to the end into one reused buffer; returns frames and the CPU time of the loop.
func decodeOnce(_ path: String) -> (frames: Int64, cpu: Double, openSeconds: Double) {
    let t0 = now(CLOCK_MONOTONIC)
    let decoder: any Decoder
    do { decoder = try DecoderRegistry.open(path: path) } catch { fail("\(error)") }
    let opened = now(CLOCK_MONOTONIC) - t0
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    defer { buffer.deallocate() }
    var frames: Int64 = 0
    let c0 = now(CLOCK_THREAD_CPUTIME_ID)
    do {
        while true {
            let n = try decoder.read(into: buffer)
            if n == 0 { break }
            frames += Int64(n / decoder.format.bytesPerFrame)
        }
    } catch { fail("\(error)") }
    return (frames, now(CLOCK_THREAD_CPUTIME_ID) - c0, opened)
}

/// Runs `argv` with stdout to /dev/null; returns its CPU seconds (user + system).
func childCPU(_ argv: [String]) -> Double {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    var cArgs = argv.map { strdup($0) } + [nil]
    defer { cArgs.forEach { free($0) } }
    var pid: pid_t = 0
    let rc = posix_spawnp(&pid, argv[0], &actions, nil, &cArgs, environ)
    if rc != 0 { fail("cannot run \(argv[0]): \(String(cString: strerror(rc)))") }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
        if errno != EINTR { fail("wait4: \(String(cString: strerror(errno)))") }
    }
    if status != 0 { fail("\(argv.joined(separator: " ")) exited with status \(status)") }
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func fmt(_ x: Double, _ digits: Int = 3) -> String {
    var p = 1.0
    for _ in 0..<digits { p *= 10 }
    let v = (x * p).rounded() / p
    return "\(v)"
}

func table(mp3: String, flac: String, runs: Int, m4a: String?) {
    let me = CommandLine.arguments[0]
    // Content length in seconds, from a decode of each file.
    let mp3Info = decodeOnce(mp3), flacInfo = decodeOnce(flac)
    let mp3Seconds = Double(mp3Info.frames) / 44100, flacSeconds = Double(flacInfo.frames) / 44100
    var rows: [(String, String, Double, Double, String)] = []
    /// Times the anchor and ours alternately, so a load change on the shared machine hits both alike.
    func measurePair(_ file: String, _ seconds: Double, anchor: (String, [String]), ours: (String, [String])) {
        _ = childCPU(anchor.1)  // warm the page cache and the dynamic loader
        _ = childCPU(ours.1)
        var a: [Double] = [], o: [Double] = []
        for _ in 0..<runs {
            a.append(childCPU(anchor.1))
            o.append(childCPU(ours.1))
        }
        let (anchorCPU, oursCPU) = (median(a), median(o))
        rows.append((file, anchor.0, anchorCPU, seconds / anchorCPU, "1.00× (anchor)"))
        rows.append((file, ours.0, oursCPU, seconds / oursCPU, fmt(oursCPU / anchorCPU, 2) + "×"))
    }
    measurePair(
        "MP3 192k", mp3Seconds, anchor: ("`mpg123 -t -q`", ["mpg123", "-t", "-q", mp3]),
        ours: ("Linnet `Mpg123Decoder`", [me, "decode", mp3]))
    measurePair(
        "FLAC", flacSeconds, anchor: ("`flac -dc > /dev/null`", ["flac", "-d", "-c", "-s", flac]),
        ours: ("Linnet `SndfileDecoder`", [me, "decode", flac]))
    let m4aInfo = m4a.map(decodeOnce)
    if let m4a, let m4aInfo {
        measurePair(
            "AAC 192k M4A", Double(m4aInfo.frames) / 44100,
            anchor: ("`faad -q -w > /dev/null`", ["faad", "-q", "-w", m4a]),
            ours: ("Linnet `AACDecoder`", [me, "decode", m4a]))
    }

    // In-process figures: the decode loop alone, and the time to open (sniff + mpg123_scan / FLAC header).
    let loops = (0..<runs).map { _ in (decodeOnce(mp3), decodeOnce(flac), m4a.map(decodeOnce)) }
    print("Decode-only, \(fmt(mp3Seconds, 1)) s of audio, CPU seconds per run (user+sys, median of \(runs)):\n")
    print("| file | decoder | CPU s | × real time | ratio |")
    print("|---|---|---|---|---|")
    for r in rows { print("| \(r.0) | \(r.1) | \(fmt(r.2)) | \(Int(r.3.rounded()))× | \(r.4) |") }
    print("\nIn process (no start-up), median of \(runs):\n")
    print("| file | decode loop CPU s | × real time | open (sniff + scan/header) ms |")
    print("|---|---|---|---|")
    let mp3Loop = median(loops.map { $0.0.cpu }), flacLoop = median(loops.map { $0.1.cpu })
    print(
        "| MP3 192k | \(fmt(mp3Loop)) | \(Int((mp3Seconds / mp3Loop).rounded()))× | "
            + "\(fmt(median(loops.map { $0.0.openSeconds }) * 1000, 2)) |")
    print(
        "| FLAC | \(fmt(flacLoop)) | \(Int((flacSeconds / flacLoop).rounded()))× | "
            + "\(fmt(median(loops.map { $0.1.openSeconds }) * 1000, 2)) |")
    if let m4aInfo {
        let aac = loops.compactMap(\.2)
        let loop = median(aac.map(\.cpu)), seconds = Double(m4aInfo.frames) / 44100
        print(
            "| AAC 192k M4A | \(fmt(loop)) | \(Int((seconds / loop).rounded()))× | "
                + "\(fmt(median(aac.map(\.openSeconds)) * 1000, 2)) |")
    }
}

func info(_ path: String) {
    do {
        let d = try DecoderRegistry.open(path: path)
        let length =
            d.totalFrames.map { "\($0) frames (\(fmt(Double($0) / Double(d.format.sampleRate), 3)) s)" }
            ?? "unknown length"
        print("\(path): \(type(of: d)), \(d.format), \(length), seekable: \(d.isSeekable)")
        let t = d.tags
        let fields: [(String, String?)] = [
            ("title", t.title), ("artists", t.artists.isEmpty ? nil : t.artists.joined(separator: "; ")),
            ("album", t.album), ("albumArtists", t.albumArtists.isEmpty ? nil : t.albumArtists.joined(separator: "; ")),
            ("track", t.trackNumber.map { "\($0)" + (t.trackCount.map { "/\($0)" } ?? "") }),
            ("disc", t.discNumber.map { "\($0)" + (t.discCount.map { "/\($0)" } ?? "") }),
            ("genres", t.genres.isEmpty ? nil : t.genres.joined(separator: "; ")), ("date", t.date),
            ("composers", t.composers.isEmpty ? nil : t.composers.joined(separator: "; ")),
            ("comments", t.comments.isEmpty ? nil : t.comments.joined(separator: " | ")),
            ("lyrics", t.lyrics.map { "\($0.count) characters" })
        ]
        for case let (name, value?) in fields { print("    \(name): \(value)") }
    } catch {
        print("\(path): \(error.kind): \(error)")
    }
}

let args = CommandLine.arguments
switch args.count > 1 ? args[1] : "" {
case "decode" where args.count == 3:
    let r = decodeOnce(args[2])
    print("frames=\(r.frames) loop_cpu_s=\(r.cpu)")
case "table" where args.count == 5 || args.count == 6:
    guard let runs = Int(args[4]), runs > 0 else { fail("RUNS must be a positive number") }
    table(mp3: args[2], flac: args[3], runs: runs, m4a: args.count == 6 ? args[5] : nil)
case "info" where args.count >= 3:
    args.dropFirst(2).forEach(info)
default:
    fail("usage: decode-bench decode FILE | decode-bench table MP3 FLAC RUNS [M4A] | decode-bench info FILE…")
}
