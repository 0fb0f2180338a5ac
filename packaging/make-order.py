#!/usr/bin/python3
"""Writes packaging/linnetd.order: the functions a linnetd session runs, for lld's --symbol-ordering-file.

Why: the release binary's code is ~8 MB, and the functions a day of playing runs are spread all over it, so the
kernel's fault-around maps most of the text for a few hundred KB of code that runs. Linked in this order, the code
that runs sits together and the rest is never mapped.

How: linnetd (built by `make` with -function-sections) runs under callgrind the way a desktop session uses it
(start with a queue, play, pause, property reads and track changes from playerctl, quit); every function of the
executable that ran at least once is written out, in the order callgrind first lists them. Usage:
    packaging/make-order.py .build/release/linnetd  (re-run when the code changes much; a stale file only helps
    less: symbols it names that no longer exist are ignored)
    packaging/make-order.py --merge .build/release/linnetd  keeps the current file's order for every function the
    binary still has and appends the functions of a fresh session it does not name yet, in their first-run order
    (after a refactoring renamed many symbols: a wholly fresh file measured 0.4 MB more idle RSS than the tuned one)
"""
import os, re, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench", "service"))
import bench  # noqa: E402  (the private bus and sound server of the service benchmark)
import dbus  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def session(binary, out):
    s = bench.Servers(prefix="order")
    demo = os.path.join(ROOT, "data", "demo")
    tracks = sorted(os.path.join(demo, f) for f in os.listdir(demo) if f[0].isdigit())
    proc = subprocess.Popen(["valgrind", "--tool=callgrind", "--demangle=no", "--callgrind-out-file=" + out,
                             binary, "--state-dir", s.dir + "/linnet", "--no-restore"] + tracks,
                            env=s.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        w = bench.Watcher(s.bus)
        w.spin_until(lambda: s.bus.name_has_owner(bench.Linnet.bus_name), timeout=120)
        obj = s.bus.get_object(bench.Linnet.bus_name, bench.PATH)
        player = dbus.Interface(obj, bench.PLAYER)
        props = dbus.Interface(obj, "org.freedesktop.DBus.Properties")
        for step in ["play", "pause", "play", "next", "previous", "position 3", "metadata", "status", "pause"]:
            subprocess.run(["playerctl", "-p", "linnet"] + step.split(), env=s.env, timeout=60,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            props.GetAll(bench.PLAYER)
            time.sleep(1.0)
        for name in ["PlaybackStatus", "Metadata", "Position", "Volume"]:
            props.Get(bench.PLAYER, name)
        player.Pause()
        time.sleep(2.0)
    finally:
        proc.terminate()
        proc.wait(timeout=120)
        s.close()


def functions(out, binary):
    """The names of every function of `binary` that ran, in the order callgrind first lists them."""
    names, objects, ran = {}, {}, {}
    ob = None
    target = os.path.realpath(binary)
    for line in open(out, errors="replace"):
        m = re.match(r"(c?ob|c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if not m:
            continue
        kind, ident, name = m.groups()
        table = objects if kind.endswith("ob") else names
        if name is not None:
            table[ident] = name
        if kind == "ob":
            ob = os.path.realpath(objects[ident])
        elif kind == "fn" and ob == target:
            ran.setdefault(names[ident], None)
    return list(ran)


def defined_symbols(binary):
    """Every symbol `binary` defines (nm), to tell which names of the current order file still exist."""
    out = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    return {line.split()[-1] for line in out.splitlines() if line.strip()}


def main():
    merge = sys.argv[1] == "--merge"
    binary = sys.argv[2 if merge else 1]
    with tempfile.TemporaryDirectory() as d:
        out = os.environ.get("ORDER_PROFILE") or os.path.join(d, "callgrind.out")
        session(binary, out)
        order = functions(out, binary)
    path = os.path.join(ROOT, "packaging", "linnetd.order")
    if merge:
        present = defined_symbols(binary)
        kept = [n for n in open(path).read().split() if n in present]
        seen = set(kept)
        order = kept + [n for n in order if n not in seen]
    with open(path, "w") as f:
        f.write("".join(n + "\n" for n in order))
    print("%s: %d functions" % (path, len(order)))


if __name__ == "__main__":
    main()
