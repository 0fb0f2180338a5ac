import Dispatch
import Glibc
import LinnetCLI
import SnapcastBridge

/// The plug-in's side of its pipes to snapserver: lines in on stdin (a Dispatch read source on the main queue,
/// cut by `PluginLineFramer`), messages out on stdout (one write per line, whole), log lines on stderr (snapserver
/// logs them, taking the severity from the word after the prefix). Main actor, like the whole plug-in.
@MainActor
final class PluginChannel {
    private var framer = PluginLineFramer()
    private var source: (any DispatchSourceRead)?
    private let prefix: String

    /// `stream`: snapserver's stream id, named in log lines.
    init(stream: String?) {
        prefix = "linnet snapcast-plugin" + (stream.map { "[\($0)]" } ?? "")
    }

    /// Starts reading stdin: `onLine` for each line, `onEnd` once it closes (or fails).
    func start(onLine: @escaping @MainActor (PluginLineFramer.Line) -> Void, onEnd: @escaping @MainActor () -> Void) {
        // A closed stdout (snapserver gone) must end the plug-in through write's EPIPE, not kill it by signal.
        signal(SIGPIPE, SIG_IGN)
        self.onLine = onLine
        self.onEnd = onEnd
        let source = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        source.setEventHandler { [unowned self] in MainActor.assumeIsolated { self.readAvailable() } }
        self.source = source
        source.resume()
    }

    private var onLine: (@MainActor (PluginLineFramer.Line) -> Void)?
    private var onEnd: (@MainActor () -> Void)?
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    /// Reads everything stdin has now. Drained to the end, not one read per event: the read source does not fire
    /// again for what is left (data and the end of input that came in one go would wait for more input that
    /// never comes). `poll` with no wait says whether a read would block, so stdin stays in blocking mode. After
    /// `readsPerTurn` reads the rest is left to the next turn of the queue, so a flood cannot starve the bus.
    private func readAvailable() {
        for _ in 0..<Self.readsPerTurn {
            var ready = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let r = poll(&ready, 1, 0)
            if r < 0, errno == EINTR { continue }
            if r == 0 { return }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if n > 0 {
                for line in framer.append(buffer[..<n]) { onLine?(line) }
                continue
            }
            if n < 0, errno == EINTR || errno == EAGAIN { continue }
            if n < 0 { log("error", "reading standard input: \(String(cString: strerror(errno)))") }
            if let last = framer.finish() { onLine?(last) }
            source?.cancel()
            source = nil
            onEnd?()
            return
        }
        DispatchQueue.main.async { [weak self] in MainActor.assumeIsolated { self?.readAvailable() } }
    }

    static let readsPerTurn = 64

    /// Writes one message as a line; a stdout nobody reads any more ends the plug-in.
    func send(_ message: JSONValue) {
        var bytes = Array(PluginMessage.line(message).utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                log("info", "standard output closed: exiting")
                exit(ExitCode.success)
            }
            bytes = bytes.dropFirst(n)
        }
    }

    /// A log line on stderr: `linnet snapcast-plugin[STREAM]: LEVEL: message` (LEVEL: info, warning, error).
    func log(_ level: String, _ message: String) {
        let line = Array("\(prefix): \(level): \(message)\n".utf8)
        _ = line.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
