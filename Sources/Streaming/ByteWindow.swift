/// The bytes of a resource received so far and not yet dropped: a contiguous range [start, end) with a read
/// offset inside it. Bytes before the read offset stay (up to `history`) so a decoder can step back a little
/// (format sniffing, header parsing) without a new request. Pure value logic; the caller locks.
struct ByteWindow {
    /// Unread bytes allowed: the cap on buffered memory.
    let capacity: Int
    /// Already-read bytes kept behind the read offset.
    let history: Int
    private(set) var start: Int64
    private var bytes: [UInt8] = []
    /// Absolute offset of the next byte to read.
    private(set) var readOffset: Int64

    init(capacity: Int, history: Int = 64 * 1024, start: Int64 = 0) {
        self.capacity = max(capacity, 16 * 1024)
        self.history = history
        self.start = start
        self.readOffset = start
    }

    var end: Int64 { start + Int64(bytes.count) }
    /// Bytes received but not read yet.
    var unread: Int { Int(end - readOffset) }
    var isFull: Bool { unread >= capacity }

    /// Appends `data` if the unread bytes stay within the cap; false (nothing taken) otherwise.
    mutating func append(_ data: UnsafeRawBufferPointer) -> Bool {
        guard unread + data.count <= capacity || unread == 0 else { return false }
        let droppable = Int(readOffset - start) - history
        if droppable > 0 && bytes.count + data.count > capacity + history {
            bytes.removeFirst(droppable)
            start += Int64(droppable)
        }
        bytes.append(contentsOf: data)
        return true
    }

    /// Copies up to `buffer.count` unread bytes; returns the count.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let n = min(buffer.count, unread)
        guard n > 0 else { return 0 }
        let from = Int(readOffset - start)
        bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + from, byteCount: n) }
        readOffset += Int64(n)
        return n
    }

    /// Whether `offset` can be reached without a new request: kept history, unread bytes, or a little ahead.
    func canReach(_ offset: Int64, ahead: Int64) -> Bool {
        offset >= start && offset <= end + ahead
    }

    /// Moves the read offset inside [start, end].
    mutating func move(to offset: Int64) {
        readOffset = min(max(offset, start), end)
    }

    /// Drops everything and restarts empty at `offset` (a new request from there).
    mutating func reset(at offset: Int64) {
        bytes = []
        start = offset
        readOffset = offset
    }
}
