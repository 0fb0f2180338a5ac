/// How a filter compares a tag or URI with a value: the operator, its negation, case, and the value.
public struct MPDStringMatch: Sendable, Equatable, Hashable {
    /// The comparison.
    public enum Operator: Sendable, Equatable, Hashable {
        /// The whole value (`==`, `eq_cs`, `eq_ci`, and old-style `find TAG VALUE`).
        case equals
        /// A substring (`contains`, and old-style `search TAG VALUE`).
        case contains
        /// A prefix (`starts_with`).
        case startsWith
        /// A Perl-compatible regular expression (`=~`). Stored, not compiled: compiling and matching (and
        /// bounding the regex engine's work) is the command handler's job.
        case regex
    }

    /// Whether letter case counts.
    public enum CaseSensitivity: Sendable, Equatable, Hashable {
        /// As the command decides: `find`-style commands compare case, `search`-style ones fold it.
        case commandDefault
        /// Case counts (`_cs` operators).
        case sensitive
        /// Case is folded (`_ci` operators).
        case insensitive
    }

    /// The comparison.
    public var op: Operator
    /// Whether the match is inverted (`!=`, `!~`, `!contains`, …): with several tag values, none may match.
    public var negated: Bool
    /// Whether case counts.
    public var caseSensitivity: CaseSensitivity
    /// The value compared with; empty with `.equals` means "the tag is absent".
    public var value: String

    /// A match with the given parts.
    public init(
        _ op: Operator, _ value: String, negated: Bool = false, caseSensitivity: CaseSensitivity = .commandDefault
    ) {
        self.op = op
        self.value = value
        self.negated = negated
        self.caseSensitivity = caseSensitivity
    }
}
