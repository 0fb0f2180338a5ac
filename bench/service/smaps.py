#!/usr/bin/python3
"""Where linnetd's idle memory is: the same start, play and pause as bench.py, then /proc/PID/smaps summed per
mapped file (anonymous mappings by name: [heap], [stack], thread stacks and malloc arenas as "anon").

Usage: smaps.py DEMO_DIR LINNETD [LINNETD…]. Prints one markdown table, a column per binary, rows sorted by the
first binary's Rss (kB), the total last. BENCH_SMAPS_RUNS (default 3) runs each binary that many times and prints
the per-row medians, since code pages move by a few 64 kB windows from one run to the next.
"""
import os, statistics, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (the same servers, player and start as the footprint table)


def smaps_by_file(pid):
    """{mapping name: (Rss kB, Private_Dirty kB)} summed over the mappings of one process."""
    out, name = {}, None
    with open("/proc/%d/smaps" % pid) as f:
        for line in f:
            head = line.split()
            if "-" in head[0] and not line[0].isupper():
                name = head[5] if len(head) > 5 else "anon"
                name = os.path.basename(name) if name.startswith("/") else name
            elif head[0] in ("Rss:", "Private_Dirty:"):
                rss, dirty = out.get(name, (0, 0))
                value = int(head[1])
                out[name] = (rss + value, dirty) if head[0] == "Rss:" else (rss, dirty + value)
    return out


def idle_map(demo, binary):
    servers = bench.Servers()
    player = bench.Linnet(servers, demo, binary, binary)
    try:
        w = bench.Watcher(servers.bus)
        player.start()
        w.spin_until(lambda: player.bus_name in w.owned)
        props = bench.dbus.Interface(player.proxy(), "org.freedesktop.DBus.Properties")
        iface = bench.dbus.Interface(player.proxy(), bench.PLAYER)
        status = lambda: str(props.Get(bench.PLAYER, "PlaybackStatus"))
        if status() != "Playing":
            iface.Play()
        bench.wait_for("playing", lambda: status() == "Playing")
        time.sleep(2.0)
        iface.Pause()
        bench.wait_for("paused", lambda: status() == "Paused")
        time.sleep(8.0)  # the heap is trimmed a few seconds after the state last changed
        return smaps_by_file(player.pids()[0])
    finally:
        player.stop()
        servers.close()


def main():
    demo, binaries = sys.argv[1], sys.argv[2:]
    runs = int(os.environ.get("BENCH_SMAPS_RUNS", "3"))
    columns = []
    for b in binaries:
        maps = [idle_map(demo, b) for _ in range(runs)]
        names = set().union(*maps)
        columns.append({n: (statistics.median(m.get(n, (0, 0))[0] for m in maps),
                            statistics.median(m.get(n, (0, 0))[1] for m in maps)) for n in names}
                       | {"total": (statistics.median(sum(v[0] for v in m.values()) for m in maps),
                                    statistics.median(sum(v[1] for v in m.values()) for m in maps))})
    rows = sorted(set().union(*columns) - {"total"}, key=lambda n: -columns[0].get(n, (0, 0))[0]) + ["total"]
    print("| mapping | " + " | ".join("%s Rss / dirty (kB)" % os.path.basename(os.path.dirname(b)) or b
                                      for b in binaries) + " |")
    print("|---|" + "---|" * len(binaries))
    for n in rows:
        cells = ["%d / %d" % c.get(n, (0, 0)) if n in c else "–" for c in columns]
        if any(c.get(n, (0, 0))[0] >= 8 for c in columns):
            print("| %s | %s |" % (n, " | ".join(cells)))


if __name__ == "__main__":
    main()
