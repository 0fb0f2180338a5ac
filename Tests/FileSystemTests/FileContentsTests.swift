import FileSystem
import Glibc
import TestSupport
import Testing

/// Reading up to a limit, atomic replacement, and `mkdir -p`.
@Suite struct FileContentsTests {
    @Test func readsWholeFilesAndStopsAtTheLimit() throws {
        let scratch = ScratchDirectory()
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let big = scratch.file(Array("big".utf8), bytes)
        #expect(try big.read(upTo: 1 << 20) == bytes)
        #expect(try big.read(upTo: 70_001) == Array(bytes.prefix(70_001)))
        #expect(try scratch.file(Array("empty".utf8)).read(upTo: 10) == [])
    }

    @Test func atomicWritesReplaceTheFileAndLeaveNoTemporary() throws {
        let scratch = ScratchDirectory()
        let target = scratch.file(Array("list.m3u8".utf8), [9, 9, 9])
        try target.writeAtomically([1, 2, 3, 4], durable: true)
        #expect(try target.read(upTo: 100) == [1, 2, 3, 4])
        try target.writeAtomically([5], durable: false)
        #expect(try target.read(upTo: 100) == [5])
        #expect(try scratch.path.entries().map(\.name) == [Array("list.m3u8".utf8)])
    }

    @Test func aFailedAtomicWriteNamesThePathAndLeavesNothing() throws {
        let scratch = ScratchDirectory()
        // The target is a non-empty directory: the temporary is written, the rename fails, the temporary goes.
        let target = scratch.child("taken")
        try target.appending(Array("inside".utf8)).createDirectories()
        #expect(throws: FileSystemError("rename", path: target, errno: EISDIR)) {
            try target.writeAtomically([1], durable: false)
        }
        #expect(try scratch.path.entries().map(\.name) == [Array("taken".utf8)])
    }

    @Test func createsNestedDirectoriesAndReportsWhatBlocksThem() throws {
        let scratch = ScratchDirectory()
        let nested = FilePath(scratch.path.string + "/x/y//z/")
        try nested.createDirectories()
        #expect(try scratch.child("x/y/z").status().isDirectory)
        try nested.createDirectories()  // exists already: fine
        let blocker = scratch.file(Array("blocker".utf8))
        #expect(throws: FileSystemError("mkdir", path: blocker.appending(Array("inner".utf8)), errno: ENOTDIR)) {
            try blocker.appending(Array("inner".utf8)).createDirectories()
        }
        #expect(throws: FileSystemError("mkdir", path: blocker, errno: ENOTDIR)) { try blocker.createDirectories() }
    }
}
