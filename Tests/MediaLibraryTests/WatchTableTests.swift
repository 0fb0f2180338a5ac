import Testing
@testable import MediaLibrary

/// The watcher's compact wd → folder table.
@Suite struct WatchTableTests {
    private func b(_ s: String) -> [UInt8] { Array(s.utf8) }

    @Test func depthFirstWalkStoresNamesAndResolvesFullPaths() {
        var t = WatchTable()
        t.add(1, path: b("/music"))
        t.add(2, path: b("/music/Artist A"))
        t.add(3, path: b("/music/Artist A/Album 1"))
        t.add(4, path: b("/music/Artist A/Album 2"))
        t.add(5, path: b("/music/Artist B"))
        t.add(6, path: b("/music/Artist B/Album 3"))
        t.add(7, path: b("/other/root"))  // a second root: its whole path
        #expect(t.count == 7)
        #expect(t.path(of: 1) == b("/music"))
        #expect(t.path(of: 3) == b("/music/Artist A/Album 1"))
        #expect(t.path(of: 4) == b("/music/Artist A/Album 2"))
        #expect(t.path(of: 6) == b("/music/Artist B/Album 3"))
        #expect(t.path(of: 7) == b("/other/root"))
        #expect(t.path(of: 8) == nil)
        #expect(t.path(of: -1) == nil)
    }

    @Test func nonUTF8NamesAndTheRootFolderKeepTheirBytes() {
        var t = WatchTable()
        t.add(1, path: b("/"))
        t.add(2, path: [0x2F, 0x66, 0xE9, 0xFF])  // "/f\xE9\xFF"
        t.add(3, path: [0x2F, 0x66, 0xE9, 0xFF, 0x2F, 0x80])
        #expect(t.path(of: 2) == [0x2F, 0x66, 0xE9, 0xFF])
        #expect(t.path(of: 3) == [0x2F, 0x66, 0xE9, 0xFF, 0x2F, 0x80])
    }

    @Test func aKnownDescriptorWithAnotherPathIsAMoveAndItsChildrenFollow() {
        var t = WatchTable()
        t.add(1, path: b("/m"))
        t.add(2, path: b("/m/a"))
        t.add(3, path: b("/m/a/x"))
        t.add(2, path: b("/m/a"))  // the same again: nothing changes
        #expect(t.count == 3)
        t.add(1, path: b("/m"))
        t.add(4, path: b("/m/b"))
        t.add(2, path: b("/m/b/a"))  // `a` moved into `b`
        #expect(t.count == 4)
        #expect(t.path(of: 2) == b("/m/b/a"))
        #expect(t.path(of: 3) == b("/m/b/a/x"))
    }

    @Test func aFolderReachedBelowItselfDoesNotLoop() {
        var t = WatchTable()
        t.add(1, path: b("/m"))
        t.add(2, path: b("/m/a"))
        t.add(2, path: b("/m/a/loop"))  // a symlink back to /m/a: same descriptor
        #expect(t.path(of: 2) == b("/m/a/loop"))
        t.add(1, path: b("/m/a/loop/up"))  // and one back to /m
        #expect(t.path(of: 1) == b("/m/a/loop/up"))
        #expect(t.path(of: 2) == b("/m/a/loop"))
    }

    @Test func removedFoldersAreForgottenAndTheirBytesCompacted() {
        var t = WatchTable()
        t.add(1, path: b("/music"))
        for wd in Int32(2)...Int32(3001) { t.add(wd, path: b("/music/folder number \(wd) with a long name")) }
        for wd in Int32(2)...Int32(2900) { t.remove(wd) }
        #expect(t.count == 102)
        #expect(t.path(of: 2) == nil)
        #expect(t.path(of: 3000) == b("/music/folder number 3000 with a long name"))
        t.remove(1)  // its parent went: the child cannot be named
        #expect(t.path(of: 3000) == nil)
        t.add(3002, path: b("/music/new"))
        #expect(t.path(of: 3002) == b("/music/new"))
    }
}
