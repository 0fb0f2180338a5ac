/// Builds the bytes of one response: `key: value` lines, binary chunks, `list_OK`, `OK`, `ACK`.
///
/// Values never break a line: "\n" and "\r" in them become spaces (as OwnTone does with tag values), since a
/// newline inside a tag would otherwise end the pair and let a file's tags forge protocol lines.
public struct MPDResponseWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty response.
    public init() {}

    /// Writes `key: value\n`, the value made one line.
    public mutating func field(_ key: String, _ value: String) {
        append(Self.singleLine(key))
        bytes.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
        append(Self.singleLine(value))
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Writes `key: value\n` for a key and value known to be one line each (checked once when they were stored:
    /// a long listing skips looking for line breaks in every value again).
    public mutating func line(_ key: String, _ value: String) {
        append(key)
        bytes.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
        append(value)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Writes `key: N\n` for an integer (digits written straight into the reply: a listing has two numbers a
    /// song).
    public mutating func field(_ key: String, _ value: some BinaryInteger) {
        guard let v = Int64(exactly: value) else { return field(key, String(value)) }
        writeKey(key)
        if v < 0 { bytes.append(UInt8(ascii: "-")) }
        digits(v.magnitude)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Writes `key: S.mmm\n` for seconds, with MPD's three decimals (`elapsed`, `duration`), rounded to the
    /// millisecond; non-finite or huge values as 0.000.
    public mutating func field(_ key: String, seconds: Double) {
        writeKey(key)
        let scaled = (seconds * 1000).rounded()
        guard let millis = Int64(exactly: scaled), millis.magnitude < 1 << 53 else {
            bytes.append(contentsOf: "0.000\n".utf8)
            return
        }
        if millis < 0 { bytes.append(UInt8(ascii: "-")) }
        digits(millis.magnitude / 1000)
        let fraction = millis.magnitude % 1000
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: fraction / 100))
        bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: fraction / 10 % 10))
        bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: fraction % 10))
        bytes.append(UInt8(ascii: "\n"))
    }

    private mutating func writeKey(_ key: String) {
        append(Self.singleLine(key))
        bytes.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
    }

    /// The decimal digits of `value`.
    private mutating func digits(_ value: UInt64) {
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: UInt64.max has 20 digits
        withUnsafeMutableBytes(of: &scratch) { buffer in
            var v = value, end = buffer.count
            repeat {
                end -= 1
                buffer[end] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: v % 10)
                v /= 10
            } while v > 0
            bytes.append(contentsOf: buffer[end...])
        }
    }

    /// Writes `binary: N\n`, the bytes and "\n" (for `albumart` and `readpicture`; the caller chunks them).
    public mutating func binary(_ data: some Collection<UInt8>) {
        field("binary", data.count)
        bytes.append(contentsOf: data)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Writes `changed: SUBSYSTEM\n` (one line of an idle response).
    public mutating func changed(_ subsystem: MPDIdleSubsystem) {
        field("changed", subsystem.rawValue)
    }

    /// Writes `list_OK\n` (after each command of a `command_list_ok_begin` list).
    public mutating func listOK() { append("list_OK\n") }

    /// Writes `OK\n`, the end of a successful response.
    public mutating func ok() { append("OK\n") }

    /// Writes an ACK line, the end of a failed response.
    public mutating func ack(_ ack: MPDAck) { append(ack.line) }

    /// Appends what another writer wrote (a part built aside, printed after others).
    public mutating func append(contentsOf other: MPDResponseWriter) { bytes.append(contentsOf: other.bytes) }

    /// Empties the response, keeping its storage.
    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// `text` with each "\n" and "\r" replaced by a space.
    public static func singleLine(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return text }
        return String(decoding: text.utf8.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }, as: UTF8.self)
    }

    private mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
}
