import Foundation
import Decoding
import PlayerCore

/// A synthetic s16 stereo track whose every frame spells its own index: left = low 16 bits, right = 0x1000 +
/// high bits of (base + frame). A recording of it tells exactly which frame was heard (gaps, overlaps, seeks).
final class CounterDecoder: Decoder {
    let format: AudioFormat
    let totalFrames: Int64?
    let isSeekable = true
    let tags: TrackTags
    let base: Int64
    private var frame: Int64 = 0

    init(base: Int64, frames: Int64, rate: Int = 44100, title: String = "Counter") {
        self.base = base
        self.totalFrames = frames
        self.format = AudioFormat(sampleRate: rate, channels: 2, sampleFormat: .int16)
        var t = TrackTags()
        t.title = title
        t.artists = ["Linnet Tests"]
        self.tags = t
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
        let n = Int(min(Int64(buffer.count / 4), totalFrames! - frame))
        let out = buffer.bindMemory(to: Int16.self)
        for i in 0..<n {
            let v = base + frame + Int64(i)
            out[2 * i] = Int16(truncatingIfNeeded: v & 0xFFFF)
            out[2 * i + 1] = Int16(truncatingIfNeeded: 0x1000 + (v >> 16))
        }
        frame += Int64(n)
        return n * 4
    }

    func seek(toFrame f: Int64) throws(DecodeError) { frame = max(0, min(f, totalFrames!)) }

    /// The counter value in a recorded frame, nil for silence or anything that is not counter audio.
    static func value(left: Int16, right: Int16) -> Int64? {
        let high = Int64(right) - 0x1000
        guard high >= 0, high < 0x1000 else { return nil }
        return high << 16 | Int64(UInt16(bitPattern: left))
    }
}

/// Reads the PCM of a 16-bit WAV file (enough of RIFF for sox's output); test-only until the real decoders land.
final class WAVTestDecoder: Decoder {
    let format: AudioFormat
    let totalFrames: Int64?
    let isSeekable = true
    let tags = TrackTags()
    private let handle: FileHandle
    private let dataOffset: UInt64
    private let path: String
    private var frame: Int64 = 0

    init(path: String) throws(DecodeError) {
        self.path = path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw DecodeError(.notFound, path: path, message: "no such file")
        }
        guard !isDir.boolValue else { throw DecodeError(.notAFile, path: path, message: "is a directory") }
        guard let h = FileHandle(forReadingAtPath: path) else {
            throw DecodeError(.permissionDenied, path: path, message: "cannot open")
        }
        handle = h
        let head = (try? h.read(upToCount: 4096)) ?? Data()
        guard !head.isEmpty else { throw DecodeError(.empty, path: path, message: "empty file") }
        guard head.count >= 12, head.prefix(4) == Data("RIFF".utf8), head[8..<12] == Data("WAVE".utf8) else {
            throw DecodeError(.unsupportedFormat, path: path, offset: 0, message: "not a RIFF/WAVE file")
        }
        func u32(_ o: Int) -> Int { Int(head[o]) | Int(head[o + 1]) << 8 | Int(head[o + 2]) << 16 | Int(head[o + 3]) << 24 }
        func u16(_ o: Int) -> Int { Int(head[o]) | Int(head[o + 1]) << 8 }
        var o = 12
        var fmt: AudioFormat?
        var data: (Int, Int)?
        while o + 8 <= head.count {
            let id = String(decoding: head[o..<o + 4], as: UTF8.self), size = u32(o + 4)
            if id == "fmt " && o + 24 <= head.count {
                guard u16(o + 22) == 16 else {
                    throw DecodeError(.unsupportedFormat, path: path, offset: Int64(o), message: "not 16-bit")
                }
                fmt = AudioFormat(sampleRate: u32(o + 12), channels: u16(o + 10), sampleFormat: .int16)
            } else if id == "data" {
                data = (o + 8, size)
                break
            }
            o += 8 + size + (size & 1)
        }
        guard let fmt, let data else { throw DecodeError(.corrupt, path: path, message: "no fmt/data chunk") }
        let fileSize = (try? h.seekToEnd()) ?? 0
        let available = min(Int(fileSize) - data.0, data.1)
        format = fmt
        dataOffset = UInt64(data.0)
        totalFrames = Int64(available / fmt.bytesPerFrame)
        try? h.seek(toOffset: dataOffset)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(DecodeError) -> Int {
        let want = Int(min(Int64(buffer.count / format.bytesPerFrame), totalFrames! - frame)) * format.bytesPerFrame
        guard want > 0 else { return 0 }
        let d: Data
        do { d = try handle.read(upToCount: want) ?? Data() } catch {
            throw DecodeError(.io, path: path, message: "\(error)")
        }
        let n = d.count - d.count % format.bytesPerFrame
        if n == 0 { throw DecodeError(.truncated, path: path, message: "file ended early") }
        d.copyBytes(to: buffer.bindMemory(to: UInt8.self), count: n)
        frame += Int64(n / format.bytesPerFrame)
        return n
    }

    func seek(toFrame f: Int64) throws(DecodeError) {
        frame = max(0, min(f, totalFrames!))
        do { try handle.seek(toOffset: dataOffset + UInt64(frame) * UInt64(format.bytesPerFrame)) } catch {
            throw DecodeError(.io, path: path, message: "\(error)")
        }
    }
}

/// Opens test items: "counter:BASE:FRAMES" makes a CounterDecoder, anything else goes to the real registry.
@Sendable func openTestItem(_ item: PlaybackItem) throws(DecodeError) -> any Decoder {
    if item.location.hasPrefix("counter") {
        let parts = item.location.split(separator: ":")
        let rate = parts[0] == "counter48k" ? 48000 : 44100
        return CounterDecoder(base: Int64(parts[1])!, frames: Int64(parts[2])!, rate: rate, title: item.id)
    }
    return try DecoderRegistry.open(location: item.location)
}

/// Every sample of a file as the real decoders produce it (interleaved, s16 only).
func decodeAll(_ path: String) throws -> [Int16] {
    let d = try DecoderRegistry.open(path: path)
    var out: [Int16] = []
    var buf = [Int16](repeating: 0, count: 8192)
    while true {
        let n = try buf.withUnsafeMutableBytes { try d.read(into: $0) }
        if n == 0 { break }
        out += buf[0..<(n / 2)]
    }
    return out
}
