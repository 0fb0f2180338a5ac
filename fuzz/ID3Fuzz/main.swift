// libFuzzer harness for MP3 tags: the input is a file handed to libmpg123 (through our Mpg123Handle wrapper, the
// code that copies ID3 text and pictures out of mpg123's memory) followed by the ID3v2 picture reader, the
// genre and number parsers, and the tag mapping helpers. Built by fuzz/run, not by SwiftPM.
import Glibc

/// The fuzz input as an mpg123 input: seekable memory.
final class MemoryInput: Mpg123Input {
    let bytes: [UInt8]
    var position = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func mpg123Read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let n = max(0, min(buffer.count, bytes.count - position))
        if n > 0 {
            bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + position, byteCount: n) }
        }
        position += n
        return n
    }

    func mpg123Seek(offset: Int64, whence: Int32) -> Int64 {
        let base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? position : bytes.count
        let target = base + Int(offset)
        guard target >= 0 else { return -1 }
        position = target
        return Int64(target)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var options = Mpg123Handle.Options()
    options.forceSeekable = true
    if let handle = try? Mpg123Handle(options: options) {
        if (try? handle.open(MemoryInput(bytes))) != nil, (try? handle.outputFormat()) != nil {
            let id3 = handle.id3(maxPictureBytes: 4096)
            for frame in id3.v2Frames {
                for value in frame.values {
                    _ = TagText.genres(value)
                    _ = TagText.numberPair(value)
                    _ = TagText.trimmed(value)
                }
            }
            precondition(id3.pictures.count <= 1 && id3.pictures.allSatisfy { $0.data.count <= 4096 })
            if let v1 = id3.v1 { _ = TagText.string(from: v1.title) }
            handle.freeMetadata()
        }
    }
    if let extras = try? ID3FrameWalker.read(from: BytesInput(bytes)) {
        precondition((extras.picture?.data.count ?? 0) <= TagLimits.maxPictureBytes)
        precondition(extras.syncedText.count <= 100_000 * 64)
    }
    return 0
}
