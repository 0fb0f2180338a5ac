import Decoding
import PlayerCore
import TestSupport

/// Reads up to `maxFrames` frames (all when nil) as raw bytes, in chunks of `chunkFrames`.
func readBytes(_ decoder: any Decoder, maxFrames: Int? = nil, chunkFrames: Int = 4096) throws(DecodeError) -> [UInt8] {
    let frameBytes = decoder.format.bytesPerFrame
    var out = [UInt8]()
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkFrames * frameBytes, alignment: 16)
    defer { buffer.deallocate() }
    while true {
        let remaining = maxFrames.map { $0 * frameBytes - out.count } ?? buffer.count
        if remaining <= 0 { break }
        let n = try decoder.read(
            into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<min(remaining, buffer.count)]))
        if n == 0 { break }
        precondition(n % frameBytes == 0, "decoder returned a partial frame")
        out.append(contentsOf: buffer[0..<n])
    }
    return out
}

/// Decodes (the rest of) a track as interleaved s16 samples.
func readInt16(_ decoder: any Decoder, maxFrames: Int? = nil) throws(DecodeError) -> [Int16] {
    precondition(decoder.format.sampleFormat == .int16)
    let bytes = try readBytes(decoder, maxFrames: maxFrames)
    return bytes.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
}

/// Decodes (the rest of) a track as interleaved f32 samples.
func readFloat(_ decoder: any Decoder, maxFrames: Int? = nil) throws(DecodeError) -> [Float] {
    precondition(decoder.format.sampleFormat == .float32)
    let bytes = try readBytes(decoder, maxFrames: maxFrames)
    return bytes.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
}

/// Decodes to the end without throwing: how many frames came out, and the error that ended it, if any.
func drain(_ decoder: any Decoder) -> (frames: Int, error: DecodeError?) {
    let frameBytes = decoder.format.bytesPerFrame
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096 * frameBytes, alignment: 16)
    defer { buffer.deallocate() }
    var frames = 0
    do {
        while true {
            let n = try decoder.read(into: buffer)
            if n == 0 { return (frames, nil) }
            frames += n / frameBytes
        }
    } catch {
        return (frames, error)
    }
}

/// The `DecodeError` opening `path` throws, or nil when it opens.
func openError(_ path: String) -> DecodeError? {
    do {
        _ = try DecoderRegistry.open(path: path)
        return nil
    } catch {
        return error
    }
}
