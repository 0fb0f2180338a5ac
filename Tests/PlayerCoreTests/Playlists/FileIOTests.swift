import Foundation
import Glibc
import Testing
@testable import PlayerCore

/// FileIO: the Glibc helpers that replaced FileManager in PlayerCore.
@Suite struct FileIOTests {
    @Test func readsWholeFilesAndStopsAtTheLimit() throws {
        let t = try TempDir()
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let path = try t.file("big", bytes)
        #expect(try FileIO.read(path, upTo: 1 << 20).get() == bytes)
        #expect(try FileIO.read(path, upTo: 70_001).get() == Array(bytes.prefix(70_001)))
        #expect(try FileIO.read(try t.file("empty"), upTo: 10).get() == [])
        #expect(throws: FileIO.Failure(errno: ENOENT)) { try FileIO.read(t.path + "/none", upTo: 10).get() }
        #expect(throws: FileIO.Failure(errno: EISDIR)) { try FileIO.read(t.path, upTo: 10).get() }
    }

    @Test func listsDirectoriesWithoutDotEntries() throws {
        let t = try TempDir()
        try t.file("a")
        try t.file(".hidden")
        try t.directory("sub")
        #expect(try Set(FileIO.directoryEntries(t.path).get()) == ["a", ".hidden", "sub"])
        #expect(throws: FileIO.Failure(errno: ENOTDIR)) { try FileIO.directoryEntries(t.path + "/a").get() }
        #expect(throws: FileIO.Failure(errno: ENOENT)) { try FileIO.directoryEntries(t.path + "/none").get() }
    }

    @Test func createsNestedDirectories() throws {
        let t = try TempDir()
        #expect(FileIO.createDirectories(t.path + "/x/y//z/") == nil)
        var isDir: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: t.path + "/x/y/z", isDirectory: &isDir) && isDir.boolValue)
        #expect(FileIO.createDirectories(t.path + "/x/y/z") == nil)  // exists already: fine
        try t.file("blocker")
        #expect(FileIO.createDirectories(t.path + "/blocker/inner") == ENOTDIR)
        #expect(FileIO.createDirectories(t.path + "/blocker") == ENOTDIR)
    }
}
