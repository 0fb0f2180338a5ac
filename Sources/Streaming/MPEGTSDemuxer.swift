/// The audio of an MPEG transport stream (HLS `.ts` segments), pure and bounded: finds the program in the PAT,
/// the first audio stream in its PMT, and turns that stream's PES packets back into its elementary stream
/// (ADTS AAC or MPEG audio), which the usual decoders then read.
///
/// Fed one 188-byte packet at a time (`MPEGTSPacketizer` finds them). Memory: nothing is held but the current
/// packet; payload bytes go straight to the caller. Hostile input cannot make it trap or grow: every length is
/// checked against the packet, a PES packet longer than `maxPESBytes` or than its own length field is an error,
/// and a stream whose only audio is a codec we do not decode says so. Continuity counters are not checked: a lost
/// packet shows up as a damaged ADTS/MPEG frame, which the frame readers skip. PSI CRCs are not checked either (the
/// sections are bounded by their packet, and a wrong PID only means no audio, which ends in a clear error).
struct MPEGTSDemuxer {
    /// The elementary stream's codec (from the PMT's stream_type).
    enum Codec: Equatable {
        /// ISO/IEC 13818-7 ADTS AAC (stream_type 0x0F).
        case adts
        /// MPEG-1/2 audio (stream_type 0x03, 0x04).
        case mpeg
    }

    /// Why the stream cannot be demuxed, with the packet count for context.
    struct Failure: Error, Equatable {
        var packet: Int
        var message: String
    }

    static let packetSize = 188
    /// Audio PES packets are a few KB; a longer one is damage or an attack.
    static let maxPESBytes = 256 * 1024

    private(set) var codec: Codec?
    private var pmtPID: Int?
    private var audioPID: Int?
    /// Payload bytes of the current PES packet so far, and its declared payload length (nil: unbounded).
    private var pesBytes = 0
    private var pesDeclared: Int?
    private var inPES = false
    private(set) var packets = 0

    /// Takes one packet (`p.count == 188`, `p[0] == 0x47`) and appends any audio payload to `out`.
    mutating func push(_ p: UnsafeRawBufferPointer, into out: inout [UInt8]) throws(Failure) {
        packets += 1
        guard p.count == Self.packetSize, p[0] == 0x47 else { return }
        if p[1] & 0x80 != 0 { return }  // transport_error_indicator: the packet is known bad
        let start = p[1] & 0x40 != 0
        let pid = Int(p[1] & 0x1F) << 8 | Int(p[2])
        let control = (p[3] >> 4) & 3
        guard control & 1 != 0 else { return }  // no payload
        var at = 4
        if control & 2 != 0 {
            at += 1 + Int(p[4])
            guard at < Self.packetSize else { return }  // an adaptation field filling (or overrunning) the packet
        }
        let payload = UnsafeRawBufferPointer(rebasing: p[at...])
        if pid == 0 {
            if start, pmtPID == nil { pmtPID = Self.programMapPID(payload) }
        } else if pid == pmtPID {
            if start, audioPID == nil { try readPMT(payload) }
        } else if pid == audioPID {
            try audio(payload, start: start, into: &out)
        }
    }

    /// The PMT PID of the first program in a PAT section, nil when the section is damaged.
    static func programMapPID(_ payload: UnsafeRawBufferPointer) -> Int? {
        guard let s = section(payload, tableID: 0x00) else { return nil }
        var i = 8
        while i + 4 <= s.count - 4 {
            let program = Int(s[i]) << 8 | Int(s[i + 1])
            let pid = Int(s[i + 2] & 0x1F) << 8 | Int(s[i + 3])
            if program != 0 { return pid }
            i += 4
        }
        return nil
    }

    /// A PSI section starting in `payload` (after its pointer field), bounded by the packet; nil when damaged.
    static func section(_ payload: UnsafeRawBufferPointer, tableID: UInt8) -> UnsafeRawBufferPointer? {
        guard let pointer = payload.first else { return nil }
        let at = 1 + Int(pointer)
        guard at + 3 <= payload.count, payload[at] == tableID else { return nil }
        let length = Int(payload[at + 1] & 0x0F) << 8 | Int(payload[at + 2])
        guard length >= 9, at + 3 + length <= payload.count else { return nil }
        return UnsafeRawBufferPointer(rebasing: payload[at..<(at + 3 + length)])
    }

    private mutating func readPMT(_ payload: UnsafeRawBufferPointer) throws(Failure) {
        guard let s = Self.section(payload, tableID: 0x02) else { return }
        let infoLength = Int(s[10] & 0x0F) << 8 | Int(s[11])
        var i = 12 + infoLength
        var others: [UInt8] = []
        while i + 5 <= s.count - 4 {
            let type = s[i]
            let pid = Int(s[i + 1] & 0x1F) << 8 | Int(s[i + 2])
            let esInfo = Int(s[i + 3] & 0x0F) << 8 | Int(s[i + 4])
            switch type {
            case 0x0F: codec = .adts
            case 0x03, 0x04: codec = .mpeg
            default: others.append(type)
            }
            if codec != nil {
                audioPID = pid
                return
            }
            i += 5 + esInfo
        }
        // A program with no stream we decode: LATM AAC (0x11), AC-3 (0x81), video only, …
        let types = others.map { "0x" + String($0, radix: 16) }.joined(separator: ", ")
        throw Failure(
            packet: packets,
            message: "the MPEG-TS program has no AAC (ADTS) or MPEG audio stream"
                + (types.isEmpty ? "" : " (stream types \(types))"))
    }

    private mutating func audio(_ payload: UnsafeRawBufferPointer, start: Bool, into out: inout [UInt8]) throws(Failure)
    {
        var body = payload
        if start {
            // A PES header: 00 00 01, stream id, 16-bit length, two flag bytes, header data length.
            guard payload.count >= 9, payload[0] == 0, payload[1] == 0, payload[2] == 1 else {
                throw Failure(packet: packets, message: "audio packet without a PES start code")
            }
            let declared = Int(payload[4]) << 8 | Int(payload[5])
            let headerData = Int(payload[8])
            guard 9 + headerData <= payload.count else {
                throw Failure(packet: packets, message: "PES header of \(headerData) bytes overruns its packet")
            }
            // The length counts the bytes after the length field: the flags, the header data and the payload.
            if declared != 0 {
                guard declared >= 3 + headerData else {
                    throw Failure(packet: packets, message: "PES length \(declared) shorter than its own header")
                }
                pesDeclared = declared - 3 - headerData
            } else {
                pesDeclared = nil
            }
            pesBytes = 0
            inPES = true
            body = UnsafeRawBufferPointer(rebasing: payload[(9 + headerData)...])
        } else if !inPES {
            return  // joined in the middle of a PES packet: wait for the next start
        }
        pesBytes += body.count
        if let declared = pesDeclared, pesBytes > declared {
            throw Failure(packet: packets, message: "PES packet longer than its length field (\(declared) bytes)")
        }
        if pesBytes > Self.maxPESBytes {
            throw Failure(packet: packets, message: "PES packet larger than \(Self.maxPESBytes / 1024) KB")
        }
        out.append(contentsOf: body)
    }
}
