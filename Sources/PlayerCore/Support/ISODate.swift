/// ISO 8601 UTC times from epoch seconds (`2024-05-01T12:00:00Z`), without Foundation: what MPRIS's
/// `xesam:lastUsed` and MPD's `Last-Modified` both print.
public enum ISODate {
    /// `seconds` since the epoch as `YYYY-MM-DDTHH:MM:SSZ` (proleptic Gregorian; before 1970 too; any Int64).
    public static func string(fromEpochSeconds seconds: Int64) -> String {
        // quotientAndRemainder cannot overflow where `t - 86399` would (Int64.min from a database or a client).
        let (days, rest) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let (d, s) = rest < 0 ? (days - 1, rest + 86_400) : (days, rest)
        // Days to a civil date (Howard Hinnant's algorithm).
        let z = d + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60))Z"
    }
}
