#!/usr/bin/python3
"""MPD-protocol benchmark: the same commands over the same protocol to linnetd (--mpd, on a private bus and a
private pulseaudio with a null sink) and to MPD (null output), on one generated tree. Usage:
bench.py LINNETD TREE_GENERATOR SONGS. ROUNDS (default 9) per command; medians in ms.
Idle latency: client A waits in `idle player`, client B sends `pause` (then `play`); the time from B's send to A's
`changed: player`, 40 round trips each.
"""
import importlib.util, os, socket, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name, path):
    """The other benches' helpers (both files are called bench.py, so they are loaded by path)."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, "..", path, "bench.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


library_bench = load("library_bench", "library")  # MPD, wait_for, timed
service_bench = load("service_bench", "service")  # a private bus and pulseaudio

ROUNDS = int(os.environ.get("ROUNDS", "9"))


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def queue_first_folder(port):
    """Queues the songs of the library's first folder (something to play for the idle test; MPD caps its queue
    at 16,384 songs, so not the whole library)."""
    c = Client(port)
    # The generator's first folder (asked of the file tree, not the server: the first library query is timed).
    music = os.path.join(os.environ["BENCH_TREE"], "Music")
    folder = sorted(os.listdir(music))[0]
    lines, size, last = c.command('add "%s"' % folder.replace('"', '\\"'))
    assert last.startswith(b"OK"), last
    c.close()


class Client:
    """One MPD-protocol connection: commands timed from send to OK, counting lines and bytes."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.file = self.sock.makefile("rb")
        self.file.readline()

    def command(self, line):
        self.sock.sendall(line.encode() + b"\n")
        lines = size = 0
        while True:
            l = self.file.readline()
            size += len(l)
            if l.startswith(b"OK") or l.startswith(b"ACK") or not l:
                return lines, size, l
            lines += 1

    def close(self):
        # The file made by makefile holds the socket open too: both closed, the server sees the client leave.
        self.file.close()
        self.sock.close()


def measure(port, label):
    c = Client(port)
    rows = {}
    # The first library query after the scan: linnetd builds its song index here (kept until the database
    # changes); MPD's database is always in memory. queue_first_folder has not asked anything of the library.
    t = time.perf_counter()
    lines, size, last = c.command("list artist")
    rows["first query (list artist, cold)"] = ((time.perf_counter() - t) * 1000.0, lines, size, last.decode().strip())
    for name, line in [("list artist", "list artist"),
                       ("list album group albumartist", "list album group albumartist"),
                       ("search any \"kestrel\"", "search any kestrel"),
                       ("listallinfo", "listallinfo")]:
        lines, size, last = c.command(line)
        times = library_bench.timed(lambda: c.command(line), ROUNDS)
        rows[name] = (statistics.median(times), lines, size, last.decode().strip())
        print("%s: %s %.1f ms, %d lines" % (label, name, rows[name][0], lines), file=sys.stderr)
    # idle wake-up: A idles, B toggles pause/play.
    a, b = Client(port), Client(port)
    b.command("play")
    time.sleep(1.0)
    latencies = []
    for i in range(40):
        a.sock.sendall(b"idle player\n")
        time.sleep(0.05)  # A is in idle before B acts (its request has arrived; no reply until a change)
        t = time.perf_counter()
        b.command("pause" if i % 2 == 0 else "play")
        line = a.file.readline()
        latencies.append((time.perf_counter() - t) * 1000.0)
        assert line.startswith(b"changed: player"), line
        a.file.readline()  # OK
    rows["idle wake-up after pause/play"] = (statistics.median(latencies), 40, 0, "")
    for x in (a, b, c):
        x.close()
    return rows


def main():
    linnetd, generator, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    work = tempfile.mkdtemp(prefix="linnet-bench-mpd-")
    tree = os.environ.get("BENCH_TREE") or os.path.join(work, "tree")
    facts = os.path.join(tree, "facts-%d" % n)
    if not os.path.exists(facts):
        subprocess.run(["rm", "-rf", tree])
        out = subprocess.check_output([generator, str(n), tree]).decode()
        with open(facts, "w") as f:
            f.write(out)
    music = os.path.join(tree, "Music")

    # MPD's default output buffer (8 MiB) drops a client whose listallinfo is larger (100,000 songs: ~28 MB);
    # linnetd streams it. Raised so MPD can answer at all.
    mpd = library_bench.MPD(work, music, extra='max_output_buffer_size "262144"\n')
    mpd.mpc("update", "--wait")
    queue_first_folder(mpd.port)
    mpd_rows = measure(mpd.port, "mpd")
    mpd.close()

    servers = service_bench.Servers(prefix="mpd")
    port = free_port()
    log = open(os.path.join(work, "linnetd.log"), "w")
    proc = subprocess.Popen([linnetd, "--no-restore", "--state-dir", servers.dir + "/linnet", "--library", music,
                             "--mpd", "127.0.0.1:%d" % port], env=servers.env, stdout=log, stderr=log)
    library_bench.wait_for("linnetd's scan", lambda: "scan finished" in open(log.name).read(), timeout=900)
    queue_first_folder(port)
    linnet_rows = measure(port, "linnet")
    proc.terminate()
    proc.wait()
    servers.close()

    load = open("/proc/loadavg").read().split()[:3]
    print("MPD protocol, %d songs, medians of %d rounds (%d CPUs, load %s at the end)\n" % (
        n, ROUNDS, os.cpu_count(), " ".join(load)))
    print("| command | linnetd ms | MPD ms | linnetd ÷ MPD | lines linnetd / MPD | bytes linnetd / MPD |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in mpd_rows:
        l, m = linnet_rows[name], mpd_rows[name]
        ratio = l[0] / m[0] if m[0] else float("nan")
        print("| %s | %.2f | %.2f | %.2f× | %d / %d | %d / %d |" % (name, l[0], m[0], ratio, l[1], m[1], l[2], m[2]))
    print("\nGoals: each ≤ MPD's time; idle wake-up < 5 ms.")


if __name__ == "__main__":
    main()
