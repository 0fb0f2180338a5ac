#!/usr/bin/python3
"""Library + queue at scale (issue 10): idle RSS and transport latency of linnetd with a big library and queue.

Usage: idle.py LINNETD MUSIC_DIR. On a private dbus-daemon and pulseaudio (bench/service's Servers):
  1. linnetd scans MUSIC_DIR (its first scan), Library.Enqueue puts every song into the queue, Pause, Quit;
  2. linnetd restarts with that queue restored and its library database removed, so a full first scan runs
     again: from a separate client, Next, Previous and GoTo (and Get PlaybackStatus) every 20 ms until the scan
     ends, p50/p99/max (BENCH_SCAN_ROUNDS=3 such scans, samples pooled); the same calls idle afterwards are
     the anchor;
  3. idle RSS once that scan is done and CPU has settled, and again after a restart (queue restored, library
     unchanged: the start-up rescan finds nothing new). Prints markdown.
"""
import os, shutil, statistics, subprocess, sys, threading, time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "service"))
import bench as service  # noqa: E402  (Servers, memory_kb, status_kb, wait_for, pct, process_cpu_seconds)
import dbus  # noqa: E402

NAME = "org.mpris.MediaPlayer2.linnet"
PATH = "/org/mpris/MediaPlayer2"
PLAYER = "org.mpris.MediaPlayer2.Player"
TRACKLIST = "org.mpris.MediaPlayer2.TrackList"
LIB = "org.mpris.MediaPlayer2.linnet.Library"
PROPS = "org.freedesktop.DBus.Properties"
ROUNDS = int(os.environ.get("BENCH_SCAN_ROUNDS", "3"))


pct = service.pct
cpu_seconds = service.process_cpu_seconds


def wait_for(what, cond, timeout=900.0, step=0.01):
    service.wait_for(what, cond, timeout, step)


def settle(pid):
    """Waits until the daemon's CPU stops growing (background work done)."""
    last = cpu_seconds(pid)
    while True:
        time.sleep(1.0)
        now = cpu_seconds(pid)
        if now - last < 0.005:
            return
        last = now


class Daemon:
    def __init__(self, servers, binary, args, log):
        self.servers = servers
        self.log_path = log
        self.proc = subprocess.Popen([binary, "--state-dir", servers.dir + "/state"] + args, env=servers.env,
                                     stdout=open(log, "a"), stderr=subprocess.STDOUT)
        wait_for("bus name", lambda: servers.bus.name_has_owner(NAME) or self.proc.poll() is not None, 60, 0.002)
        if self.proc.poll() is not None:
            raise RuntimeError("linnetd exited; see " + log)
        self.obj = servers.bus.get_object(NAME, PATH, introspect=False)

    def scans_finished(self):
        with open(self.log_path) as f:
            return f.read().count("scan finished")

    def rss(self):
        return service.memory_kb([self.proc.pid], "Rss") / 1024.0, service.status_kb([self.proc.pid], "RssAnon") / 1024.0

    def quit(self):
        self.obj.Quit(dbus_interface="org.mpris.MediaPlayer2")
        self.proc.wait(timeout=120)
        wait_for("name released", lambda: not self.servers.bus.name_has_owner(NAME), 30)


class Transport(threading.Thread):
    """A separate client: Next, Previous, GoTo and Get PlaybackStatus in turn, every 20 ms, until stopped."""
    def __init__(self, address):
        super().__init__(daemon=True)
        self.obj = dbus.bus.BusConnection(address).get_object(NAME, PATH, introspect=False)
        self.samples = {"Next": [], "Previous": [], "GoTo": [], "Get PlaybackStatus": []}
        self.stop = threading.Event()

    def run(self):
        while not self.stop.is_set():
            # GoTo a track a few places on (its id from the window, fetched outside the timed call).
            tracks = self.obj.Get(TRACKLIST, "Tracks", dbus_interface=PROPS, timeout=60)
            target = tracks[min(len(tracks) - 1, 5)] if len(tracks) else None
            for name, fn in (("Next", lambda: self.obj.Next(dbus_interface=PLAYER, timeout=60)),
                             ("Previous", lambda: self.obj.Previous(dbus_interface=PLAYER, timeout=60)),
                             ("GoTo", lambda: self.obj.GoTo(target, dbus_interface=TRACKLIST, timeout=60)),
                             ("Get PlaybackStatus", lambda: self.obj.Get(PLAYER, "PlaybackStatus",
                                                                         dbus_interface=PROPS, timeout=60))):
                if name == "GoTo" and target is None:
                    continue
                t = time.perf_counter()
                fn()
                self.samples[name].append((time.perf_counter() - t) * 1000.0)
                self.stop.wait(0.02)


