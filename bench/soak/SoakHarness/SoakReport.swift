import Foundation

/// The result of a soak, and its markdown table.
public struct SoakReport: Sendable {
    public var seed: UInt64
    public var chaosSeconds: Double
    public var totalSeconds: Double
    public var stats: SoakStats.Snapshot
    public var rssStart: Int?
    public var rssEnd: Int?
    /// The end of linnetd's log (shown when something failed).
    public var linnetdLog: String
    /// linnetd's thread stacks when it first did not answer, if that happened.
    public var stacks: String?

    /// True with no crash and no violation.
    public var passed: Bool { stats.crashes.isEmpty && stats.violationCount == 0 && !interrupted }

    /// True when someone outside the harness stopped linnetd: the run is void (neither passed nor a finding).
    public var interrupted: Bool { !stats.interruptions.isEmpty }

    /// The markdown report: calls, faults, checks, violations, latency, RSS, then the first violation details.
    public var markdown: String {
        var out: [String] = []
        func table(_ title: String, _ counts: [String: Int]) {
            out.append("| \(title) | count |")
            out.append("|---|---:|")
            for (k, v) in counts.sorted(by: { $0.key < $1.key }) { out.append("| \(k) | \(v) |") }
            if counts.isEmpty { out.append("| (none) | 0 |") }
            out.append("")
        }
        let s = stats
        out.append("### Soak: seed \(seed), \(fmt(chaosSeconds)) s of chaos (\(fmt(totalSeconds)) s in all)")
        out.append("")
        out.append("| figure | value |")
        out.append("|---|---:|")
        out.append("| seed | \(seed) |")
        out.append("| chaos duration | \(fmt(chaosSeconds)) s |")
        out.append("| calls made | \(s.calls.values.reduce(0, +)) |")
        out.append("| error replies (D-Bus errors, counted as replies) | \(s.errorReplies.values.reduce(0, +)) |")
        out.append("| faults injected | \(s.faults.values.reduce(0, +)) |")
        out.append("| invariant checks judged | \(s.checks.values.reduce(0, +)) |")
        out.append("| **invariant violations** | **\(s.violationCount)** |")
        out.append("| **crashes** | **\(s.crashes.count)** |")
        out.append(
            "| reply latency p50 / p99 / max | \(ms(s.latencyMilliseconds(0.5))) / \(ms(s.latencyMilliseconds(0.99))) / \(ms(s.latencyMilliseconds(1))) ms |"
        )
        out.append("| linnetd RSS at start / end | \(kb(rssStart)) / \(kb(rssEnd)) |")
        let late = s.rss.filter { $0.time >= 60 }.map(\.kilobytes)
        if late.count >= 6 {
            let third = late.count / 3
            out.append(
                "| RSS median, first / last third after 1 min | \(kb(InvariantRules.median(Array(late.prefix(third))))) / "
                    + "\(kb(InvariantRules.median(Array(late.suffix(third))))) |")
        }
        out.append("")
        table("calls per kind", s.calls)
        table("error replies per name", s.errorReplies)
        table("faults per kind", s.faults)
        table("checks judged per invariant", s.checks)
        table("violations per kind", s.violations)
        if interrupted {
            out.append("**Void run:** " + s.interruptions.joined(separator: "\n"))
            out.append("")
        }
        if !s.crashes.isEmpty {
            out.append("Crashes:")
            for c in s.crashes { out.append("- " + c) }
            out.append("")
        }
        if !s.details.isEmpty {
            out.append("First violations:")
            var shown: [String: Int] = [:]
            for d in s.details where shown[d.kind, default: 0] < 5 {
                shown[d.kind, default: 0] += 1
                out.append("- \(fmt(d.time)) s \(d.kind): \(d.text)")
            }
            out.append("")
        }
        if !passed {
            out.append("Replay: `bench/run soak \(Int(chaosSeconds)) --seed \(seed)`. End of linnetd's log:")
            out.append("```")
            out.append(linnetdLog)
            out.append("```")
        }
        if let stacks {
            out.append("linnetd's threads when it first did not answer the observer:")
            out.append("```")
            out.append(stacks)
            out.append("```")
        }
        return out.joined(separator: "\n")
    }

    private func fmt(_ d: Double) -> String { String(format: "%.1f", d) }
    private func ms(_ d: Double) -> String { String(format: "%.2f", d) }
    private func kb(_ k: Int?) -> String { k.map { String(format: "%.1f MB", Double($0) / 1024) } ?? "?" }
}
