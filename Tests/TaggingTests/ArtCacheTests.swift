import CoverArt
import FileSystem
import Foundation
import PlayerCore
import Testing
import TestSupport

@Suite struct SHA256Tests {
    @Test func knownVectors() {
        #expect(SHA256.hexDigest([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256.hexDigest(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hexDigest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hexDigest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func everyLengthAroundTheBlockBoundariesMatchesSha256sum() throws {
        let dir = try TemporaryDirectory()
        var input = "", expected: [String] = []
        for n in 0...130 {
            let bytes = (0..<n).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ n) }
            let path = dir.file("m\(n)")
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            input += path + " "
            expected.append(SHA256.hexDigest(bytes))
        }
        let out = try Command.check("sha256sum", input.split(separator: " ").map(String.init))
        let sums = out.split(separator: "\n").map { String($0.prefix(64)) }
        #expect(sums == expected)
    }
}

@Suite struct ArtCacheTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 7, count: 1000)

    @Test func storeIsContentAddressedAtomicAndIdempotent() throws {
        let dir = try TemporaryDirectory()
        let cache = ArtCache(directory: dir.file("deep/er/art"))
        let p = try cache.store(EmbeddedPicture(mimeType: "image/jpeg", data: Self.jpeg))
        #expect(p == dir.file("deep/er/art/") + SHA256.hexDigest(Self.jpeg) + ".jpg")
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: p))) == Self.jpeg)
        // A second store is a hit; a damaged (short) file is rewritten.
        #expect(try cache.store(EmbeddedPicture(mimeType: "image/jpeg", data: Self.jpeg)) == p)
        try Data(Self.jpeg.prefix(10)).write(to: URL(fileURLWithPath: p))
        _ = try cache.store(EmbeddedPicture(mimeType: "image/jpeg", data: Self.jpeg))
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: p))) == Self.jpeg)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.file("deep/er/art")) == [
                p.split(separator: "/").last.map(String.init)!
            ])
    }

    @Test func leastRecentlyUsedFilesGoFirst() throws {
        let dir = try TemporaryDirectory()
        let cache = ArtCache(directory: dir.path, maxBytes: 1 << 20, maxFiles: 3)
        var paths: [String] = []
        for i in 0..<3 {
            paths.append(try cache.store(EmbeddedPicture(mimeType: "image/png", data: [UInt8(i)] + Self.jpeg)))
            // Distinct, ordered modification times without waiting: set them explicitly.
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: Double(1000 + i))],
                ofItemAtPath: paths[i])
        }
        try Data("not ours".utf8).write(to: URL(fileURLWithPath: dir.file("notes.txt")))
        // Using picture 0 again makes picture 1 the least recently used.
        _ = try cache.store(EmbeddedPicture(mimeType: "image/png", data: [0] + Self.jpeg))
        let p3 = try cache.store(EmbeddedPicture(mimeType: "image/png", data: [3] + Self.jpeg))
        let fm = FileManager.default
        #expect(fm.fileExists(atPath: paths[0]))
        #expect(!fm.fileExists(atPath: paths[1]))
        #expect(fm.fileExists(atPath: paths[2]))
        #expect(fm.fileExists(atPath: p3))
        #expect(fm.fileExists(atPath: dir.file("notes.txt")))  // not a cache entry: left alone
    }

    @Test func staleTemporariesOfDeadWritersAreRemovedOnInsert() throws {
        let dir = try TemporaryDirectory()
        let hex = String(repeating: "ab", count: 32)
        let stale = dir.file("\(hex).jpg.tmp-1-2"), fresh = dir.file("\(hex).jpg.tmp-3-4")
        try Data([1]).write(to: URL(fileURLWithPath: stale))
        try Data([1]).write(to: URL(fileURLWithPath: fresh))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: stale)
        _ = try ArtCache(directory: dir.path).store(EmbeddedPicture(mimeType: "image/png", data: [9, 9]))
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: fresh))
    }

    @Test func byteBoundKeepsTheNewestEvenIfAloneTooBig() throws {
        let dir = try TemporaryDirectory()
        let cache = ArtCache(directory: dir.path, maxBytes: 1500, maxFiles: 100)
        let a = try cache.store(EmbeddedPicture(mimeType: "image/jpeg", data: Self.jpeg))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1000)], ofItemAtPath: a)
        let b = try cache.store(EmbeddedPicture(mimeType: "image/jpeg", data: [1] + Self.jpeg))
        #expect(!FileManager.default.fileExists(atPath: a))
        #expect(FileManager.default.fileExists(atPath: b))
        let big = try cache.store(EmbeddedPicture(mimeType: "image/gif", data: [UInt8](repeating: 1, count: 4000)))
        #expect(FileManager.default.fileExists(atPath: big))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).count == 1)
    }

    @Test func unwritableCacheThrowsWithThePath() throws {
        let dir = try TemporaryDirectory()
        try Data("file".utf8).write(to: URL(fileURLWithPath: dir.file("blocker")))
        let cache = ArtCache(directory: dir.file("blocker/art"))
        #expect(throws: ArtCacheError.self) { try cache.store(EmbeddedPicture(mimeType: "image/png", data: [1, 2, 3])) }
        do {
            _ = try cache.store(EmbeddedPicture(mimeType: "image/png", data: [1, 2, 3]))
        } catch {
            #expect("\(error)".contains("blocker"))
        }
    }

    /// A cache directory whose name is not UTF-8 (a Latin-1 home directory) is made and written by its real bytes,
    /// and the picture's path comes back in BytePath form.
    @Test func storesIntoADirectoryWhoseNameIsNotUTF8() throws {
        let dir = try TemporaryDirectory()
        let homeBytes = Array(dir.path.utf8) + Array("/Jos".utf8) + [0xE9]
        let cache = ArtCache(directory: BytePath.string(homeBytes) + "/.cache/linnet/art")
        let p = try cache.store(EmbeddedPicture(mimeType: "image/jpeg", data: Self.jpeg))
        let fileBytes = homeBytes + Array("/.cache/linnet/art/\(SHA256.hexDigest(Self.jpeg)).jpg".utf8)
        #expect(BytePath.bytes(p) == fileBytes)
        var st = stat()
        #expect(
            (fileBytes + [0]).withUnsafeBufferPointer { raw in
                raw.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &st) }
            } == 0)
        #expect(Int(st.st_size) == Self.jpeg.count)
        #expect(try cache.store(EmbeddedPicture(mimeType: "image/jpeg", data: Self.jpeg)) == p)  // a hit
    }

    @Test func extensionsDirectoriesAndURLs() {
        #expect(ArtCache.fileExtension(mimeType: "image/JPEG") == "jpg")
        #expect(ArtCache.fileExtension(mimeType: "image/png") == "png")
        #expect(ArtCache.fileExtension(mimeType: "text/plain") == "img")
        #expect(ArtCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/c", "HOME": "/h"]) == "/x/c/linnet/art")
        #expect(
            ArtCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"]) == "/h/.cache/linnet/art")
        #expect(ArtCache.defaultDirectory(environment: [:]) == nil)
        #expect(URL(string: FileURI.uri(fromPath: "/a b/Ünï#?.jpg"))?.path == "/a b/Ünï#?.jpg")
    }
}

