#!/usr/bin/python3
"""Service benchmark: idle RSS, CPU and wakeups while paused, exec -> bus name owned, Pause() -> PropertiesChanged.

linnetd next to mpv + mpv-mpris and mpd + mpDris2, each on its own private dbus-daemon and pulseaudio (null sink).
Prints a markdown table. Usage: bench.py DEMO_DIR [LABEL=]LINNETD [[LABEL=]LINNETD…] (the first is the one the
ratios use). RSS and PSS are smaps_rollup sums; RssAnon/RssFile from /proc/PID/status.
"""
import os, shutil, signal, statistics, subprocess, sys, tempfile, time

import dbus
import dbus.mainloop.glib
from gi.repository import GLib

dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
PLAYER = "org.mpris.MediaPlayer2.Player"
PATH = "/org/mpris/MediaPlayer2"
LATENCY_ROUNDS = int(os.environ.get("BENCH_ROUNDS", "30"))
PAUSED_SECONDS = 10.0


def wait_for(what, cond, timeout=20.0, step=0.005):
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise RuntimeError("timed out waiting for " + what)
        time.sleep(step)


def pct(xs, p):
    """The p-th percentile of `xs` (nearest rank)."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100.0 * (len(xs) - 1))))]


def process_cpu_seconds(pid):
    """User + system CPU of the whole process, threads that have ended included (a scan's worker threads exit
    when it is done; a sum over the live threads' schedstat would miss their work)."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Servers:
    """A private session bus and a private pulseaudio with a null sink (`sink_options` appended to its
    module-null-sink line; `settle` seconds more for pulseaudio to finish loading after its socket appears)."""

    def __init__(self, prefix="service", sink_options="", settle=0.0):
        self.dir = tempfile.mkdtemp(prefix="linnet-bench-%s-" % prefix)
        self.bus_address = "unix:path=%s/bus" % self.dir
        self.pulse = "unix:%s/pulse" % self.dir
        self.procs = [subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--nopidfile",
                                        "--address=" + self.bus_address],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
        pa = os.path.join(self.dir, "default.pa")
        with open(pa, "w") as f:
            f.write("load-module module-native-protocol-unix socket=%s/pulse auth-anonymous=1\n" % self.dir)
            f.write("load-module module-null-sink sink_name=bench format=s16le rate=44100 channels=2%s\n"
                    % ((" " + sink_options) if sink_options else ""))
            f.write("set-default-sink bench\n")
        env = dict(os.environ, XDG_RUNTIME_DIR=self.dir, PULSE_RUNTIME_PATH=self.dir, HOME=self.dir)
        self.procs.append(subprocess.Popen(["pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1",
                                            "--use-pid-file=no", "--system=no", "-F", pa], env=env,
                                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_for("bus socket", lambda: os.path.exists(self.dir + "/bus"))
        wait_for("pulse socket", lambda: os.path.exists(self.dir + "/pulse"))
        time.sleep(settle)
        self.env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=self.bus_address, PULSE_SERVER=self.pulse,
                        XDG_STATE_HOME=self.dir + "/state", XDG_CONFIG_HOME=self.dir + "/config",
                        HOME=self.dir)
        self.bus = dbus.bus.BusConnection(self.bus_address)

    def close(self):
        for p in self.procs:
            p.kill()
            p.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


def task_files(pid, name):
    base = "/proc/%d/task" % pid
    return [os.path.join(base, t, name) for t in os.listdir(base)]


def memory_kb(pids, key):
    """Sum of one smaps_rollup field (Rss, Pss, …) over `pids`, in kB."""
    total = 0
    for pid in pids:
        with open("/proc/%d/smaps_rollup" % pid) as f:
            for line in f:
                if line.startswith(key + ":"):
                    total += int(line.split()[1])
    return total


def status_kb(pids, key):
    """Sum of one /proc/PID/status field (RssAnon, RssFile, …), in kB."""
    total = 0
    for pid in pids:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith(key + ":"):
                    total += int(line.split()[1])
    return total


def per_thread(pids):
    """{tid: (cpu ns from schedstat, context switches)} for every thread of `pids`."""
    out = {}
    for pid in pids:
        base = "/proc/%d/task" % pid
        for tid in os.listdir(base):
            try:
                with open(os.path.join(base, tid, "schedstat")) as f:
                    cpu = int(f.read().split()[0])
                sw = 0
                with open(os.path.join(base, tid, "status")) as f:
                    for line in f:
                        if line.startswith("voluntary_ctxt_switches:") or line.startswith("nonvoluntary_ctxt_switches:"):
                            sw += int(line.split()[1])
                out[(pid, tid)] = (cpu, sw)
            except OSError:
                pass
    return out


def delta(before, after):
    """CPU ns and switches spent between two samples: per thread, threads born in between counted whole
    (threads that ended in between are lost; their exit shows as a count of ended threads)."""
    cpu = sw = 0
    for key, (c, s) in after.items():
        c0, s0 = before.get(key, (0, 0))
        cpu += c - c0
        sw += s - s0
    ended = len(set(before) - set(after))
    return cpu, sw, ended


class Watcher:
    """Collects NameOwnerChanged and PropertiesChanged(PlaybackStatus) with arrival times."""

    def __init__(self, bus):
        self.bus = bus
        self.owned = {}
        self.status = []
        bus.add_signal_receiver(self.on_owner, "NameOwnerChanged", "org.freedesktop.DBus")
        bus.add_signal_receiver(self.on_props, "PropertiesChanged", "org.freedesktop.DBus.Properties", path=PATH)
        # dbus-python sends AddMatch without waiting; a blocking call behind it makes sure the bus has the match
        # rules before a player starts (a name taken before that would never be seen).
        bus.get_name_owner("org.freedesktop.DBus")

    def on_owner(self, name, old, new):
        if new:
            self.owned.setdefault(str(name), time.monotonic())

    def on_props(self, iface, changed, invalidated):
        if str(iface) == PLAYER and "PlaybackStatus" in changed:
            self.status.append((time.monotonic(), str(changed["PlaybackStatus"])))

    def spin_until(self, cond, timeout=20.0):
        ctx = GLib.MainContext.default()
        deadline = time.monotonic() + timeout
        while not cond():
            if time.monotonic() > deadline:
                raise RuntimeError("timed out")
            ctx.iteration(False) or time.sleep(0.0002)


class Player:
    name = ""

    def __init__(self, servers, demo):
        self.s, self.demo, self.procs = servers, demo, []

    def pids(self):
        return [p.pid for p in self.procs]

    def stop(self):
        for p in reversed(self.procs):
            p.send_signal(signal.SIGTERM)
        for p in reversed(self.procs):
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        self.procs = []

    def proxy(self):
        return self.s.bus.get_object(self.bus_name, PATH)


class Linnet(Player):
    bus_name = "org.mpris.MediaPlayer2.linnet"

    def __init__(self, servers, demo, binary, label):
        super().__init__(servers, demo)
        self.binary, self.label = binary, label

    def start(self):
        tracks = sorted(os.path.join(self.demo, f) for f in os.listdir(self.demo) if f[0].isdigit())
        self.procs = [subprocess.Popen([self.binary, "--state-dir", self.s.dir + "/linnet", "--no-restore"] + tracks,
                                       env=self.s.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]


class Mpv(Player):
    label, bus_name = "mpv + mpv-mpris", "org.mpris.MediaPlayer2.mpv"
    script = "/usr/lib/mpv-mpris/mpris.so"

    def start(self):
        tracks = sorted(os.path.join(self.demo, f) for f in os.listdir(self.demo) if f[0].isdigit())
        self.procs = [subprocess.Popen(["mpv", "--idle", "--no-video", "--no-config", "--really-quiet", "--ao=pulse",
                                        "--loop-playlist=inf", "--script=" + self.script] + tracks,
                                       env=self.s.env, stdin=subprocess.DEVNULL,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]


class Mpd(Player):
    label, bus_name = "mpd + mpDris2", "org.mpris.MediaPlayer2.mpd"

    def start(self):
        d = self.s.dir + "/mpd"
        os.makedirs(d + "/playlists", exist_ok=True)
        sock = d + "/socket"
        with open(d + "/mpd.conf", "w") as f:
            f.write('music_directory "%s"\nplaylist_directory "%s/playlists"\ndb_file "%s/db"\n'
                    'state_file "%s/state"\nbind_to_address "%s"\nauto_update "no"\n'
                    'audio_output {\n type "pulse"\n name "bench"\n}\n' % (self.demo, d, d, d, sock))
        env = dict(self.s.env, MPD_HOST=sock)
        # No desktop notifications or media-key grabs on a private bus (they only add start-up timeouts).
        os.makedirs(self.s.dir + "/config/mpDris2", exist_ok=True)
        with open(self.s.dir + "/config/mpDris2/mpDris2.conf", "w") as f:
            f.write("[Bling]\nmmkeys = False\nnotify = False\n")
        self.procs = [subprocess.Popen(["mpd", "--no-daemon", d + "/mpd.conf"], env=env,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
        self.sock = sock
        # mpDris2 retries a refused connection only after seconds: start it once mpd answers.
        wait_for("mpd greeting", self.answers)
        self.procs.append(subprocess.Popen(["mpDris2"], env=env, stdout=subprocess.DEVNULL,
                                           stderr=subprocess.DEVNULL))
        self.sock, self.env = sock, env

    def answers(self):
        import socket
        try:
            with socket.socket(socket.AF_UNIX) as c:
                c.connect(self.sock)
                return c.makefile("r").readline().startswith("OK MPD")
        except OSError:
            return False

    def mpd(self, command):
        """One command over mpd's own protocol (no mpc needed); returns the response text."""
        import socket
        with socket.socket(socket.AF_UNIX) as c:
            c.connect(self.sock)
            f = c.makefile("rw")
            f.readline()  # greeting
            f.write(command + "\n")
            f.flush()
            out = []
            while True:
                line = f.readline()
                if not line or line.startswith("OK") or line.startswith("ACK"):
                    return "".join(out) + line
                out.append(line)

    def load_queue(self):
        # The library scan and queue are mpd's own business; done once, outside the timed start.
        self.mpd("update")
        wait_for("mpd database", lambda: "updating_db" not in self.mpd("status"))
        self.mpd("add /")
        self.mpd("play")


def measure(player):
    w = Watcher(player.s.bus)
    starts = []
    for _ in range(5):
        w.owned.pop(player.bus_name, None)
        t0 = time.monotonic()
        player.start()
        w.spin_until(lambda: player.bus_name in w.owned)
        starts.append(w.owned[player.bus_name] - t0)
        if _ < 4:
            player.stop()
            w.spin_until(lambda: not player.s.bus.name_has_owner(player.bus_name))
    if isinstance(player, Mpd):
        player.load_queue()
    iface = dbus.Interface(player.proxy(), PLAYER)
    props = dbus.Interface(player.proxy(), "org.freedesktop.DBus.Properties")
    get_status = lambda: str(props.Get(PLAYER, "PlaybackStatus"))
    if get_status() != "Playing":
        iface.Play()
    wait_for("playing", lambda: get_status() == "Playing")

    # Pause -> PropertiesChanged(PlaybackStatus), asynchronous call, time of send to time of signal arrival.
    latencies = []
    for _ in range(LATENCY_ROUNDS):
        w.status.clear()
        t0 = time.monotonic()
        iface.Pause(reply_handler=lambda *a: None, error_handler=lambda e: None)
        w.spin_until(lambda: any(s == "Paused" for _, s in w.status))
        latencies.append(next(t for t, s in w.status if s == "Paused") - t0)
        w.status.clear()
        iface.Play(reply_handler=lambda *a: None, error_handler=lambda e: None)
        w.spin_until(lambda: any(s == "Playing" for _, s in w.status))
        time.sleep(0.15)

    iface.Pause()
    wait_for("paused", lambda: get_status() == "Paused")
    time.sleep(6.0)  # let the pause settle (stream corked, idle dispatch worker threads retired)
    pids = player.pids()
    rss, pss = memory_kb(pids, "Rss"), memory_kb(pids, "Pss")
    anon, file_ = status_kb(pids, "RssAnon"), status_kb(pids, "RssFile")
    t0 = per_thread(pids)
    time.sleep(PAUSED_SECONDS)
    cpu, sw, ended = delta(t0, per_thread(pids))
    player.stop()
    return {
        "rss": rss / 1024.0,
        "pss": pss / 1024.0,
        "anon": anon / 1024.0,
        "file": file_ / 1024.0,
        "cpu": cpu / 1e6,
        "wakeups": sw / PAUSED_SECONDS,
        "ended": ended,
        "start": statistics.median(starts) * 1000,
        "pause": statistics.median(latencies) * 1000,
        "pause_p90": sorted(latencies)[int(len(latencies) * 0.9) - 1] * 1000,
    }


def main():
    # Absolute: mpd refuses a relative music_directory, and its row then only said "timed out".
    demo, binaries = os.path.abspath(sys.argv[1]), sys.argv[2:]
    makers = []
    for i, arg in enumerate(binaries):
        label, b = arg.split("=", 1) if "=" in arg else ("linnetd" if i == 0 else "linnetd (%d)" % (i + 1), arg)
        makers.append(lambda s, b=b, label=label: Linnet(s, demo, b, label))
    results = []
    for make in makers + [lambda s: Mpv(s, demo), lambda s: Mpd(s, demo)]:
        servers = Servers()
        player = make(servers)
        try:
            if isinstance(player, Mpv) and not os.path.exists(Mpv.script):
                raise RuntimeError("mpv-mpris not installed")
            if isinstance(player, Mpd) and not (shutil.which("mpd") and shutil.which("mpDris2")):
                raise RuntimeError("mpd/mpDris2 not installed")
            results.append((player.label, measure(player)))
        except Exception as e:  # a missing or misbehaving anchor is reported, not fatal
            results.append((player.label, {"error": str(e)}))
            player.stop()
        finally:
            servers.close()
    base = results[0][1] if results else {}
    print("| player | idle RSS (MB) | idle PSS (MB) | RssAnon / RssFile (MB) | CPU paused 10 s (ms) | wakeups/s paused | exec → name owned (ms, median of 5) "
          "| Pause → PropertiesChanged (ms, median / p90 of %d) |" % LATENCY_ROUNDS)
    print("|---|---|---|---|---|---|---|---|")
    for label, r in results:
        if "error" in r:
            print("| %s | – | – | – | – | – | – | not measured: %s |" % (label, r["error"]))
            continue
        ratio = ""
        if not label.startswith("linnetd") and base.get("start"):
            ratio = " (linnetd = %.2f×)" % (base["start"] / r["start"])
        ended = " (%d threads ended)" % r["ended"] if r["ended"] else ""
        print("| %s | %.1f | %.1f | %.1f / %.1f | %.2f | %.1f%s | %.0f%s | %.2f / %.2f |" % (
            label, r["rss"], r["pss"], r["anon"], r["file"], r["cpu"], r["wakeups"], ended, r["start"], ratio, r["pause"], r["pause_p90"]))
    print()
    print("Goals: RSS < 15 MB, startup < 1/3 of mpv's, Pause → signal < 2 ms, ~0 CPU while paused.")


if __name__ == "__main__":
    main()
