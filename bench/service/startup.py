#!/usr/bin/python3
"""exec -> bus name owned, many starts in turn: linnetd builds and mpv + mpv-mpris on one private bus and sound
server, each start alternating between them (so slow phases of a noisy machine hit all alike). Prints a markdown
table: median, p25 and p75 per player and the ratio of each linnetd's median to mpv's.
Usage: bench/service/startup.py DEMO_DIR [LABEL=]LINNETD… (R=starts per player, default 40).
"""
import os, statistics, sys, time

import bench


def main():
    demo, rounds = os.path.abspath(sys.argv[1]), int(os.environ.get("R", "40"))
    servers = bench.Servers()
    watcher = bench.Watcher(servers.bus)
    players = []
    for i, arg in enumerate(sys.argv[2:]):
        label, path = arg.split("=", 1) if "=" in arg else ("linnetd" if i == 0 else "linnetd (%d)" % (i + 1), arg)
        players.append(bench.Linnet(servers, demo, path, label))
    if os.path.exists(bench.Mpv.script):
        players.append(bench.Mpv(servers, demo))
    starts = {p.label: [] for p in players}
    try:
        for r in range(rounds):
            for p in players if r % 2 == 0 else players[::-1]:
                watcher.owned.pop(p.bus_name, None)
                t0 = time.monotonic()
                p.start()
                watcher.spin_until(lambda: p.bus_name in watcher.owned)
                starts[p.label].append((watcher.owned[p.bus_name] - t0) * 1000)
                p.stop()
                watcher.spin_until(lambda: not servers.bus.name_has_owner(p.bus_name))
    finally:
        for p in players:
            p.stop()
        servers.close()
    mpv = statistics.median(starts["mpv + mpv-mpris"]) if "mpv + mpv-mpris" in starts else None
    print("| player | exec → name owned, median (p25–p75) ms, %d starts | ÷ mpv |" % rounds)
    print("|---|---|---|")
    for label, xs in starts.items():
        xs = sorted(xs)
        ratio = "%.3f×" % (statistics.median(xs) / mpv) if mpv and label != "mpv + mpv-mpris" else ""
        print("| %s | %.1f (%.1f–%.1f) | %s |" % (label, statistics.median(xs), xs[len(xs) // 4], xs[3 * len(xs) // 4],
                                               ratio))
    print()
    print("Goal (issue 18): linnetd ≤ 0.15× mpv.")


if __name__ == "__main__":
    main()