@Suite struct FolderArtTests {
    @Test func preferenceOrder() {
        #expect(FolderArt.choose(among: ["folder.jpg", "Cover.PNG", "front.jpg"]) == "Cover.PNG")
        #expect(FolderArt.choose(among: ["cover.png", "cover.jpeg", "COVER.JPG"]) == "COVER.JPG")
        #expect(FolderArt.choose(among: ["AlbumArt.jpg", "Front.png"]) == "Front.png")
        #expect(FolderArt.choose(among: ["albumart.jpeg", "track.mp3", "scan.jpg"]) == "albumart.jpeg")
        #expect(FolderArt.choose(among: ["cover.jpg", "Cover.jpg"]) == "Cover.jpg")  // byte order: "C" < "c"
        #expect(FolderArt.choose(among: ["cover.gif", "covers.jpg", "cover", ".jpg"]) == nil)
    }

    @Test func findSkipsEmptyFilesAndDirectories() throws {
        let dir = try TemporaryDirectory()
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir.file("cover.jpg"), withIntermediateDirectories: true)
        _ = fm.createFile(atPath: dir.file("folder.jpg"), contents: Data())
        #expect(FolderArt.find(forTrack: dir.file("t.mp3")) == nil)
        _ = fm.createFile(atPath: dir.file("Front.PNG"), contents: Data([1]))
        #expect(FolderArt.find(forTrack: dir.file("t.mp3")) == dir.file("Front.PNG"))
    }

    /// A folder whose name is not UTF-8 (Latin-1 "Café" and a stray 0xFF) is opened by its real bytes, and the
    /// picture's path comes back in BytePath form, so its URI names the real file.
    @Test func findsArtInAFolderWhoseNameIsNotUTF8() throws {
        let dir = try TemporaryDirectory()
        let folderBytes = Array(dir.path.utf8) + Array("/Caf".utf8) + [0xE9, 0xFF]
        #expect(
            folderBytes.withUnsafeBufferPointer { raw in
                (Array(raw) + [0]).withUnsafeBufferPointer {
                    mkdir(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), 0o755)
                }
            } == 0)
        let folder = BytePath.string(folderBytes)
        let cover = folder + "/cover.jpg"
        let fd = BytePath.withCString(cover) { open($0, O_WRONLY | O_CREAT, 0o644) }
        #expect(fd >= 0)
        var byte: UInt8 = 1
        #expect(write(fd, &byte, 1) == 1)
        close(fd)
        let found = try #require(FolderArt.find(forTrack: folder + "/t.mp3"))
        #expect(found == cover)
        #expect(BytePath.bytes(found) == folderBytes + Array("/cover.jpg".utf8))
        #expect(FileURI.uri(fromPath: found).hasSuffix("/Caf%E9%FF/cover.jpg"))
    }
}
