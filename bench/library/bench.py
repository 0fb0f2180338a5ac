#!/usr/bin/python3
"""Library benchmark: linnetd's media library next to MPD on the same generated tree.

Usage: bench.py LINNETD TREE_GENERATOR N. Latencies are measured from this process (a separate client): D-Bus
calls for linnetd, the MPD protocol over its socket for MPD (`mpc update --wait` for the scans). Prints markdown.
"""
import os, shutil, socket, statistics, subprocess, sys, tempfile, time, threading

import dbus

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "service"))
import bench as service  # noqa: E402  (wait_for, pct, process_cpu_seconds)

LIB = "org.mpris.MediaPlayer2.linnet.Library"
PATH = "/org/mpris/MediaPlayer2"
NAME = "org.mpris.MediaPlayer2.linnet"
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "30"))


def wait_for(what, cond, timeout=600.0, step=0.005):
    service.wait_for(what, cond, timeout, step)


cpu_seconds = service.process_cpu_seconds


def rss_mb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024.0
    return float("nan")


pct = service.pct


def timed(fn, rounds=ROUNDS):
    out = []
    for _ in range(rounds):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000.0)
    return out


class MPD:
    def __init__(self, work, music, extra=""):
        self.dir = os.path.join(work, "mpd")
        os.makedirs(self.dir)
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        self.port = s.getsockname()[1]
        s.close()
        conf = os.path.join(self.dir, "mpd.conf")
        with open(conf, "w") as f:
            f.write('music_directory "%s"\ndb_file "%s/db"\nstate_file "%s/state"\n' % (music, self.dir, self.dir))
            f.write('bind_to_address "127.0.0.1"\nport "%d"\nlog_file "%s/log"\n' % (self.port, self.dir))
            f.write('audio_output {\n type "null"\n name "null"\n}\nauto_update "no"\n' + extra)
        self.proc = subprocess.Popen(["mpd", "--no-daemon", conf], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for("mpd port", self.connectable, timeout=20)
        self.sock = None

    def connect(self):
        # MPD drops idle clients (connection_timeout): connect when the measurements start.
        self.sock = socket.create_connection(("127.0.0.1", self.port))
        self.file = self.sock.makefile("rb")
        self.file.readline()  # OK MPD x.y.z

    def connectable(self):
        try:
            socket.create_connection(("127.0.0.1", self.port)).close()
            return True
        except OSError:
            return False

    def mpc(self, *args):
        subprocess.run(["mpc", "-q", "-p", str(self.port)] + list(args), check=True, stdout=subprocess.DEVNULL)

    def command(self, line):
        if self.sock is None:
            self.connect()
        self.sock.sendall(line.encode() + b"\n")
        lines = 0
        while True:
            l = self.file.readline()
            if l.startswith(b"OK") or l.startswith(b"ACK") or not l:
                return lines
            lines += 1

    def close(self):
        if self.sock is not None:
            self.sock.close()
        self.proc.terminate()
        self.proc.wait()


class Linnet:
    def __init__(self, work, music, binary):
        self.dir = os.path.join(work, "linnet")
        os.makedirs(self.dir)
        self.bus_proc = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--nopidfile",
                                          "--address=unix:path=%s/bus" % self.dir],
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for("bus", lambda: os.path.exists(self.dir + "/bus"), timeout=20)
        env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS="unix:path=%s/bus" % self.dir,
                   PULSE_SERVER="unix:%s/no-pulse" % self.dir, HOME=self.dir, XDG_CONFIG_HOME=self.dir + "/config")
        self.bus = dbus.bus.BusConnection("unix:path=%s/bus" % self.dir)
        self.log = open(os.path.join(self.dir, "log"), "w")
        self.start = time.perf_counter()
        self.proc = subprocess.Popen([binary, "--no-restore", "--state-dir", self.dir + "/state", "--library", music],
                                     env=env, stdout=self.log, stderr=self.log)
        wait_for("bus name", lambda: self.bus.name_has_owner(NAME), timeout=20)
        self.obj = self.bus.get_object(NAME, PATH, introspect=False)
        self.lib = dbus.Interface(self.obj, LIB)
        self.props = dbus.Interface(self.obj, "org.freedesktop.DBus.Properties")

    def get(self, name, iface=LIB):
        return self.props.Get(iface, name, timeout=60)

    def scan_finished_count(self):
        with open(os.path.join(self.dir, "log")) as f:
            return f.read().count("scan finished")

    def close(self):
        self.proc.terminate()
        self.proc.wait()
        self.bus_proc.terminate()
        self.bus_proc.wait()


