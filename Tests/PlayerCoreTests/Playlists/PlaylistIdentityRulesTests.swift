import Testing
@testable import PlayerCore

/// The pure rules of playlist identity: one naming rule for create and rename, and how a reference (id, path,
/// name) finds one playlist.
@Suite struct PlaylistIdentityRulesTests {
    static let roadTrip = PlaylistInfo(id: "4", name: "Road Trip", source: .user)
    static let mixUser = PlaylistInfo(id: "5", name: "MIX", source: .user)
    static let mixM3U = PlaylistInfo(id: "7", name: "mix", source: .file, path: "/m/mix.m3u8")
    static let mixPLS = PlaylistInfo(id: "8", name: "mix", source: .file, path: "/m/mix.pls")
    static let solo = PlaylistInfo(id: "9", name: "Solo", source: .file, path: "/m/solo.xspf")
    static let recent = PlaylistInfo(
        id: PlaylistInfo.recentlyAddedID, name: PlaylistInfo.recentlyAddedName, source: .recentlyAdded)
    static let most = PlaylistInfo(
        id: PlaylistInfo.mostPlayedID, name: PlaylistInfo.mostPlayedName, source: .mostPlayed)
    static let all = [recent, most, roadTrip, mixUser, mixM3U, mixPLS, solo]

    func refusal(_ name: String, renaming: String? = nil) -> PlaylistNameError? {
        if case .failure(let e) = PlaylistNaming.check(name, among: Self.all, renaming: renaming) { return e }
        return nil
    }

    @Test func namesAreUniqueAfterFoldingAndTheAutomaticOnesAreReserved() {
        #expect(PlaylistNaming.check("  Night Drive ", among: Self.all) == .success("Night Drive"))
        #expect(refusal("mix") == .taken(requested: "mix", existing: "MIX"))
        #expect(refusal("Mïx") == .taken(requested: "Mïx", existing: "MIX"))
        #expect(refusal("ROAD  TRIP") == .taken(requested: "ROAD  TRIP", existing: "Road Trip"))
        for reserved in ["Most Played", "most played", "RECENTLY ADDED", "Récently Added", "recent", "mostplayed"] {
            #expect(refusal(reserved) == .reserved(reserved.trimmingWhitespace), "\(reserved)")
        }
        #expect(refusal("12") == .looksLikeID("12"))
        #expect(PlaylistNaming.check("1989 hits", among: Self.all) == .success("1989 hits"))
        #expect(refusal("   ") == .empty)
        #expect(refusal("a\nb") == .notOneLine("a\nb"))
        // Only user playlists take names: a file playlist's name is free for the user's own.
        #expect(PlaylistNaming.check("solo", among: Self.all) == .success("solo"))
    }

    @Test func renameFollowsTheSameRuleButMayRespellItself() {
        #expect(PlaylistNaming.check("road trip", among: Self.all, renaming: "4") == .success("road trip"))
        #expect(refusal("mix", renaming: "4") == .taken(requested: "mix", existing: "MIX"))
        #expect(refusal("Most Played", renaming: "4") == .reserved("Most Played"))
        // Create and rename say the same thing for the same name.
        #expect(refusal("Recently Added")?.description == refusal("Recently Added", renaming: "4")?.description)
        #expect(refusal("mix")?.description.contains("'MIX' exists already") == true)
    }

    func found(_ text: String) -> String? {
        if case .success(let p) = PlaylistLookup.find(.text(text), in: Self.all) { return p.id }
        return nil
    }

    @Test func referencesFindOnePlaylistOrSayWhyNot() {
        #expect(found("4") == "4")
        #expect(found("road trip") == "4")
        #expect(found("mix") == "5")  // the user's own before files of the same name
        #expect(found("/m/mix.pls") == "8")
        #expect(found("8") == "8")
        #expect(found("SOLO") == "9")
        #expect(found("recent") == PlaylistInfo.recentlyAddedID)
        #expect(found("most played") == PlaylistInfo.mostPlayedID)
        #expect(found("nothing") == nil)
        #expect(PlaylistLookup.find(.id("road trip"), in: Self.all) == .failure(.notFound(.id("road trip"))))
        #expect(PlaylistLookup.find(.id("7"), in: Self.all).map(\.path) == .success("/m/mix.m3u8"))
        // Two files of one name and no user playlist of it: ambiguous, naming both by id and path.
        let files = Self.all.filter { $0.id != "5" }
        guard case .failure(let e) = PlaylistLookup.find(.text("MIX"), in: files) else {
            Issue.record("two files of one name were not ambiguous"); return
        }
        #expect(e == .ambiguous("MIX", [Self.mixM3U, Self.mixPLS]))
        #expect(e.description == "'MIX' names 2 playlists: 7 (/m/mix.m3u8), 8 (/m/mix.pls); give the id or the path")
        #expect(PlaylistLookupError.notFound(.text("x")).description == "no playlist 'x'")
    }

    @Test func countsSaySongsAndStreamsApart() {
        #expect(PlaylistInfo.countsText(songs: 12, streams: 2) == "12 songs, 2 streams")
        #expect(PlaylistInfo.countsText(songs: 1, streams: 0) == "1 song")
        #expect(PlaylistInfo.countsText(songs: 0, streams: 1) == "1 stream")
        #expect(PlaylistInfo.countsText(songs: 0, streams: 0) == "0 songs")
        #expect(PlaylistInfo.countsText(songs: 1, streams: 1) == "1 song, 1 stream")
    }
}
