/// The ISO 8601 reader behind `MPDTimestamp.parse` (the subset MPD's strptime-based parser takes).
struct MPDTimestampScanner {
    private let bytes: [UInt8]
    private var at = 0

    /// A scanner over `bytes`.
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Seconds since the epoch for the whole text.
    mutating func iso8601() throws(MPDTimestampError) -> Int64 {
        guard let year = number(digits: 4...4) else { throw .date }
        let month: Int, day: Int
        if take(UInt8(ascii: "-")) {
            guard let m = number(digits: 1...2), (1...12).contains(m) else { throw .date }
            month = m
            if at == bytes.count { return Self.seconds(year, month, 1, 0, 0, 0) }
            guard take(UInt8(ascii: "-")), let d = number(digits: 1...2), (1...31).contains(d) else { throw .date }
            day = d
        } else {
            guard let m = number(digits: 2...2), (1...12).contains(m), let d = number(digits: 2...2),
                (1...31).contains(d)
            else { throw .date }
            (month, day) = (m, d)
        }
        var (hour, minute, second) = (0, 0, 0)
        if take(UInt8(ascii: "T")) { (hour, minute, second) = try timeOfDay() }
        var seconds = Self.seconds(year, month, day, hour, minute, second)
        if !take(UInt8(ascii: "Z")), at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-")
        {
            let east = bytes[at] == UInt8(ascii: "+")
            at += 1
            let offset = try zoneOffset()
            seconds += east ? -offset : offset
        }
        guard at == bytes.count else { throw .garbageAtEnd }
        return seconds
    }

    /// `HH[:MM[:SS]]` or `HH[MM[SS]]`.
    private mutating func timeOfDay() throws(MPDTimestampError) -> (Int, Int, Int) {
        guard let hour = number(digits: 2...2), hour < 24 else { throw .timeOfDay }
        let separated = take(UInt8(ascii: ":"))
        guard let minute = number(digits: 2...2) else {
            if separated { throw .timeOfDay }
            return (hour, 0, 0)
        }
        guard minute < 60 else { throw .timeOfDay }
        if separated && !take(UInt8(ascii: ":")) { return (hour, minute, 0) }
        guard let second = number(digits: 2...2) else {
            if separated { throw .timeOfDay }
            return (hour, minute, 0)
        }
        guard second <= 60 else { throw .timeOfDay }
        return (hour, minute, second)
    }

    /// `HH`, `HHMM` or `HH:MM` after the sign, in seconds.
    private mutating func zoneOffset() throws(MPDTimestampError) -> Int64 {
        guard let hours = number(digits: 2...2), hours < 24 else { throw .timeZone }
        _ = take(UInt8(ascii: ":"))
        let minutes = number(digits: 2...2) ?? 0
        guard minutes < 60 else { throw .timeZone }
        return Int64(hours * 3600 + minutes * 60)
    }

    /// A decimal number of `digits` digits (as many as there are, up to the upper bound), or nil.
    private mutating func number(digits: ClosedRange<Int>) -> Int? {
        var value = 0, count = 0
        while count < digits.upperBound, at < bytes.count, isASCIIDigit(bytes[at]) {
            value = value * 10 + Int(bytes[at] - UInt8(ascii: "0"))
            at += 1
            count += 1
        }
        guard digits.contains(count) else {
            at -= count
            return nil
        }
        return value
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard at < bytes.count, bytes[at] == byte else { return false }
        at += 1
        return true
    }

    /// Seconds since the epoch of a UTC civil time (days from H. Hinnant's civil-calendar algorithm).
    static func seconds(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = Int64(era * 146097 + dayOfEra - 719468)
        return days * 86400 + Int64(hour * 3600 + minute * 60 + second)
    }
}
