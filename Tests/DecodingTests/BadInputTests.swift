import Decoding
import Foundation
import Glibc
import PlayerCore
import Testing
import TestSupport

/// Broken, missing and non-audio inputs: each gives a typed `DecodeError` with the path and a reason; truncated
/// and damaged files decode what is there and end cleanly or with a typed error. Nothing crashes.
@Suite struct BadInputTests {
    /// Asserts `path` fails to open with `kind`, naming the path and giving a reason.
    func expectOpenFails(_ path: String, _ kind: DecodeError.Kind, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error = openError(path) else {
            Issue.record("\(path) opened but should fail with \(kind)", sourceLocation: sourceLocation)
            return
        }
        #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
        #expect(error.path == path, sourceLocation: sourceLocation)
        #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func missingFileIsNotFound() {
        expectOpenFails("/nonexistent/linnet/song.mp3", .notFound)
        expectOpenFails("/etc/hostname/below-a-file.flac", .notFound)
    }

    @Test func directoryIsNotAFile() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("album.mp3"), withIntermediateDirectories: true)
        expectOpenFails(dir.file("album.mp3"), .notAFile)
        expectOpenFails(dir.path, .notAFile)
        expectOpenFails("/dev/null", .notAFile)
    }

    @Test func zeroBytesIsEmpty() throws {
        let dir = try TemporaryDirectory()
        for name in ["z.mp3", "z.flac", "z.wav", "z.ogg", "z"] {
            try Data().write(to: URL(fileURLWithPath: dir.file(name)))
            expectOpenFails(dir.file(name), .empty)
        }
    }

    /// Root reads any file whatever its mode bits, so as root the test uses a file the kernel refuses to read
    /// even to root (a write-only sysctl); as another user, a mode-000 file.
    @Test func unreadableFileIsPermissionDenied() throws {
        let dir = try TemporaryDirectory()
        if getuid() == 0 {
            let writeOnly = "/proc/sys/vm/compact_memory"
            try #require(FileManager.default.fileExists(atPath: writeOnly), "no write-only sysctl to test with")
            expectOpenFails(writeOnly, .permissionDenied)
        } else {
            try TestMedia.sineWAV(dir.file("locked.wav"), seconds: 0.1)
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: dir.file("locked.wav"))
            expectOpenFails(dir.file("locked.wav"), .permissionDenied)
        }
    }

    @Test func randomBytesAreUnsupported() throws {
        let dir = try TemporaryDirectory()
        for (i, name) in ["noise.mp3", "noise.flac", "noise.wav", "noise.ogg", "noise.opus", "noise.bin"].enumerated() {
            try TestMedia.randomFile(dir.file(name), count: 100_000, seed: UInt64(i + 1))
            expectOpenFails(dir.file(name), .unsupportedFormat)
        }
        try "not music at all\n".write(toFile: dir.file("readme.mp3"), atomically: true, encoding: .utf8)
        expectOpenFails(dir.file("readme.mp3"), .unsupportedFormat)
    }

    @Test func contentWinsOverAMisleadingExtension() throws {
        let dir = try TemporaryDirectory()
        try TestMedia.sineWAV(dir.file("src.wav"), seconds: 0.5)
        try TestMedia.flac(dir.file("src.wav"), to: dir.file("really-flac.mp3"))
        try TestMedia.lame(dir.file("src.wav"), to: dir.file("really-mp3.wav"))
        #expect(try DecoderRegistry.open(path: dir.file("really-flac.mp3")) is SndfileDecoder)
        #expect(try DecoderRegistry.open(path: dir.file("really-mp3.wav")) is Mpg123Decoder)
        #expect(drain(try DecoderRegistry.open(path: dir.file("really-mp3.wav"))).frames == 22050)
    }

    @Test func truncatedFilesDecodeWhatIsThere() throws {
        let dir = try TemporaryDirectory()
        let frames = 10 * 44100
        try TestMedia.sineWAV(dir.file("src.wav"), seconds: 10)
        try TestMedia.lame(dir.file("src.wav"), to: dir.file("src.mp3"))
        try TestMedia.flac(dir.file("src.wav"), to: dir.file("src.flac"))
        try TestMedia.vorbis(dir.file("src.wav"), to: dir.file("src.ogg"))
        for ext in ["wav", "mp3", "flac", "ogg"] {
            let cut = dir.file("half.\(ext)")
            try TestMedia.truncatedCopy(of: dir.file("src.\(ext)"), to: cut, fraction: 0.5)
            let d: any Decoder
            do {
                d = try DecoderRegistry.open(path: cut)
            } catch {
                // Some containers need their end to open (Ogg's last page): then a typed error, not a crash.
                #expect([.truncated, .corrupt].contains(error.kind), "\(ext): \(error)")
                continue
            }
            let (decoded, error) = drain(d)
            #expect(decoded > frames / 4 && decoded < frames * 2 / 3, "\(ext): \(decoded) frames from half a file")
            if let error { #expect(error.kind == .truncated, "\(ext): \(error)") }
        }
        // A WAV cut inside its header.
        let wavBytes = try Data(contentsOf: URL(fileURLWithPath: dir.file("src.wav")))
        try wavBytes.prefix(30).write(to: URL(fileURLWithPath: dir.file("header.wav")))
        let error = try #require(openError(dir.file("header.wav")))
        #expect([.corrupt, .empty, .truncated, .unsupportedFormat].contains(error.kind), "\(error)")
    }

    @Test func damagedFramesMidMP3AreSkippedOrEndTheTrack() throws {
        let dir = try TemporaryDirectory()
        try TestMedia.sineWAV(dir.file("src.wav"), seconds: 4)
        try TestMedia.lame(dir.file("src.wav"), to: dir.file("src.mp3"))
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.file("src.mp3"))))
        // A few KB of noise in the middle: mpg123 resyncs after it.
        let mid = bytes.count / 2
        for i in 0..<3000 { bytes[mid + i] = UInt8(truncatingIfNeeded: i &* 131 &+ 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: dir.file("noisy.mp3")))
        let (frames, error) = drain(try DecoderRegistry.open(path: dir.file("noisy.mp3")))
        #expect(frames > 2 * 44100, "decoded \(frames) frames")
        if let error { #expect([.corrupt, .truncated].contains(error.kind), "\(error)") }
        // Half the file zeroed: far beyond the resync limit, the track ends with a typed error or cleanly early.
        for i in (bytes.count / 4)..<(bytes.count * 3 / 4) { bytes[i] = 0 }
        try Data(bytes).write(to: URL(fileURLWithPath: dir.file("holed.mp3")))
        let (holed, holedError) = drain(try DecoderRegistry.open(path: dir.file("holed.mp3")))
        #expect(holed > 44100 / 2)
        if let holedError { #expect([.corrupt, .truncated].contains(holedError.kind), "\(holedError)") }
    }

    @Test func gapBeyondResyncLimitEndsWithCorrupt() throws {
        let dir = try TemporaryDirectory()
        try TestMedia.sineWAV(dir.file("src.wav"), seconds: 10)
        try TestMedia.lame(dir.file("src.wav"), to: dir.file("src.mp3"))
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.file("src.mp3"))))
        let start = bytes.count / 3
        for i in start..<(start + 100_000) { bytes[i] = 0 }  // more than the 64 KB resync limit
        try Data(bytes).write(to: URL(fileURLWithPath: dir.file("gap.mp3")))
        let d = try DecoderRegistry.open(path: dir.file("gap.mp3"))
        let (frames, error) = drain(d)
        #expect(frames > 3 * 44100 && frames < 4 * 44100, "decoded \(frames) frames before the gap")
        let e = try #require(error)
        #expect(e.kind == .corrupt)
        #expect(e.path == dir.file("gap.mp3"))
        #expect((e.offset ?? 0) > Int64(start), "\(e)")
        // The error is sticky: the track stays ended.
        #expect(throws: DecodeError.self) { _ = try readBytes(d) }
    }

    @Test func sourceFailureMidStreamIsReportedWithItsContext() throws {
        let dir = try TemporaryDirectory()
        try TestMedia.sineWAV(dir.file("src.wav"), seconds: 3)
        try TestMedia.lame(dir.file("src.wav"), to: dir.file("src.mp3"))
        try TestMedia.flac(dir.file("src.wav"), to: dir.file("src.flac"))
        for name in ["src.mp3", "src.flac"] {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.file(name))))
            let source = MemoryByteSource(
                bytes: bytes, path: "http://radio.invalid/\(name)", seekable: false,
                failAt: Int64(bytes.count / 2))
            let (frames, error) = drain(try DecoderRegistry.open(source: source))
            #expect(frames > 44100 / 2, "\(name): \(frames)")
            let e = try #require(error, "\(name) ended without reporting the dropped source")
            #expect(e.kind == .io, "\(e)")
            #expect(e.path == "http://radio.invalid/\(name)")
            #expect(e.message == "connection reset")
        }
    }

    @Test func fileDeletedWhilePlayingPlaysToItsEnd() throws {
        let dir = try TemporaryDirectory()
        try TestMedia.countingWAV(dir.file("src.wav"), frames: 44100)
        try TestMedia.flac(dir.file("src.wav"), to: dir.file("t.flac"))
        let d = try DecoderRegistry.open(path: dir.file("t.flac"))
        let first = try readInt16(d, maxFrames: 1000)
        try FileManager.default.removeItem(atPath: dir.file("t.flac"))
        let rest = try readInt16(d)
        #expect(first + rest == (try TestMedia.readWAV(dir.file("src.wav")).samples))
    }
}
