import SnapcastBridge
import Testing

@Suite struct CoverArtTests {
    @Test func whereArtComesFrom() {
        #expect(CoverArtSource.of(artURL: "https://a.example/c.jpg") == .remote(url: "https://a.example/c.jpg"))
        #expect(CoverArtSource.of(artURL: "HTTP://a.example/c.jpg") == .remote(url: "HTTP://a.example/c.jpg"))
        #expect(
            CoverArtSource.of(artURL: "file:///home/u/.cache/linnet/art/ab%20c.jpg")
                == .file(path: "/home/u/.cache/linnet/art/ab c.jpg"))
        #expect(CoverArtSource.of(artURL: "file://elsewhere/c.jpg") == CoverArtSource.none)
        #expect(CoverArtSource.of(artURL: "file:///bad%zz") == CoverArtSource.none)
        #expect(CoverArtSource.of(artURL: nil) == CoverArtSource.none)
        #expect(CoverArtSource.of(artURL: "") == CoverArtSource.none)
        #expect(CoverArtSource.of(artURL: "ftp://x/c.jpg") == CoverArtSource.none)
        #expect(
            CoverArtSource.of(artURL: "data:image/png;base64,iVBORw0KGgo=")
                == .inline(ArtData(base64: "iVBORw0KGgo=", kind: .png)))
        #expect(CoverArtSource.of(artURL: "data:text/plain;base64,aGk=") == CoverArtSource.none)
        #expect(CoverArtSource.of(artURL: "data:image/png,rawbytes") == CoverArtSource.none)
        #expect(CoverArtSource.of(artURL: "data:image/png;base64,not base64!") == CoverArtSource.none)
        #expect(CoverArtSource.of(artURL: "data:") == CoverArtSource.none)
    }

    @Test func imageKindsFromTheirBytesThenTheirName() {
        #expect(ImageKind.of([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
        #expect(ImageKind.of([0xFF, 0xD8, 0xFF, 0xE0], name: "x.png") == .jpg)
        #expect(ImageKind.of(Array("GIF89a".utf8)) == .gif)
        #expect(ImageKind.of(Array("RIFF\0\0\0\0WEBPVP8 ".utf8)) == .webp)
        #expect(ImageKind.of(Array("<?xml version=\"1.0\"?><svg xmlns=…".utf8)) == .svg)
        #expect(ImageKind.of([1, 2, 3], name: "/a/cover.JPEG") == .jpg)
        #expect(ImageKind.of([1, 2, 3], name: "/a/cover.txt") == nil)
        #expect(ImageKind.of([1, 2, 3]) == nil)
    }

    @Test func filesBecomeBase64DataWithinTheBound() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        #expect(ArtData.fromFile(png, name: "c") == ArtData(base64: "iVBORw0KGgo=", kind: .png))
        #expect(ArtData.fromFile([], name: "c.png") == nil)
        #expect(ArtData.fromFile(png + [UInt8](repeating: 0, count: CoverArtSource.maximumBytes), name: "c") == nil)
        #expect(ArtData.fromFile([1, 2, 3], name: "notes.txt") == nil)
    }

    @Test(arguments: [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy")
    ])
    func base64AsRFC4648(_ plain: String, _ encoded: String) {
        #expect(Base64Encoding.encode(Array(plain.utf8)) == encoded)
    }

    @Test func base64OfEveryByte() {
        let all = (0...255).map { UInt8($0) }
        let text = Base64Encoding.encode(all)
        #expect(text.count == 344)
        #expect(text.hasPrefix("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEy"))
        #expect(text.hasSuffix("+/w=="))
    }
}
