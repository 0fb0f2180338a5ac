/// Cuts the plug-in's stdin into lines (snapserver writes one JSON-RPC message per line, `\n`-terminated; a `\r`
/// before it is dropped). Bounded: a line longer than `maximumLineBytes` is not kept; its bytes are skipped up to
/// its newline and it is reported once as `.overlong`, so memory stays at most one line whatever arrives. Empty and
/// blank lines are skipped.
public struct PluginLineFramer: Sendable {
    /// One line of input.
    public enum Line: Sendable, Equatable {
        case text([UInt8])
        /// A line over the limit, dropped; its length so far when the limit was passed.
        case overlong(byteCount: Int)
    }

    /// 1 MB: far above any request snapserver sends (a few hundred bytes), well below what would hurt.
    public static let defaultMaximumLineBytes = 1 << 20

    public let maximumLineBytes: Int
    private var pending: [UInt8] = []
    private var skipping = false

    public init(maximumLineBytes: Int = PluginLineFramer.defaultMaximumLineBytes) {
        self.maximumLineBytes = max(1, maximumLineBytes)
    }

    /// Bytes held for an unfinished line (never more than `maximumLineBytes`).
    public var pendingByteCount: Int { pending.count }

    /// Adds bytes read from stdin; returns the lines they completed, in order.
    public mutating func append(_ bytes: some Collection<UInt8>) -> [Line] {
        var lines: [Line] = []
        for b in bytes {
            if b == 0x0A {
                if skipping {
                    skipping = false
                } else if let line = Self.trimmed(pending) {
                    lines.append(.text(line))
                }
                pending.removeAll(keepingCapacity: pending.count <= 4096)
                continue
            }
            guard !skipping else { continue }
            if pending.count == maximumLineBytes {
                lines.append(.overlong(byteCount: pending.count + 1))
                pending.removeAll()
                skipping = true
                continue
            }
            pending.append(b)
        }
        return lines
    }

    /// At end of input: the last line when it had no newline (nil when there is none).
    public mutating func finish() -> Line? {
        defer {
            pending.removeAll()
            skipping = false
        }
        guard !skipping, let line = Self.trimmed(pending) else { return nil }
        return .text(line)
    }

    /// The line without a final `\r`; nil when nothing but whitespace is left.
    private static func trimmed(_ bytes: [UInt8]) -> [UInt8]? {
        var line = bytes
        if line.last == 0x0D { line.removeLast() }
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return nil }
        return line
    }
}
