import Glibc
import TestSupport
import Testing

@testable import FileSystem

/// Descriptors: open, read, positioned read, write, fstat and fstatat; interrupted calls are retried.
@Suite struct FileDescriptorTests {
    @Test func writesReadsAndStatsThroughOneDescriptor() throws {
        let scratch = ScratchDirectory()
        let path = scratch.child("f")
        let writer = try FileDescriptor.open(path, O_WRONLY | O_CREAT | O_EXCL, permissions: 0o600)
        try writer.writeAll(Array(0..<100))
        try writer.synchronize()
        #expect(try writer.status().size == 100)
        try writer.close()
        #expect(throws: FileSystemError("open", path: path, errno: EEXIST)) {
            try FileDescriptor.open(path, O_WRONLY | O_CREAT | O_EXCL)
        }
        let reader = try FileDescriptor.open(path, O_RDONLY)
        try reader.closeAfter { () throws(FileSystemError) in
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 10, alignment: 1)
            defer { buffer.deallocate() }
            let n = try reader.read(into: buffer, at: 95)
            #expect(n == 5 && Array(buffer.prefix(5)) == [95, 96, 97, 98, 99])
            let m = try reader.read(into: buffer)  // pread left the position at 0
            #expect(m == 10 && Array(buffer) == Array(0..<10))
        }
    }

    @Test func statusOfAnEntryInAnOpenDirectory() throws {
        let scratch = ScratchDirectory()
        scratch.file(Array("song.flac".utf8), [1, 2, 3])
        let directory = try FileDescriptor.open(scratch.path, O_RDONLY | O_DIRECTORY)
        try directory.closeAfter { () throws(FileSystemError) in
            #expect(try directory.status().isDirectory)
            #expect(try directory.status(ofEntry: Array("song.flac".utf8)).size == 3)
            #expect(throws: FileSystemError("fstatat", path: scratch.child("none"), errno: ENOENT)) {
                try directory.status(ofEntry: Array("none".utf8))
            }
        }
    }

    /// A call interrupted by a signal (EINTR) is made again; other failures come back at once.
    @Test func interruptedCallsAreRetried() {
        var calls = 0
        let result = retryingInterrupts { () -> Int in
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 42
        }
        #expect(result == 42 && calls == 3)
        calls = 0
        let failed = retryingInterrupts { () -> Int32 in
            calls += 1
            errno = EACCES
            return -1
        }
        #expect(failed == -1 && calls == 1 && errno == EACCES)
    }
}
