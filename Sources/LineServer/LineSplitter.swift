/// Splits received bytes into lines at "\n" (the newline is dropped; "\r" and NUL are bytes like any other), with
/// lines longer than `maxLineLength` reported instead of delivered: input is held only up to that bound.
struct LineSplitter {
    /// What `next()` found.
    enum Next: Equatable {
        case line([UInt8])
        /// A line longer than the limit; its bytes are dropped, up to and including its newline when it comes.
        case overlong
        /// No complete line is held.
        case needMore
    }

    let maxLineLength: Int
    private var buffer: [UInt8] = []
    /// Where the unconsumed bytes start (consumed lines are cut off in one go, not one by one).
    private var start = 0
    /// Bytes from `start` known to hold no newline, so each byte is searched once.
    private var scanned = 0
    /// Inside an overlong line: bytes up to the next newline are dropped.
    private var discarding = false

    init(maxLineLength: Int) { self.maxLineLength = max(maxLineLength, 1) }

    /// Bytes held that are not yet a complete line.
    var pendingCount: Int { buffer.count - start }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    mutating func next() -> Next {
        while true {
            let searchFrom = start + scanned
            guard let newline = buffer[searchFrom...].firstIndex(of: UInt8(ascii: "\n")) else {
                scanned = buffer.count - start
                if discarding {
                    clear()
                    return .needMore
                }
                if scanned > maxLineLength {
                    clear()
                    discarding = true
                    return .overlong
                }
                return .needMore
            }
            let line = buffer[start..<newline]
            start = newline + 1
            scanned = 0
            if discarding {
                discarding = false
                continue
            }
            if line.count > maxLineLength { return .overlong }
            return .line(Array(line))
        }
    }

    private mutating func clear() {
        buffer.removeAll(keepingCapacity: true)
        (start, scanned) = (0, 0)
    }
}
