#!/usr/bin/python3
"""Albums as the library counts them, next to what the generated tree holds (one album per folder and title; a
guest leading one track splits nothing). Usage: albums.py TREE_DIR [LABEL=]LINNETD [[LABEL=]LINNETD…], TREE_DIR
as bench.py leaves it (BENCH_TREE: Music/ and facts-N). Each binary scans the tree on its own bus; prints markdown.
"""
import glob, importlib.util, os, sys, tempfile

import dbus

# bench/library/bench.py under its own name (it imports bench/service/bench.py as `bench`).
_spec = importlib.util.spec_from_file_location("library_bench", os.path.join(os.path.dirname(__file__), "bench.py"))
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


def main():
    tree, binaries = sys.argv[1], sys.argv[2:]
    facts = {}
    for path in glob.glob(os.path.join(tree, "facts-*")):
        with open(path) as f:
            facts = dict(l.split("=", 1) for l in f.read().splitlines())
    print("| linnetd | songs | albums | artists | albums in the tree | extra albums (split) |")
    print("|---|---|---|---|---|---|")
    for arg in binaries:
        label, binary = arg.split("=", 1) if "=" in arg else (arg, arg)
        work = tempfile.mkdtemp(prefix="linnet-bench-albums-")
        ln = bench.Linnet(work, os.path.join(tree, "Music"), binary)
        try:
            bench.wait_for("first scan", lambda: ln.scan_finished_count() >= 1, step=0.05)
            empty = dbus.Dictionary({}, signature="sv")
            songs, albums, artists = (int(ln.lib.Count(kind, empty, timeout=120)) for kind in ("songs", "albums", "artists"))
        finally:
            ln.close()
        expected = int(facts.get("albums", "0"))
        print("| %s | %d | %d | %d | %d | %d |" % (label, songs, albums, artists, expected, albums - expected))


if __name__ == "__main__":
    main()
