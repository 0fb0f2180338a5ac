import Foundation
import SoakHarness

// linnet-soak [SECONDS] [--seed N] [--linnetd PATH] [--log PATH] [--quiet]: the chaos soak of issue 9 (see bench/soak/README.md).
// Prints the markdown report; exits 1 on any crash or invariant violation, 2 when the world could not be set up,
// 3 when someone outside the harness stopped linnetd (a void run).

func usage(_ message: String) -> Never {
    FileHandle.standardError.write(
        Data(
            "linnet-soak: \(message)\nusage: linnet-soak [SECONDS] [--seed N] [--linnetd PATH] [--log PATH] [--quiet]\n"
                .utf8))
    exit(64)
}

var seconds = 60.0
var seed: UInt64?
var verbose = true
var keepLog: String?
var linnetd = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
    "linnetd"
).path
var args = Array(CommandLine.arguments.dropFirst())
while !args.isEmpty {
    let a = args.removeFirst()
    switch a {
    case "--seed":
        guard let v = args.first.flatMap({ UInt64($0) }) else { usage("--seed needs an unsigned integer") }
        seed = v
        args.removeFirst()
    case "--linnetd":
        guard let v = args.first else { usage("--linnetd needs a path") }
        linnetd = v
        args.removeFirst()
    case "--log":
        guard let v = args.first else { usage("--log needs a path") }
        keepLog = v
        args.removeFirst()
    case "--quiet": verbose = false
    case "-h", "--help": usage("runs linnetd under random calls and faults and checks its invariants")
    default:
        guard let v = Double(a), v > 0, v.isFinite else { usage("unknown argument '\(a)'") }
        seconds = v
    }
}
var configuration = SoakConfiguration(seconds: seconds, seed: seed ?? UInt64.random(in: 1...999_999), linnetd: linnetd)
configuration.verbose = verbose
configuration.keepLog = keepLog
FileHandle.standardError.write(Data("linnet-soak: seed \(configuration.seed), \(seconds) s, \(linnetd)\n".utf8))
do {
    let report = try SoakRun.run(configuration)
    print(report.markdown)
    exit(report.passed ? 0 : report.interrupted ? 3 : 1)
} catch {
    FileHandle.standardError.write(Data("linnet-soak: could not set up: \(error)\n".utf8))
    exit(2)
}
