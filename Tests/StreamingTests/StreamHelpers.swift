import Dispatch
import Foundation
import PlayerCore
import Streaming
import TestSupport

/// Media and settings the stream tests share: a 20 s 128 kbit/s MP3 (LAME header), a FLAC of the same tone.
enum StreamMedia {
    static let directory: TemporaryDirectory = {
        let dir = try! TemporaryDirectory(prefix: "linnet-stream-media")
        try! TestMedia.sineWAV(dir.file("tone.wav"), seconds: 20)
        try! TestMedia.lame(dir.file("tone.wav"), to: dir.file("tone.mp3"), options: ["-b", "128"])
        try! TestMedia.flac(dir.file("tone.wav"), to: dir.file("tone.flac"))
        try! TestMedia.vorbis(dir.file("tone.wav"), to: dir.file("tone.ogg"))
        try! TestMedia.opus(dir.file("tone.wav"), to: dir.file("tone.opus"))
        // AAC: ffmpeg's MP4 muxer puts moov at the end unless asked for faststart; ADTS; MPEG-TS with AAC and MP3.
        try! TestMedia.ffmpeg(dir.file("tone.wav"), to: dir.file("tone.m4a"))
        try! TestMedia.ffmpeg(dir.file("tone.wav"), to: dir.file("tone-fast.m4a"), options: ["-movflags", "+faststart"])
        try! TestMedia.ffmpeg(dir.file("tone.wav"), to: dir.file("tone.aac"))
        try! TestMedia.ffmpeg(dir.file("tone.wav"), to: dir.file("tone-aac.ts"))
        try! TestMedia.ffmpeg(dir.file("tone.wav"), to: dir.file("tone-mp3.ts"), codec: "libmp3lame")
        return dir
    }()

    /// Short timeouts so the hostile cases end in seconds.
    static var settings: StreamSettings {
        var s = StreamSettings()
        s.readTimeoutSeconds = 3
        s.lowSpeedSeconds = 2
        s.lowSpeedBytesPerSecond = 1000
        s.connectTimeoutSeconds = 3
        s.reconnectAttempts = 3
        s.reconnectDelaySeconds = 0.05
        return s
    }
}

/// Collects a stream's events (they arrive on the network and decode threads).
final class EventLog: @unchecked Sendable {
    // Safe: `events` is guarded by `lock`.
    private let lock = NSLock()
    private var events: [StreamEvent] = []

    var observer: @Sendable (StreamEvent) -> Void { { [self] e in lock.withLock { events.append(e) } } }
    var all: [StreamEvent] { lock.withLock { events } }

    /// Waits until `match` finds an event (polling a condition with a deadline, not a fixed sleep).
    func wait<T>(timeout: Double, _ match: (StreamEvent) -> T?) -> T? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let hit = all.lazy.compactMap(match).first { return hit }
            usleep(10_000)
        }
        return all.lazy.compactMap(match).first
    }
}

/// Reads a network decoder like the engine does, waiting on its data-available handler when it has nothing.
/// Returns the frames read (up to `maxFrames`); rethrows the decoder's error.
func drain(_ decoder: any Decoder, maxFrames: Int64 = .max, timeout: Double = 30) throws -> Int64 {
    let ready = DispatchSemaphore(value: 0)
    (decoder as? any StreamingDecoder)?.setDataAvailableHandler { ready.signal() }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16384, alignment: 16)
    defer { buffer.deallocate() }
    let bpf = decoder.format.bytesPerFrame
    var frames: Int64 = 0
    var askedAgain = false
    let deadline = DispatchTime.now() + timeout
    while frames < maxFrames {
        let want = Int(min(Int64(buffer.count / bpf), maxFrames - frames)) * bpf
        let n = try decoder.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<want]))
        if n > 0 { frames += Int64(n / bpf); askedAgain = false; continue }
        guard let s = decoder as? any StreamingDecoder, s.isWaitingForData else {
            // Nothing and not waiting: the end, or the buffer refilled between the read and the question (the
            // decode thread does not wait for us); a second empty read while not waiting is the end.
            if askedAgain || !(decoder is any StreamingDecoder) { break }
            askedAgain = true
            continue
        }
        if ready.wait(timeout: deadline) == .timedOut { throw DrainTimeout(frames: frames) }
    }
    return frames
}

struct DrainTimeout: Error, CustomStringConvertible {
    var frames: Int64
    var description: String { "no data within the timeout after \(frames) frames" }
}