def main():
    binary, music = sys.argv[1], sys.argv[2]
    servers = service.Servers()
    log = os.path.join(servers.dir, "linnetd.log")
    rows = []
    d = None
    try:
        # 1. First scan, then the whole library as the queue.
        d = Daemon(servers, binary, ["--no-restore", "--library", music], log)
        wait_for("first scan", lambda: d.scans_finished() >= 1)
        # The log line comes before the service counts the songs: wait for the count.
        wait_for("song count", lambda: int(d.obj.Get(LIB, "Songs", dbus_interface=PROPS)) > 0, 60, 0.05)
        songs = int(d.obj.Get(LIB, "Songs", dbus_interface=PROPS))
        d.obj.Enqueue("songs", dbus.Dictionary({}, signature="sv"), "", "replace", dbus_interface=LIB, timeout=300)
        d.obj.Pause(dbus_interface=PLAYER)
        settle(d.proc.pid)
        d.quit()

        # 2. Restart: queue restored, library database gone, so the first scan runs again; transport meanwhile.
        # Repeated ROUNDS times with the samples pooled: one scan gives ~50 calls of each kind, whose p99 is
        # just their maximum.
        busy_samples = {}
        scan_times = []
        for round_ in range(ROUNDS):
            if round_ > 0:
                d.quit()
            for suffix in ("", "-wal", "-shm"):
                try:
                    os.unlink(servers.dir + "/state/library.db" + suffix)
                except FileNotFoundError:
                    pass
            before = open(log).read().count("scan finished")
            d = Daemon(servers, binary, ["--library", music], log)
            t0 = time.monotonic()
            busy = Transport(servers.bus_address)
            busy.start()
            wait_for("scan after restart", lambda: d.scans_finished() > before)
            scan_times.append(time.monotonic() - t0)
            busy.stop.set()
            busy.join()
            for name, xs in busy.samples.items():
                busy_samples.setdefault(name, []).extend(xs)
        scan_s = statistics.median(scan_times)
        queue = len(d.obj.Get(TRACKLIST, "Tracks", dbus_interface=PROPS))
        d.obj.Pause(dbus_interface=PLAYER)  # GoTo may have started playback; idle means paused
        settle(d.proc.pid)
        rss_scanned = d.rss()
        idle = Transport(servers.bus_address)
        idle.start()
        time.sleep(max(3.0, min(45.0, sum(scan_times))))  # about as many anchor samples as during the scans
        idle.stop.set()
        idle.join()
        d.obj.Pause(dbus_interface=PLAYER)
        settle(d.proc.pid)
        d.quit()

        # 3. Restart with library and queue as they are.
        before = open(log).read().count("scan finished")
        d = Daemon(servers, binary, ["--library", music], log)
        wait_for("start-up rescan", lambda: d.scans_finished() > before)
        settle(d.proc.pid)
        time.sleep(2)
        rss_restarted = d.rss()
        d.quit()
        d = None
        if os.environ.get("BENCH_KEEP_STATE"):
            shutil.copytree(servers.dir + "/state", os.environ["BENCH_KEEP_STATE"], dirs_exist_ok=True)

        print("%d songs in the library, a %d-song queue restored (Tracks shows a window of %d); first scan with "
              "that queue: %.1f s (median of %d scans, transport samples pooled)" % (songs, songs, queue, scan_s, ROUNDS))
        print()
        print("| figure | during the first scan | idle (anchor) |")
        print("|---|---|---|")
        for name in ("Next", "Previous", "GoTo", "Get PlaybackStatus"):
            a, b = busy_samples[name], idle.samples[name]
            if a and b:
                print("| %s p50 / p99 / max, ms (%d / %d calls) | %.2f / %.2f / %.2f | %.2f / %.2f / %.2f |" % (
                    name, len(a), len(b), statistics.median(a), pct(a, 99), max(a),
                    statistics.median(b), pct(b, 99), max(b)))
        print()
        print("| idle RSS (MB) | Rss | RssAnon |")
        print("|---|---|---|")
        print("| after the first scan, queue restored | %.1f | %.1f |" % rss_scanned)
        print("| restarted (queue restored, unchanged rescan done) | %.1f | %.1f |" % rss_restarted)
    finally:
        if d is not None:
            d.proc.kill()
            d.proc.wait()
        servers.close()


if __name__ == "__main__":
    main()
