import Glibc
import LinnetCLI

// linnet: the command-line client. Parsing (LinnetCLI, pure) is separate from running (Runner, D-Bus).
Terminal.unblockTerminationSignals()
// Bytes, not CommandLine.arguments: a non-UTF-8 file name must reach the player intact.
let arguments = CommandLineBytes.arguments(argc: CommandLine.argc, argv: CommandLine.unsafeArgv)
let invocation: Invocation
do {
    invocation = try CommandLineParser.parse(
        arguments, context: ParseContext(workingDirectory: Terminal.workingDirectory))
} catch {
    Terminal.err("linnet: \(error.message)")
    Terminal.err(error.hint)
    exit(ExitCode.usage)
}
do {
    try Runner(invocation: invocation).run()
} catch {
    Terminal.err("linnet: \(error)")
    if case .refused(_, let command) = error { Terminal.err(UsageError("", command: command).hint) }
    exit(error.exitCode)
}
exit(ExitCode.success)
