import Testing
@testable import PlayerCore

/// Which tracks of an album folder are one album, and whose it is (`AlbumGrouping`, `AlbumFolder`).
@Suite struct AlbumGroupingTests {
    static func track(_ album: String, _ artists: [String], albumArtist: String? = nil, year: Int? = nil) -> AlbumTrack
    {
        AlbumTrack(
            album: album, albumArtist: albumArtist, albumArtistSortKey: albumArtist.map { SortName.key(for: $0) } ?? "",
            artists: artists, artistSortKey: SortName.key(for: artists.first ?? ""), year: year)
    }

    static func albums(_ tracks: [AlbumTrack], folder: String = "/m/Birch/Dune") -> [AlbumIdentity?] {
        AlbumGrouping.albums(folderKey: folder, tracks: tracks)
    }

    @Test func aGuestOnOneTrackSplitsNothing() throws {
        let tracks = [
            Self.track("Dune", ["The Birch River"], year: 1999), Self.track("dune", ["Birch Cedar", "The Birch River"]),
            Self.track("DUNE", ["The Birch River"]), Self.track("Dune", ["The Birch River/Birch Cedar"])
        ]
        let albums = Self.albums(tracks)
        #expect(Set(albums.map { $0?.key }).count == 1)
        let album = try #require(albums[0])
        #expect(album.artist == "The Birch River" && album.name == "Dune" && album.year == 1999)
        #expect(album.sort == "birch river, the\u{1F}dune")
        #expect(album.key == "/m/Birch/Dune\u{1F}dune\u{1F}the birch river")
    }

    @Test func theSameTitleInAnotherFolderIsAnotherAlbum() {
        let tracks = [Self.track("Greatest Hits", ["Cedar"])]
        #expect(Self.albums(tracks, folder: "/m/a")[0]?.key != Self.albums(tracks, folder: "/m/b")[0]?.key)
    }

    @Test func explicitDifferentAlbumArtistsStayTwo() {
        let tracks = [
            Self.track("Live", ["A"], albumArtist: "Band One"), Self.track("Live", ["B"], albumArtist: "band one"),
            Self.track("Live", ["C"], albumArtist: "Band Two"),
            Self.track("Live", ["Band Two", "D"]),  // untagged: joins the album of its artist
            Self.track("Live", ["E"])
        ]  // untagged, no match: the untagged tracks' own album
        let albums = Self.albums(tracks)
        #expect(albums[0]?.key == albums[1]?.key && albums[0]?.artist == "Band One")
        #expect(albums[2]?.key == albums[3]?.key && albums[2]?.artist == "Band Two")
        #expect(albums[4]?.artist == "E" && albums[4]?.key != albums[0]?.key && albums[4]?.key != albums[2]?.key)
        // One tagged album artist takes every untagged track of the title.
        let one = Self.albums([Self.track("X", ["A"], albumArtist: "Label"), Self.track("X", ["B"])])
        #expect(one[0]?.key == one[1]?.key && one[1]?.artist == "Label")
    }

    @Test func withoutAMajorityItIsACompilation() {
        let albums = Self.albums(["A", "B", "C", "D"].map { Self.track("Summer 99", [$0]) })
        #expect(Set(albums.map { $0?.key }).count == 1)
        #expect(albums[0]?.artist == "Various Artists" && albums[0]?.sort == "various artists\u{1F}summer 99")
        // Half is no majority; more than half is.
        #expect(Self.albums([Self.track("T", ["A"]), Self.track("T", ["B"])])[0]?.artist == "Various Artists")
        #expect(
            Self.albums([Self.track("T", ["A"]), Self.track("T", ["B", "A"]), Self.track("T", ["C"])])[0]?.artist == "A"
        )
        // Every track shared by two: the one leading more tracks wins.
        #expect(
            Self.albums([Self.track("T", ["G", "M"]), Self.track("T", ["M", "G"]), Self.track("T", ["M", "G"])])[0]?
                .artist == "M")
        #expect(Self.albums([Self.track("T", [])])[0]?.artist == "")
    }

    @Test func titlesAndUntitledTracks() {
        let albums = Self.albums([Self.track("One", ["A"]), Self.track("Two", ["A"]), Self.track("", ["A"])])
        #expect(albums[0]?.key != albums[1]?.key)
        #expect(albums[2] == nil)
    }

    @Test func discFoldersBelongToTheirParent() {
        func folder(_ s: String) -> String {
            String(decoding: AlbumFolder.folder(ofDirectory: Array(s.utf8)), as: UTF8.self)
        }
        for disc in ["CD1", "cd 2", "Disc 1", "disk_2", "DISC-3", "Disc 2 - Live", "CD2: Remixes", "cd.10"] {
            #expect(folder("/m/Big Album/\(disc)") == "/m/Big Album", "\(disc)")
        }
        #expect(folder("/m/Big Album/CD1/") == "/m/Big Album")
        for other in ["CD", "CDs", "Discography", "Disco 2", "cd1x", "Bonus", "Disc One"] {
            #expect(folder("/m/Big Album/\(other)") == "/m/Big Album/\(other)", "\(other)")
        }
        #expect(folder("/CD1") == "/")
        #expect(folder("CD1") == "CD1")
    }
}
