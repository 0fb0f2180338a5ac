import FileSystem
import Glibc
import TestSupport
import Testing

/// Paths are bytes: any name the kernel accepts is reached, listed and given back exactly.
@Suite struct FilePathTests {
    static let latin1Name: [UInt8] = Array("Caf".utf8) + [0xE9, 0xFF]

    @Test func bytePathStringsConvertBothWaysLosslessly() {
        let bytes = Array("/m/".utf8) + Self.latin1Name + Array("/\u{10FF80}.mp3".utf8)
        let path = FilePath(bytes: bytes)
        #expect(path.string == BytePath.string(bytes))
        #expect(FilePath(path.string) == path)
        #expect(FilePath(path.string).bytes == bytes)
        #expect(path.withCString { strlen($0) } == bytes.count)  // C gets the bytes, not their repair
    }

    @Test func appendingPutsOneSlashBetween() {
        #expect(FilePath("/a").appending(Array("b".utf8)) == FilePath("/a/b"))
        #expect(FilePath("/a/").appending(Array("b".utf8)) == FilePath("/a/b"))
        #expect(FilePath("/").appending(Array("b".utf8)) == FilePath("/b"))
    }

    @Test func nonUTF8NamesRoundTripThroughTheFileSystem() throws {
        let scratch = ScratchDirectory()
        let folder = scratch.child(Self.latin1Name)
        try folder.createDirectories()
        try FilePath(folder.string).appending(Array("x.mp3".utf8)).writeAtomically([1, 2], durable: false)
        let entries = try scratch.path.entries()
        #expect(entries == [DirectoryEntry(name: Self.latin1Name, type: .directory)])
        #expect(try folder.entries().map(\.name) == [Array("x.mp3".utf8)])
        // Reached again from the BytePath string a playlist or the queue would hold.
        let track = FilePath(BytePath.string(folder.bytes) + "/x.mp3")
        #expect(try track.status().size == 2)
        #expect(try track.read(upTo: 100) == [1, 2])
    }

    @Test func listingsLeaveOutDotEntriesAndReportTypes() throws {
        let scratch = ScratchDirectory()
        scratch.file(Array(".hidden".utf8))
        scratch.file(Array("a".utf8))
        try scratch.child("sub").createDirectories()
        #expect(scratch.child("link").withCString { symlink("a", $0) } == 0)
        let entries = try scratch.path.entries()
        let byName = Dictionary(
            uniqueKeysWithValues: entries.map { (String(decoding: $0.name, as: UTF8.self), $0.type) })
        #expect(Set(byName.keys) == [".hidden", "a", "sub", "link"])
        // d_type may be DT_UNKNOWN on some file systems; then stat tells.
        #expect([FileType.directory, .unknown].contains(byName["sub"]))
        #expect([FileType.symbolicLink, .unknown].contains(byName["link"]))
        #expect(try scratch.child("link").status().type == .regular)
        #expect(try scratch.child("link").linkStatus().type == .symbolicLink)
    }
}
