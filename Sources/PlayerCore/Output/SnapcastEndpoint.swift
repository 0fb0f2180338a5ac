/// Where a Snapcast output sends its PCM, as written in `output = snapcast URI`: a snapserver TCP source that
/// listens (`tcp://HOST:PORT`, snapserver's `mode=server`) or a named pipe that snapserver reads (`pipe:///PATH`).
///
/// Query parameters use snapserver's own names: `sampleformat=RATE:BITS:CHANNELS` (default 48000:16:2, the
/// stream's format, which must match the source's in snapserver.conf) and `buffer=MS` (snapserver's stream buffer
/// plus the rooms' own latency, default 1000: how long after sending a frame is heard, for the position). `mode`
/// may be given as `server` (the only mode Linnet connects in) and `name` is ignored, so a source line copied from
/// snapserver.conf works as it is.
public struct SnapcastEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// Where the bytes go.
    public enum Transport: Sendable, Hashable {
        /// Connect to snapserver's TCP source at host and port.
        case tcp(host: String, port: UInt16)
        /// Write into the FIFO at this absolute path.
        case pipe(path: String)
    }

    public var transport: Transport
    public var format: SnapcastSampleFormat
    /// Milliseconds from sending a frame to a room playing it.
    public var bufferMilliseconds: Int

    public static let defaultBufferMilliseconds = 1000
    public static let defaultPort: UInt16 = 4953

    public init(transport: Transport, format: SnapcastSampleFormat = .standard, bufferMilliseconds: Int = 1000) {
        self.transport = transport
        self.format = format
        self.bufferMilliseconds = bufferMilliseconds
    }

    /// Parses a URI; the error says what is wrong with it.
    public init(parsing text: String) throws(SnapcastEndpointError) {
        let (base, query) = Self.split(text)
        if base.hasPrefix("tcp://") {
            let authority = base.dropFirst("tcp://".count).prefix { $0 != "/" }
            transport = try Self.hostAndPort(String(authority), in: text)
        } else if base.hasPrefix("pipe://") {
            let path = String(base.dropFirst("pipe://".count))
            guard path.hasPrefix("/"), path.count > 1 else {
                throw SnapcastEndpointError(text, "a pipe needs an absolute path (pipe:///tmp/snapfifo)")
            }
            transport = .pipe(path: path)
        } else {
            throw SnapcastEndpointError(text, "expected tcp://HOST:PORT or pipe:///PATH")
        }
        format = .standard
        bufferMilliseconds = Self.defaultBufferMilliseconds
        for (key, value) in query {
            switch key {
            case "sampleformat":
                guard let f = SnapcastSampleFormat(parsing: value) else {
                    throw SnapcastEndpointError(text, "sampleformat must be RATE:BITS:CHANNELS with 16, 24 or 32 bits")
                }
                format = f
            case "buffer":
                guard let ms = Int(value), (0...60_000).contains(ms) else {
                    throw SnapcastEndpointError(text, "buffer must be milliseconds from 0 to 60000")
                }
                bufferMilliseconds = ms
            case "mode":
                guard value == "server" else {
                    throw SnapcastEndpointError(text, "Linnet connects to a source with mode=server only")
                }
            case "name", "codec", "chunk_ms", "controlscript", "controlscriptparams", "idle_threshold", "dryout_ms":
                break  // snapserver's own settings of the source
            default:
                throw SnapcastEndpointError(text, "unknown parameter '\(key)'")
            }
        }
    }

    public var description: String {
        var s: String
        switch transport {
        case .tcp(let host, let port): s = "tcp://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        case .pipe(let path): s = "pipe://\(path)"
        }
        s += "?sampleformat=\(format)"
        if bufferMilliseconds != Self.defaultBufferMilliseconds { s += "&buffer=\(bufferMilliseconds)" }
        return s
    }

    private static func split(_ text: String) -> (String, [(String, String)]) {
        guard let q = text.firstIndex(of: "?") else { return (text, []) }
        let pairs = text[text.index(after: q)...].split(separator: "&").map { part -> (String, String) in
            let kv = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(kv[0]), kv.count > 1 ? String(kv[1]) : "")
        }
        return (String(text[..<q]), pairs)
    }

    private static func hostAndPort(_ authority: String, in text: String) throws(SnapcastEndpointError) -> Transport {
        var host: Substring
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw SnapcastEndpointError(text, "unclosed [") }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let rest = authority[authority.index(after: close)...]
            if rest.hasPrefix(":") {
                portText = rest.dropFirst()
            } else if !rest.isEmpty {
                throw SnapcastEndpointError(text, "expected :PORT after the address")
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        } else {
            host = Substring(authority)
        }
        guard !host.isEmpty else { throw SnapcastEndpointError(text, "no host") }
        var port = defaultPort
        if let portText {
            guard let p = UInt16(portText), p > 0 else { throw SnapcastEndpointError(text, "bad port '\(portText)'") }
            port = p
        }
        return .tcp(host: String(host), port: port)
    }
}

/// The PCM format of a Snapcast stream (snapserver's `sampleformat`): little-endian signed integers; 24 bits
/// travel in 4 bytes, as Snapcast lays them out.
public struct SnapcastSampleFormat: Sendable, Hashable, CustomStringConvertible {
    public var sampleRate: Int
    public var bits: Int
    public var channels: Int

    /// snapserver's default, 48000:16:2.
    public static let standard = SnapcastSampleFormat(sampleRate: 48000, bits: 16, channels: 2)

    public init(sampleRate: Int, bits: Int, channels: Int) {
        self.sampleRate = sampleRate
        self.bits = bits
        self.channels = channels
    }

    /// "48000:16:2"; nil for anything else, or values outside 8000–384000 Hz, 16/24/32 bits, 1–8 channels.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let rate = Int(parts[0]), let bits = Int(parts[1]), let channels = Int(parts[2]),
            (8000...384_000).contains(rate), [16, 24, 32].contains(bits), (1...8).contains(channels)
        else { return nil }
        self.init(sampleRate: rate, bits: bits, channels: channels)
    }

    /// Bytes of one sample of one channel on the wire.
    public var bytesPerSample: Int { bits == 16 ? 2 : 4 }
    public var bytesPerFrame: Int { bytesPerSample * channels }
    public var description: String { "\(sampleRate):\(bits):\(channels)" }
}

/// A Snapcast output URI that cannot be used, with the URI and the reason.
public struct SnapcastEndpointError: Error, Sendable, Hashable, CustomStringConvertible {
    public var uri: String
    public var reason: String
    init(_ uri: String, _ reason: String) {
        self.uri = uri
        self.reason = reason
    }
    public var description: String { "\(uri): \(reason)" }
}
