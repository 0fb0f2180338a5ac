import FileSystem
import Glibc
import TestSupport
import Testing

/// Every failure names the call, the path and errno, and reads as strerror's text.
@Suite struct FileSystemErrorTests {
    @Test func statOfAMissingFileNamesTheCallThePathAndErrno() {
        let scratch = ScratchDirectory()
        let missing = scratch.child("none")
        #expect(throws: FileSystemError("stat", path: missing, errno: ENOENT)) { try missing.status() }
        #expect(throws: FileSystemError("lstat", path: missing, errno: ENOENT)) { try missing.linkStatus() }
        #expect(throws: FileSystemError("open", path: missing, errno: ENOENT)) {
            try FileDescriptor.open(missing, O_RDONLY)
        }
        #expect(throws: FileSystemError("unlink", path: missing, errno: ENOENT)) { try missing.remove() }
        #expect(throws: FileSystemError("rename", path: missing, errno: ENOENT)) {
            try missing.rename(to: scratch.child("other"))
        }
    }

    @Test func descriptionsAreCallPathAndStrerror() throws {
        let scratch = ScratchDirectory()
        let missing = scratch.child("none")
        do {
            _ = try missing.status()
            Issue.record("stat of a missing file succeeded")
        } catch {
            #expect(error.isNotFound)
            #expect(error.message == String(cString: strerror(ENOENT)))
            #expect(error.description == "stat \(missing): No such file or directory")
        }
    }

    @Test func listingAFileAndReadingADirectoryFailWithTheirErrno() {
        let scratch = ScratchDirectory()
        let file = scratch.file(Array("a".utf8))
        #expect(throws: FileSystemError("opendir", path: file, errno: ENOTDIR)) { try file.entries() }
        let missing = scratch.child("none")
        #expect(throws: FileSystemError("opendir", path: missing, errno: ENOENT)) { try missing.entries() }
        #expect(throws: FileSystemError("open", path: missing, errno: ENOENT)) { try missing.read(upTo: 10) }
        #expect(throws: FileSystemError("read", path: scratch.path, errno: EISDIR)) {
            try scratch.path.read(upTo: 10)
        }
    }

    @Test func aNonUTF8PathIsShownWithReplacementCharactersButKeptExactly() {
        let path = FilePath(bytes: Array("/m/Caf".utf8) + [0xE9])
        let error = FileSystemError("stat", path: path, errno: EACCES)
        #expect(error.path.bytes.last == 0xE9)
        #expect(error.description == "stat /m/Caf\u{FFFD}: Permission denied")
    }
}
