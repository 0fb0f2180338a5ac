import Testing
@testable import LinnetCLI

@Suite struct FormatTemplateTests {
    @Test func rendersEveryShortField() throws {
        let t = try FormatTemplate(
            parsing: "{{status}}|{{title}}|{{artist}}|{{album}}|{{position}}|{{length}}|"
                + "{{position_us}}|{{length_us}}|{{volume}}|{{loop}}|{{shuffle}}|{{trackid}}|{{url}}|{{player}}")
        #expect(
            t.render(Fixtures.playing) == "Playing|Linnet demo, track one|Linnet|Linnet Demo|0:03|0:12|"
                + "3400000|12000000|0.5|Playlist|false|/org/linnet/Track/1|file:///data/demo/01-intro.mp3|linnet")
    }

    @Test func everyListedFieldParses() throws {
        for field in FormatTemplate.fields {
            _ = try FormatTemplate(parsing: "{{\(field.name)}}")
        }
    }

    @Test func metadataKeysAndSpacesInsideBraces() throws {
        let t = try FormatTemplate(parsing: "{{ xesam:genre }} #{{xesam:trackNumber}} {{mpris:artUrl}}.")
        #expect(t.render(Fixtures.playing) == "Speech #1 .")
    }

    @Test func missingValuesPrintAsNothing() throws {
        let t = try FormatTemplate(parsing: "[{{artist}}][{{album}}][{{volume}}][{{status}}]")
        #expect(t.render(PlayerSnapshot(player: "x")) == "[][][][]")
    }

    @Test func titleFallsBackToTheFileName() throws {
        var s = Fixtures.playing
        s.metadata = Fixtures.untagged
        #expect(try FormatTemplate(parsing: "{{title}}").render(s) == "07 untagged")
    }

    @Test func literalTextAndLoneBracesAreKept() throws {
        let t = try FormatTemplate(parsing: "a } b {c} {{status}}}")
        #expect(t.parts == [.literal("a } b {c} "), .field("status"), .literal("}")])
        #expect(try FormatTemplate(parsing: "").parts.isEmpty)
    }

    @Test(arguments: ["{{title", "{{}}", "{{ }}", "{{nope}}", "{{xesam:}}", "{{:title}}", "x {{Status}}"])
    func malformedTemplatesAreUsageErrors(_ text: String) {
        #expect(throws: UsageError.self) { try FormatTemplate(parsing: text) }
    }
}

@Suite struct JSONValueTests {
    @Test func escapesStrings() {
        #expect(JSONValue.string("a\"b\\c\nd\te\u{01}\u{7F}é—").encoded == "\"a\\\"b\\\\c\\nd\\te\\u0001\\u007fé—\"")
    }

    @Test func numbers() {
        #expect(JSONValue.number(1).encoded == "1")
        #expect(JSONValue.number(0.5).encoded == "0.5")
        #expect(JSONValue.number(-0.25).encoded == "-0.25")
        #expect(JSONValue.number(.infinity).encoded == "null")
        #expect(JSONValue.integer(-12).encoded == "-12")
    }

    @Test func containersKeepOrder() {
        let v = JSONValue.object([("z", .null), ("a", .array([.bool(true), .bool(false)])), ("m", .object([]))])
        #expect(v.encoded == "{\"z\":null,\"a\":[true,false],\"m\":{}}")
    }

    @Test func statusJSONIsStable() {
        let text = StatusRendering.json(Fixtures.playing).encoded
        #expect(
            text == """
                {"player":"linnet","status":"Playing","title":"Linnet demo, track one","artist":["Linnet"],\
                "album":"Linnet Demo","position_us":3400000,"length_us":12000000,"volume":0.5,"loop":"Playlist",\
                "shuffle":false,"trackid":"/org/linnet/Track/1","url":"file:///data/demo/01-intro.mp3",\
                "album_artist":[],"track_number":1,"disc_number":null,"genre":["Speech"],"date":null,"composer":[],\
                "art_url":null,"metadata":\
                {"mpris:length":12000000,"mpris:trackid":"/org/linnet/Track/1","xesam:album":"Linnet Demo",\
                "xesam:artist":["Linnet"],"xesam:genre":["Speech"],"xesam:title":"Linnet demo, track one",\
                "xesam:trackNumber":1,"xesam:url":"file:///data/demo/01-intro.mp3"}}
                """)
    }

    @Test func emptyPlayerGivesNulls() {
        #expect(
            StatusRendering.json(PlayerSnapshot(player: "mpv")).encoded == """
                {"player":"mpv","status":null,"title":null,"artist":[],"album":null,"position_us":null,"length_us":null,\
                "volume":null,"loop":null,"shuffle":null,"trackid":null,"url":null,"album_artist":[],"track_number":null,\
                "disc_number":null,"genre":[],"date":null,"composer":[],"art_url":null,"metadata":{}}
                """)
    }
}
