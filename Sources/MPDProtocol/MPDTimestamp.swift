/// A point in time from a filter (`modified-since`, `added-since`): seconds since 1970-01-01 UTC.
public struct MPDTimestamp: Sendable, Equatable, Hashable {
    /// Seconds since the UNIX epoch, UTC.
    public var secondsSince1970: Int64

    /// The time `secondsSince1970` seconds after the epoch.
    public init(secondsSince1970: Int64) {
        self.secondsSince1970 = secondsSince1970
    }

    /// Parses as MPD's ParseTimeStamp: ISO 8601 first (`2024-05`, `2024-05-01`, `20240501`, with `THH[:MM[:SS]]`
    /// or `THH[MM[SS]]`, then `Z`, `±HH`, `±HHMM` or `±HH:MM`), else an integral UNIX time.
    /// Times without a zone are UTC (MPD's timegm); `2024-05` is the month's first second.
    public static func parse(_ text: String) throws(MPDTimestampError) -> MPDTimestamp {
        var scanner = MPDTimestampScanner(Array(text.utf8))
        do {
            return MPDTimestamp(secondsSince1970: try scanner.iso8601())
        } catch {
            if !text.isEmpty, text.utf8.allSatisfy(isASCIIDigit), text.utf8.count <= 18, let seconds = Int64(text) {
                return MPDTimestamp(secondsSince1970: seconds)
            }
            throw error
        }
    }
}

/// Why a time stamp does not parse (MPD's messages).
public enum MPDTimestampError: Error, Sendable, Equatable {
    /// No date at the start.
    case date
    /// A `T` not followed by a time of day.
    case timeOfDay
    /// A bad zone offset.
    case timeZone
    /// Text after the time stamp.
    case garbageAtEnd

    /// MPD's message.
    public var message: String {
        switch self {
        case .date: "Failed to parse date"
        case .timeOfDay: "Failed to parse time of day"
        case .timeZone: "Failed to parse time zone"
        case .garbageAtEnd: "Garbage at end of time stamp"
        }
    }
}
