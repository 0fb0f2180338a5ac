import MPDProtocol
import Testing

@Suite struct ArgumentTests {
    @Test func unsignedIntegers() throws {
        #expect(try MPDArguments.unsigned("0") == 0)
        #expect(try MPDArguments.unsigned("+42") == 42)
        #expect(try MPDArguments.unsigned("4294967295") == .max)
        #expect(try MPDArguments.unsigned("007") == 7)
        #expect(throws: MPDArgumentError.numberTooLarge("4294967296")) { try MPDArguments.unsigned("4294967296") }
        #expect(throws: MPDArgumentError.numberTooLarge("101")) { try MPDArguments.unsigned("101", max: 100) }
        #expect(throws: MPDArgumentError.numberTooLarge("-5")) { try MPDArguments.unsigned("-5") }
        #expect(try MPDArguments.unsigned("-0") == 0)
        for bad in ["", "x", "1x", " 1", "0x10", "+", "1.0"] {
            #expect(throws: MPDArgumentError.integerExpected(bad)) { try MPDArguments.unsigned(bad) }
        }
        let huge = String(repeating: "9", count: 400)
        #expect(throws: MPDArgumentError.numberTooLarge(huge)) { try MPDArguments.unsigned(huge) }
        #expect(MPDArgumentError.integerExpected("x").message == "Integer expected: x")
    }