# Terms a search box sends (the generator's titles hold them: LibraryTree.searchWords).
TYPING = [("kestrel", "common word"), ("ab", "two-letter prefix"), ("夜曲", "two CJK characters"),
          ("k", "one letter"), ("夜", "one CJK character"), ("sigur ros", "folded name"),
          ("song 012345", "rare"), ("zzzz", "no match")]


def typing_rows(ln, mpd_typing):
    """Query(limit 50) and Count latencies per term, with the search index built."""
    out = []
    for term, kind in TYPING:
        flt = dbus.Dictionary({"text": term}, signature="sv")
        q = lambda: ln.lib.Query("songs", flt, "", dbus.UInt32(0), dbus.UInt32(50), timeout=60)
        matches = int(ln.lib.Count("songs", flt, timeout=60))
        query = timed(q)
        count = timed(lambda: ln.lib.Count("songs", flt, timeout=60))
        _, mpd_q, mpd_c = mpd_typing[term]
        out.append((term, kind, matches, statistics.median(query), pct(query, 99), statistics.median(count),
                    mpd_q, mpd_c, statistics.median(query) / mpd_q if mpd_q else float("nan")))
    return out


def main():
    linnetd, generator, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    work = tempfile.mkdtemp(prefix="linnet-bench-library-")
    # BENCH_TREE=DIR keeps the generated tree in DIR between runs (generating 100,000 files takes minutes).
    tree = os.environ.get("BENCH_TREE") or os.path.join(work, "tree")
    started = []
    try:
        facts_file = os.path.join(tree, "facts-%d" % n)
        if not os.path.exists(facts_file):
            shutil.rmtree(tree, ignore_errors=True)
            out = subprocess.check_output([generator, str(n), tree]).decode()
            with open(facts_file, "w") as f:
                f.write(out)
        with open(facts_file) as f:
            facts = dict(l.split("=", 1) for l in f.read().splitlines())
        music = os.path.join(tree, "Music")
        search = facts["search"]
        rows = []

        # MPD
        mpd = MPD(work, music)
        started.append(mpd)
        t = time.perf_counter()
        c0 = cpu_seconds(mpd.proc.pid)
        mpd.mpc("update", "--wait")
        mpd_scan = time.perf_counter() - t
        mpd_cpu = cpu_seconds(mpd.proc.pid) - c0
        t = time.perf_counter()
        mpd.mpc("update", "--wait")
        mpd_rescan = time.perf_counter() - t
        mpd_artists_n = mpd.command("list artist")
        mpd_artists = timed(lambda: mpd.command("list artist"))
        mpd_search_n = mpd.command('search any "%s"' % search)
        mpd_search = timed(lambda: mpd.command('search any "%s"' % search))
        mpd_typing = {term: (mpd.command('search any "%s" window 0:50' % term) // 1,
                             statistics.median(timed(lambda: mpd.command('search any "%s" window 0:50' % term))),
                             statistics.median(timed(lambda: mpd.command('count any "%s"' % term))))
                      for term, _ in TYPING}
        mpd_rss = rss_mb(mpd.proc.pid)
        started.remove(mpd)
        mpd.close()

        # linnetd
        ln = Linnet(work, music, linnetd)
        started.append(ln)
        busy = []
        done = threading.Event()

        def probe():
            # A separate client asking for PlaybackStatus while the scan runs.
            bus = dbus.bus.BusConnection("unix:path=%s/bus" % ln.dir)
            p = dbus.Interface(bus.get_object(NAME, PATH, introspect=False), "org.freedesktop.DBus.Properties")
            while not done.is_set():
                t = time.perf_counter()
                p.Get("org.mpris.MediaPlayer2.Player", "PlaybackStatus", timeout=60)
                busy.append((time.perf_counter() - t) * 1000.0)
                time.sleep(0.01)

        th = threading.Thread(target=probe)
        th.start()
        c0 = cpu_seconds(ln.proc.pid)
        wait_for("first scan", lambda: ln.scan_finished_count() >= 1, step=0.01)
        ln_scan = time.perf_counter() - ln.start
        ln_cpu = cpu_seconds(ln.proc.pid) - c0
        done.set()
        th.join()
        songs = int(ln.get("Songs"))
        t = time.perf_counter()
        ln.lib.Rescan()
        wait_for("rescan", lambda: ln.scan_finished_count() >= 2, step=0.002)
        ln_rescan = time.perf_counter() - t
        # The first text query after start: SQLite answers it while the search index builds in the background.
        cold = timed(lambda: ln.lib.Query("songs", dbus.Dictionary({"text": TYPING[0][0]}, signature="sv"), "",
                                          dbus.UInt32(0), dbus.UInt32(50), timeout=60), rounds=1)[0]
        wait_for("search index", lambda: "search index of" in open(os.path.join(ln.dir, "log")).read(), timeout=60)
        ln_artists_n = len(ln.lib.Query("artists", dbus.Dictionary({}, signature="sv"), "", dbus.UInt32(0), dbus.UInt32(10 ** 6), timeout=60))
        ln_artists = timed(lambda: ln.lib.Query("artists", dbus.Dictionary({}, signature="sv"), "", dbus.UInt32(0), dbus.UInt32(10 ** 6), timeout=60))
        flt = dbus.Dictionary({"text": search}, signature="sv")
        ln_search_n = len(ln.lib.Query("songs", flt, "", dbus.UInt32(0), dbus.UInt32(10 ** 6), timeout=60))
        ln_search = timed(lambda: ln.lib.Query("songs", flt, "", dbus.UInt32(0), dbus.UInt32(10 ** 6), timeout=60))
        ln_fold = len(ln.lib.Query("songs", dbus.Dictionary({"text": "sigur ros"}, signature="sv"), "", dbus.UInt32(0), dbus.UInt32(10 ** 6)))
        typing = typing_rows(ln, mpd_typing)
        time.sleep(1)
        ln_rss = rss_mb(ln.proc.pid)
        started.remove(ln)
        ln.close()

        print("N = %d files (%s artists, %s albums), search \"%s\"" % (n, facts["artists"], facts["albums"], search))
        print()
        print("| figure | linnetd | MPD | ratio (linnetd/MPD) |")
        print("|---|---|---|---|")
        def row(name, a, b, fmt="%.1f"):
            ratio = (a / b) if b else float("nan")
            print("| %s | %s | %s | %.2f |" % (name, fmt % a, fmt % b, ratio))
        row("first scan, files/s", n / ln_scan, n / mpd_scan, "%.0f")
        row("first scan, wall s", ln_scan, mpd_scan, "%.2f")
        row("first scan, CPU s", ln_cpu, mpd_cpu, "%.2f")
        row("unchanged rescan, s", ln_rescan, mpd_rescan, "%.3f")
        row("artists list p50, ms", statistics.median(ln_artists), statistics.median(mpd_artists), "%.2f")
        row("artists list p99, ms", pct(ln_artists, 99), pct(mpd_artists, 99), "%.2f")
        row("search p50, ms", statistics.median(ln_search), statistics.median(mpd_search), "%.2f")
        row("search p99, ms", pct(ln_search, 99), pct(mpd_search, 99), "%.2f")
        row("RSS after scan, MB", ln_rss, mpd_rss, "%.1f")
        print()
        print("linnetd songs after scan: %d; artists listed: linnetd %d, MPD %d; search hits: linnetd %d, MPD %d "
              "(MPD protocol lines / 1 per field); `sigur ros` finds %d songs in linnetd" %
              (songs, ln_artists_n, mpd_artists_n, ln_search_n, mpd_search_n, ln_fold))
        print()
        print("Search as you type (`Query(songs, {text}, \"\", 0, 50)` and `Count`; MPD `search any \"T\" window 0:50` "
              "and `count any \"T\"`; medians of %d). The first text query after start, answered by SQLite while the "
              "search index builds: %.2f ms." % (ROUNDS, cold))
        print()
        print("| term | kind | matches | Query p50 / p99, ms | Count p50, ms | MPD search p50, ms | MPD count p50, ms | ratio Query/MPD |")
        print("|---|---|---|---|---|---|---|---|")
        for r in typing:
            print("| %s | %s | %d | %.2f / %.2f | %.2f | %.2f | %.2f | %.3f |" % r)
        if busy:
            print("Get PlaybackStatus during linnetd's first scan (separate client, %d calls): p50 %.2f ms, p99 %.2f ms, max %.2f ms" %
                  (len(busy), statistics.median(busy), pct(busy, 99), max(busy)))
    finally:
        # Whatever failed, leave no mpd, linnetd or dbus-daemon behind.
        for server in started:
            try:
                server.close()
            except Exception:
                pass
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
