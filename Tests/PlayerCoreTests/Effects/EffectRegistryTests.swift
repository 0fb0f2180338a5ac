import Testing
@testable import PlayerCore

@Suite struct EffectRegistryTests {
    @Test func idsAreUniqueAndOwnedByTheirClient() {
        var r = EffectRegistry()
        let a = r.add(owner: ":1.5") { "fx-\($0)" }
        let b = r.add(owner: ":1.6") { "fx-\($0)" }
        #expect(a.id == 1 && b.id == 2 && a.sampleName == "fx-1")
        #expect(r.ids == [1, 2] && r.owns(":1.5"))
        #expect(r.removeAll(ownedBy: ":1.5").map(\.id) == [1])
        #expect(r.ids == [2] && !r.owns(":1.5"))
        // Never reused.
        #expect(r.add(owner: ":1.5") { "fx-\($0)" }.id == 3)
    }

    @Test func aPlayFinishesWhenItsSinkInputGoes() {
        var r = EffectRegistry()
        let e = r.add(owner: ":1.1") { "fx-\($0)" }
        let p1 = r.beginPlay(e.id), p2 = r.beginPlay(e.id)
        #expect(p1 != p2 && r.activePlays == 2)
        #expect(r.started(p1, sinkInput: 40) == nil)
        #expect(r.sinkInputRemoved(99) == nil, "someone else's stream")
        #expect(r.sinkInputRemoved(40) == .init(effect: e.id, play: p1))
        #expect(r.sinkInputRemoved(40) == nil, "only once")
        // Refused by the server: finished at once.
        #expect(r.started(p2, sinkInput: nil) == .init(effect: e.id, play: p2))
        #expect(r.activePlays == 0)
    }

    @Test func removalBeforeTheStartAnswerStillFinishes() {
        var r = EffectRegistry()
        let e = r.add(owner: ":1.1") { "fx-\($0)" }
        let p = r.beginPlay(e.id)
        #expect(r.sinkInputRemoved(7) == nil)
        #expect(r.started(p, sinkInput: 7) == .init(effect: e.id, play: p))
    }

    @Test func serverLossEndsEveryPlay() {
        var r = EffectRegistry()
        let e = r.add(owner: ":1.1") { "fx-\($0)" }
        let p1 = r.beginPlay(e.id), p2 = r.beginPlay(e.id)
        _ = r.started(p1, sinkInput: 3)
        #expect(r.serverLost().map(\.play) == [p1, p2])
        #expect(r.activePlays == 0)
    }
}