    @Test func signedIntegers() throws {
        #expect(try MPDArguments.int("-2147483648") == .min)
        #expect(try MPDArguments.int("2147483647") == .max)
        #expect(try MPDArguments.int("-7", in: -10...10) == -7)
        #expect(throws: MPDArgumentError.numberTooLarge("2147483648")) { try MPDArguments.int("2147483648") }
        #expect(throws: MPDArgumentError.numberTooLarge("11")) { try MPDArguments.int("11", in: -10...10) }
        #expect(throws: MPDArgumentError.numberTooLarge("-9223372036854775809")) {
            try MPDArguments.int("-9223372036854775809")
        }
        #expect(throws: MPDArgumentError.integerExpected("--1")) { try MPDArguments.int("--1") }
    }

    @Test func booleans() throws {
        #expect(try MPDArguments.bool("0") == false)
        #expect(try MPDArguments.bool("1") == true)
        for bad in ["2", "-1", "true", "", "01x"] {
            #expect(throws: MPDArgumentError.booleanExpected(bad)) { try MPDArguments.bool(bad) }
        }
        #expect(MPDArgumentError.booleanExpected("2").message == "Boolean (0/1) expected: 2")
    }

    @Test func rangesWithMPDsSemantics() throws {
        #expect(try MPDRange.parse("5") == MPDRange(start: 5, end: 6))
        #expect(try MPDRange.parse("3:7") == MPDRange(start: 3, end: 7))
        #expect(try MPDRange.parse("3:") == MPDRange(start: 3, end: nil))
        #expect(try MPDRange.parse("4:4") == MPDRange(start: 4, end: 4))
        #expect(try MPDRange.parse("-1") == .all)
        #expect(try MPDRange.parse("2147483647") == MPDRange(start: 2_147_483_647, end: 2_147_483_648))
    }

    @Test func badRanges() {
        let cases: [(String, MPDArgumentError)] = [
            ("", .rangeExpected("")), ("x", .rangeExpected("x")), ("1:x", .rangeExpected("1:x")),
            (":5", .rangeExpected(":5")), ("1:2:3", .rangeExpected("1:2:3")), ("-2", .numberNegative("-2")),
            ("-1:", .numberNegative("-1:")), ("1:-3", .numberNegative("1:-3")), ("7:3", .malformedRange("7:3")),
            ("2147483648", .numberTooLarge("2147483648")), ("0:2147483648", .numberTooLarge("0:2147483648")),
            ("99999999999999999999", .numberTooLarge("99999999999999999999"))
        ]
        for (text, error) in cases {
            #expect(throws: error) { try MPDRange.parse(text) }
        }
        #expect(MPDArgumentError.rangeExpected("x").message == "Integer or range expected: x")
    }

    @Test func rangeHelpers() {
        let range = MPDRange(start: 2, end: 5)
        #expect(range.contains(2) && range.contains(4) && !range.contains(5) && !range.contains(1))
        #expect(range.clamped(toCount: 3) == 2..<3)
        #expect(range.clamped(toCount: 1) == 1..<1)
        #expect(MPDRange(start: 3, end: nil).clamped(toCount: 10) == 3..<10)
        #expect(MPDRange.all.contains(Int(Int32.max)))
        #expect(MPDRange(start: 2_147_483_647, end: nil).clamped(toCount: 0) == 0..<0)
    }

    @Test func floatsAndSeconds() throws {
        #expect(try MPDArguments.float("1.5") == 1.5)
        #expect(try MPDArguments.float("-.25") == -0.25)
        #expect(try MPDArguments.float("3.") == 3)
        #expect(try MPDArguments.float("1e3") == 1000)
        #expect(try MPDArguments.seconds("90") == 90)
        for bad in ["", ".", "nan", "inf", "0x1p3", "1e", "1e400", "1.2.3", " 1"] {
            #expect(throws: MPDArgumentError.floatExpected(bad)) { try MPDArguments.float(bad) }
        }
        #expect(throws: MPDArgumentError.negativeNotAllowed("-1")) { try MPDArguments.seconds("-1") }
    }

    @Test func seekcurTargets() throws {
        #expect(try MPDSeekTarget.parse("30") == .absolute(30))
        #expect(try MPDSeekTarget.parse("+5.5") == .relative(5.5))
        #expect(try MPDSeekTarget.parse("-10") == .relative(-10))
        #expect(throws: MPDArgumentError.floatExpected("+")) { try MPDSeekTarget.parse("+") }
    }

    @Test func singleModes() throws {
        #expect(try MPDSingleMode.parse("0") == .off)
        #expect(try MPDSingleMode.parse("1") == .on)
        #expect(try MPDSingleMode.parse("oneshot") == .oneshot)
        #expect(throws: MPDArgumentError.singleModeExpected("2")) { try MPDSingleMode.parse("2") }
        #expect(
            MPDArgumentError.singleModeExpected("x").message == "Unrecognized single mode, expected 0, 1, or oneshot")
    }

    @Test func saveModes() throws {
        #expect(try MPDPlaylistSaveMode.parse("create") == .create)
        #expect(try MPDPlaylistSaveMode.parse("append") == .append)
        #expect(try MPDPlaylistSaveMode.parse("replace") == .replace)
        // Exact, as MPD compares them.
        #expect(throws: MPDArgumentError.saveModeExpected("Append")) { try MPDPlaylistSaveMode.parse("Append") }
        #expect(throws: MPDArgumentError.saveModeExpected("")) { try MPDPlaylistSaveMode.parse("") }
        #expect(
            MPDArgumentError.saveModeExpected("x").message
                == "Unrecognized save mode, expected one of 'create', 'append', 'replace'")
        #expect(MPDArgumentError.saveModeExpected("x").ackCode == .argument)
    }

    @Test func insertPositions() throws {
        #expect(try MPDInsertPosition.parse("4") == .absolute(4))
        #expect(try MPDInsertPosition.parse("+0") == .afterCurrent(0))
        #expect(try MPDInsertPosition.parse("-2") == .beforeCurrent(2))
        #expect(throws: MPDArgumentError.integerExpected("+-1")) { try MPDInsertPosition.parse("+-1") }
        #expect(throws: MPDArgumentError.integerExpected("")) { try MPDInsertPosition.parse("") }
    }

    @Test func idleSubsystems() throws {
        #expect(try MPDIdleSubsystem.parseIdleArguments([String]()) == Set(MPDIdleSubsystem.allCases))
        #expect(try MPDIdleSubsystem.parseIdleArguments(["player", "MIXER"]) == [.player, .mixer])
        #expect(throws: MPDArgumentError.unknownIdleSubsystem("bogus")) {
            try MPDIdleSubsystem.parseIdleArguments(["player", "bogus"])
        }
        #expect(MPDArgumentError.unknownIdleSubsystem("x").message == "Unrecognized idle event: x")
        #expect(
            MPDIdleSubsystem.changedLines([.player, .database, .mount])
                == "changed: database\nchanged: player\nchanged: mount\n")
        #expect(MPDIdleSubsystem.allCases.count == 14)
    }

    @Test func tagNamesIgnoreCase() {
        #expect(MPDTag(name: "artist") == .artist)
        #expect(MPDTag(name: "ALBUMARTISTSORT") == .albumArtistSort)
        #expect(MPDTag(name: "musicbrainz_trackid") == .musicBrainzTrackID)
        #expect(MPDTag(name: "any") == nil)
        #expect(MPDTag(name: "file") == nil)
        #expect(MPDTag.originalDate.name == "OriginalDate")
    }
}
