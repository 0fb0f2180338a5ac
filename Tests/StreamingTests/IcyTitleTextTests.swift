@testable import Streaming
import Testing

/// ICY titles as text: UTF-8 when valid, else Windows-1252; binary noise dropped by the stated rule.
@Suite struct IcyTitleTextTests {
    @Test func windows1252MapsTheC1RangeAndDropsItsHoles() {
        #expect(Windows1252.decode([0x80, 0x82, 0x85, 0x93, 0x94, 0x96, 0x97, 0x99, 0x9F]) == "€‚…“”–—™Ÿ")
        #expect(Windows1252.decode([0x41, 0x81, 0x8D, 0x8F, 0x90, 0x9D, 0x42]) == "AB")
        #expect(Windows1252.decode([0xE9, 0xFF, 0xA0, 0x7F]) == "éÿ\u{A0}\u{7F}")
        #expect(Windows1252.decode((0...255).map { UInt8($0) }).unicodeScalars.count == 256 - 5)
    }

    @Test func validUTF8WinsOverWindows1252() {
        #expect(IcyTitleText.decode(Array("Motörhead – Ace".utf8)) == ("Motörhead – Ace", false))
        #expect(IcyTitleText.decode([0x43, 0x61, 0x66, 0xE9]) == ("Café", true))
        #expect(IcyTitleText.decode([0x93, 0x48, 0x69, 0x94]) == ("“Hi”", true))
    }

    @Test func realTitlesAreKept() {
        for title in [
            "Café - Crème", "Motörhead - Ace of Spades", "Sigur Rós - Hoppípolla", "1999", "Björk",
            "東京事変 - 群青日和", "Тату - Нас не догонят", "AC/DC - T.N.T.", "Ñu", "Artist\tTitle - Long Enough"
        ] {
            #expect(!IcyTitleText.isNoise(title, legacy: false), "\(title)")
        }
        for title in ["Café - Crème", "Caf\u{E9} “Bar” - 5 € Crème", "Ñu"] {
            #expect(!IcyTitleText.isNoise(title, legacy: true), "\(title)")
        }
        #expect(!IcyTitleText.isNoise("", legacy: true))  // empty clears the title; it is not noise
    }

    @Test func noiseIsDropped() {
        // No letter or digit.
        #expect(IcyTitleText.isNoise("...", legacy: false))
        #expect(IcyTitleText.isNoise(" - ", legacy: false))
        #expect(IcyTitleText.isNoise("\u{1}\u{2}\u{3}", legacy: false))
        // More than a quarter controls / U+FFFD / private use.
        #expect(IcyTitleText.isNoise("ab\u{1}\u{2}", legacy: false))
        #expect(IcyTitleText.isNoise("Song \u{FFFD}\u{FFFD}\u{FFFD}", legacy: false))
        #expect(IcyTitleText.isNoise("x\u{E000}\u{E001}", legacy: false))
        #expect(!IcyTitleText.isNoise("abc\u{1}", legacy: false))  // exactly a quarter stays
        // Read as Windows-1252 with more than half outside ASCII: the reported "ÿþÃ(.hÿþy".
        #expect(IcyTitleText.isNoise("ÿþÃ(.hÿþy", legacy: true))
        #expect(IcyTitleText.isNoise("ÿþÃ(\u{1}.h\u{13}ÿþy", legacy: true))
    }

    @Test func metadataBlocksDecodeAndDropNoise() {
        let cp1252: [UInt8] =
            Array("StreamTitle='".utf8) + [0x93] + Array("Bar".utf8) + [0x94, 0x20, 0x80, 0x81]
            + Array("';".utf8) + [0, 0]
        let m = IcyMetadata.parse(cp1252)
        #expect(m?.streamTitle == "“Bar” €")
        #expect(m?.wasWindows1252 == true)
        #expect(m?.droppedTitle == false)
        let noise: [UInt8] =
            Array("StreamTitle='".utf8) + [0xFF, 0xFE, 0xC3, 0x28, 0x01, 0x2E, 0x68, 0x13, 0xFF, 0xFE, 0x79]
            + Array("';StreamUrl='';".utf8)
        let n = IcyMetadata.parse(noise)
        #expect(n != nil)
        #expect(n?.streamTitle == nil)
        #expect(n?.droppedTitle == true)
        #expect(IcyMetadata.parse(Array("StreamTitle='Fine - Title';".utf8))?.streamTitle == "Fine - Title")
    }
}
