import Testing
@testable import DBus

/// Timeouts at the extremes convert to libdbus milliseconds without trapping (issue 9).
@Suite struct TimeoutConversionTests {
    @Test func extremeDurationsPin() {
        #expect(Duration.seconds(Int64.max).milliseconds == .max)
        #expect(Duration.seconds(Int64.min).milliseconds == .min)
        // S * 1000 fits, the sum not
        #expect((Duration.seconds(9_223_372_036_854_775) + .milliseconds(999)).milliseconds == .max)
        #expect(Duration.seconds(Int64.max).libdbusMilliseconds == Int32.max)
        #expect(Duration.seconds(Int64.min).libdbusMilliseconds == 0)
        #expect(Duration.nanoseconds(1).milliseconds == 1)
        #expect(Duration.milliseconds(1500).libdbusMilliseconds == 1500)
    }
}
