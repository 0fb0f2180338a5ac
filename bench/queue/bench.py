#!/usr/bin/python3
"""Queue benchmark (issue 10, item 1): linnetd with a 100,000-track queue.

Usage: bench.py TREE LINNETD   (TREE from make-tree.py)
On a private dbus-daemon and pulseaudio (bench/service's Servers), measures:
  load    `linnetd TREE`: Get PlaybackStatus from a separate client every 20 ms while the folder loads
          (p50/p99/max), time until Tracks is filled, CPU used until then;
  restore linnetd restarted with that queue saved: exec -> bus name owned, idle RSS;
  calls   from a separate client, each MPRIS call BENCH_ROUNDS times (Get, GetAll, Next, Previous, GoTo, Seek,
          Tracks, GetTracksMetadata), p50/p99: with a 20-track queue (the anchor), with the 100,000-track queue
          idle, and while a second linnetd loads the whole tree on the same machine;
  mpd     mpd + mpDris2 with the same tree scanned and queued (update; add /), where installed (BENCH_MPD=0: skip);
          its restore is mpd exec -> mpDris2's bus name, its RSS both processes'.
Prints markdown tables.
"""
import os, shutil, subprocess, sys, threading, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "service"))
import bench as service  # noqa: E402  (Servers, memory_kb, per_thread, delta)
import dbus  # noqa: E402

PLAYER = "org.mpris.MediaPlayer2.Player"
TRACKLIST = "org.mpris.MediaPlayer2.TrackList"
PROPS = "org.freedesktop.DBus.Properties"
PATH = "/org/mpris/MediaPlayer2"
NAME = "org.mpris.MediaPlayer2.linnet"
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "200"))
QUEUE = "org.mpris.MediaPlayer2.linnet.Queue"


pct = service.pct


def ms(x):
    return "%.2f" % (x * 1000.0)


def proxy(bus, name):
    return bus.get_object(name, PATH, introspect=False)


def timed(fn):
    t = time.monotonic()
    fn()
    return time.monotonic() - t


class Poller(threading.Thread):
    """A separate client: Get PlaybackStatus every 20 ms on its own connection until stopped."""

    def __init__(self, address, name):
        super().__init__(daemon=True)
        self.bus = dbus.bus.BusConnection(address)
        self.obj = proxy(self.bus, name)
        self.samples = []
        self.failures = 0
        self.stop = threading.Event()

    def run(self):
        while not self.stop.is_set():
            t = time.monotonic()
            try:
                self.obj.Get(PLAYER, "PlaybackStatus", dbus_interface=PROPS, timeout=30)
                self.samples.append(time.monotonic() - t)
            except dbus.DBusException:
                self.failures += 1
            self.stop.wait(0.02)


def wait_owned(bus, name, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if bus.name_has_owner(name):
            return time.monotonic()
        time.sleep(0.001)
    raise RuntimeError("no owner for " + name)


def track_count(obj):
    return len(obj.Get(TRACKLIST, "Tracks", dbus_interface=PROPS, timeout=30))


cpu_seconds = service.process_cpu_seconds


def launch(servers, linnetd, args, log):
    return subprocess.Popen([linnetd, "--state-dir", servers.dir + "/state"] + args, env=servers.env,
                            stdout=log, stderr=log)


def measure_calls(obj, rounds):
    """Each call `rounds` times; returns {name: [seconds]}."""
    tracks = obj.Get(TRACKLIST, "Tracks", dbus_interface=PROPS, timeout=30)
    some = list(tracks[:10])
    # Next and Previous always move (a short queue wraps instead of stopping at its end).
    obj.Set(PLAYER, "LoopStatus", dbus.String("Playlist", variant_level=1), dbus_interface=PROPS)
    calls = {
        "Get PlaybackStatus": lambda: obj.Get(PLAYER, "PlaybackStatus", dbus_interface=PROPS),
        "GetAll Player": lambda: obj.GetAll(PLAYER, dbus_interface=PROPS),
        "Next": lambda: obj.Next(dbus_interface=PLAYER),
        "Previous": lambda: obj.Previous(dbus_interface=PLAYER),
        "Seek +1 s": lambda: obj.Seek(dbus.Int64(1000000), dbus_interface=PLAYER),
        "GoTo": lambda: obj.GoTo(some[len(some) // 2], dbus_interface=TRACKLIST),
        "Get Tracks": lambda: obj.Get(TRACKLIST, "Tracks", dbus_interface=PROPS),
        "GetTracksMetadata (10)": lambda: obj.GetTracksMetadata(some, dbus_interface=TRACKLIST),
    }
    out = {}
    for name, fn in calls.items():
        out[name] = [timed(fn) for _ in range(rounds)]
    return out


def queue_calls(obj, rounds, demo):
    """Linnet's whole-queue interface, each call `rounds` times; returns {name: [seconds]}."""
    length = int(obj.Get(QUEUE, "Length", dbus_interface=PROPS))
    out = {}

    def rounds_of(name, fn, prepare=None):
        xs = []
        for i in range(rounds):
            arg = prepare(i) if prepare else None
            t = time.monotonic()
            fn(arg)
            xs.append(time.monotonic() - t)
        out[name] = xs

    rounds_of("Get Length", lambda _: obj.Get(QUEUE, "Length", dbus_interface=PROPS))
    rounds_of("Get Position", lambda _: obj.Get(QUEUE, "Position", dbus_interface=PROPS))
    rounds_of("List 50 at the start", lambda _: obj.List(dbus.UInt32(0), dbus.UInt32(50), dbus_interface=QUEUE))
    rounds_of("List 50 at the end",
              lambda _: obj.List(dbus.UInt32(length - 50), dbus.UInt32(50), dbus_interface=QUEUE))
    rounds_of("List 250 in the middle",
              lambda _: obj.List(dbus.UInt32(length // 2), dbus.UInt32(250), dbus_interface=QUEUE))
    rounds_of("GoTo", lambda i: obj.GoTo(dbus.UInt32(i), dbus_interface=QUEUE), lambda i: length // 2 + i % 2)
    last_id = lambda _: obj.List(dbus.UInt32(length - 1), dbus.UInt32(1), dbus_interface=QUEUE)[0][0]
    rounds_of("Move last to 0", lambda oid: obj.Move(oid, dbus.UInt32(0), dbus_interface=QUEUE), last_id)
    rounds_of("Add 1 (append)", lambda _: obj.Add([demo], "append", dbus_interface=QUEUE))
    added = [e[0] for e in obj.List(dbus.UInt32(length), dbus.UInt32(rounds), dbus_interface=QUEUE)]
    rounds_of("Remove 1", lambda oid: obj.Remove([oid], dbus_interface=QUEUE), lambda i: added[i])
    return out


def linnet_run(tree, linnetd, count):
    rows = {}
    servers = service.Servers()
    log = open(servers.dir + "/linnetd.log", "w")
    try:
        # 0. Anchors: the same daemon with an empty queue, and with a 20-track one.
        t0 = time.monotonic()
        p = launch(servers, linnetd, ["--no-restore"], log)
        rows["anchor: exec -> bus name owned, empty queue (ms)"] = ms(wait_owned(servers.bus, NAME) - t0)
        time.sleep(3)
        rows["anchor: idle RSS, empty queue (MB)"] = "%.1f" % (service.memory_kb([p.pid], "Rss") / 1024.0)
        proxy(servers.bus, NAME).Quit(dbus_interface="org.mpris.MediaPlayer2")
        p.wait(timeout=60)
        while servers.bus.name_has_owner(NAME):
            time.sleep(0.01)
        first_album = os.path.join(tree, "Artist 000", "Album 0000")
        p = launch(servers, linnetd, ["--no-restore", first_album], log)
        wait_owned(servers.bus, NAME)
        small = proxy(servers.bus, NAME)
        while track_count(small) == 0:
            time.sleep(0.01)
        time.sleep(1)
        for name, xs in measure_calls(small, ROUNDS).items():
            rows["anchor, 20-track queue: %s p50 / p99 (ms)" % name] = "%s / %s" % (ms(pct(xs, 50)), ms(pct(xs, 99)))
        small.Quit(dbus_interface="org.mpris.MediaPlayer2")
        p.wait(timeout=60)
        while servers.bus.name_has_owner(NAME):
            time.sleep(0.01)
        # 1. Loading the folder from the command line, polled by a separate client.
        t0 = time.monotonic()
        p = launch(servers, linnetd, ["--no-restore", tree], log)
        owned = wait_owned(servers.bus, NAME)
        poller = Poller(servers.bus_address, NAME)
        poller.start()
        obj = proxy(servers.bus, NAME)
        while track_count(obj) == 0:
            time.sleep(0.01)
        filled = time.monotonic()
        # Settled: CPU stops growing (the window's tags are read in the background).
        last = cpu_seconds(p.pid)
        while True:
            time.sleep(0.5)
            now = cpu_seconds(p.pid)
            if now - last < 0.01:
                break
            last = now
        poller.stop.set()
        poller.join()
        rows["load: exec -> bus name owned (ms)"] = ms(owned - t0)
        rows["load: exec -> Tracks filled (ms)"] = ms(filled - t0)
        rows["load: CPU until settled (s)"] = "%.2f" % last
        rows["load: Get PlaybackStatus p50 / p99 / max (ms), %d calls, %d failed" % (len(poller.samples), poller.failures)] = \
            "%s / %s / %s" % (ms(pct(poller.samples, 50)), ms(pct(poller.samples, 99)), ms(max(poller.samples)))
        rows["queue length (Tracks shows the window)"] = "%d" % count
        # 2. Calls while idle.
        for name, xs in measure_calls(obj, ROUNDS).items():
            rows["idle: %s p50 / p99 (ms)" % name] = "%s / %s" % (ms(pct(xs, 50)), ms(pct(xs, 99)))
        demo = "file://" + os.path.abspath("data/demo/02-chords.flac")
        for name, xs in queue_calls(obj, ROUNDS, demo).items():
            rows["idle: Queue.%s p50 / p99 (ms)" % name] = "%s / %s" % (ms(pct(xs, 50)), ms(pct(xs, 99)))
        obj.Pause(dbus_interface=PLAYER)
        time.sleep(1)
        obj.Quit(dbus_interface="org.mpris.MediaPlayer2")
        p.wait(timeout=60)
        # 3. Restore that queue (5 starts: median and slowest, the machine is shared).
        starts = []
        for attempt in range(5):
            while servers.bus.name_has_owner(NAME):
                time.sleep(0.01)
            t0 = time.monotonic()
            p = launch(servers, linnetd, [], log)
            starts.append(wait_owned(servers.bus, NAME) - t0)
            if attempt < 4:
                time.sleep(0.5)
                proxy(servers.bus, NAME).Quit(dbus_interface="org.mpris.MediaPlayer2")
                p.wait(timeout=60)
        rows["restore: exec -> bus name owned, median / max of 5 (ms)"] = "%s / %s" % (ms(pct(starts, 50)), ms(max(starts)))
        obj = proxy(servers.bus, NAME)
        restored = time.monotonic()
        while time.monotonic() - restored < 3:
            time.sleep(0.5)
        rows["restore: idle RSS (MB)"] = "%.1f" % (service.memory_kb([p.pid], "Rss") / 1024.0)
        # 4. Calls while a second instance loads the whole tree (another process walking and probing TREE).
        other = launch(servers, linnetd, ["--no-restore", tree], log)
        time.sleep(0.05)
        for name, xs in measure_calls(obj, ROUNDS // 2).items():
            rows["during a load: %s p50 / p99 (ms)" % name] = "%s / %s" % (ms(pct(xs, 50)), ms(pct(xs, 99)))
        other.kill()
        other.wait()
        # 5. Clear the whole restored queue: one call.
        before = int(obj.Get(QUEUE, "Length", dbus_interface=PROPS))
        cleared = timed(lambda: obj.Clear(dbus_interface=QUEUE))
        rows["Queue.Clear of %d entries, one call (ms); Length after" % before] = "%s; %d" % (
            ms(cleared), int(obj.Get(QUEUE, "Length", dbus_interface=PROPS)))
        obj.Quit(dbus_interface="org.mpris.MediaPlayer2")
        p.wait(timeout=60)
    finally:
        log.close()
        servers.close()
    return rows


class MpdProtocol:
    """One persistent connection to mpd's own protocol (the counterpart of a bus connection)."""

    def __init__(self, path):
        import socket
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(path)
        self.file = self.sock.makefile("rwb")
        self.file.readline()  # OK MPD x.y.z

    def command(self, text):
        self.file.write((text + "\n").encode())
        self.file.flush()
        lines = []
        while True:
            line = self.file.readline().decode("utf-8", "replace")
            if line.startswith("OK") or line.startswith("ACK") or not line:
                return lines
            lines.append(line)


def mpd_queue_calls(m, count, rounds):
    """The same queue operations over mpd's protocol: {name: (mpd command, [seconds])}."""
    c = MpdProtocol(m.sock)
    out = {}

    def rounds_of(name, command, fn):
        xs = []
        for i in range(rounds):
            text = fn(i)
            t = time.monotonic()
            c.command(text)
            xs.append(time.monotonic() - t)
        out[name] = (command, xs)

    def playlist_length():
        return int(next(l.split(": ")[1] for l in c.command("status") if l.startswith("playlistlength: ")))

    length = playlist_length()
    rounds_of("Get Length", "status", lambda i: "status")
    rounds_of("List 50 at the start", "playlistinfo 0:50", lambda i: "playlistinfo 0:50")
    rounds_of("List 50 at the end", "playlistinfo N-50:N", lambda i: "playlistinfo %d:%d" % (length - 50, length))
    rounds_of("List 250 in the middle", "playlistinfo", lambda i: "playlistinfo %d:%d" % (length // 2, length // 2 + 250))
    rounds_of("GoTo", "play", lambda i: "play %d" % (length // 2 + i % 2))
    rounds_of("Move last to 0", "move", lambda i: "move %d 0" % (length - 1))
    first = next(iter(l.split(": ", 1)[1].strip() for l in c.command("playlistinfo 0:1") if l.startswith("file: ")))
    rounds_of("Add 1 (append)", "addid", lambda i: 'addid "%s"' % first)
    grown = playlist_length()
    ids = [l.split(": ")[1].strip() for l in c.command("playlistinfo %d:%d" % (grown - rounds, grown))
           if l.startswith("Id: ")]
    rounds_of("Remove 1", "deleteid", lambda i: "deleteid %s" % ids[i])
    t = time.monotonic()
    c.command("clear")
    out["Clear (one call)"] = ("clear", [time.monotonic() - t])
    return out


def mpd_run(tree, count):
    """mpd + mpDris2 on the same tree: scan and queue it, then the comparable figures."""
    rows = {}
    if not shutil.which("mpd") or not shutil.which("mpDris2"):
        return rows
    servers = service.Servers()
    try:
        m = service.Mpd(servers, tree)
        m.start()
        t0 = time.monotonic()
        m.mpd("update")
        service.wait_for("mpd database", lambda: "updating_db" not in m.mpd("status"), timeout=900)
        scanned = time.monotonic()
        wait_owned(servers.bus, m.bus_name)
        obj = proxy(servers.bus, m.bus_name)
        poller = Poller(servers.bus_address, m.bus_name)
        poller.start()
        m.mpd("add /")
        queued = time.monotonic()
        m.mpd("play")
        time.sleep(1)
        poller.stop.set()
        poller.join()
        rows["load: exec -> Tracks filled (ms)"] = "scan %s + add %s" % (ms(scanned - t0), ms(queued - scanned))
        if poller.samples:
            rows["load: Get PlaybackStatus p50 / p99 / max (ms), %d calls, %d failed" % (len(poller.samples), poller.failures)] = \
                "%s / %s / %s (during add)" % (ms(pct(poller.samples, 50)), ms(pct(poller.samples, 99)), ms(max(poller.samples)))
        calls = {
            "Get PlaybackStatus": lambda: obj.Get(PLAYER, "PlaybackStatus", dbus_interface=PROPS),
            "GetAll Player": lambda: obj.GetAll(PLAYER, dbus_interface=PROPS),
            "Next": lambda: obj.Next(dbus_interface=PLAYER),
            "Previous": lambda: obj.Previous(dbus_interface=PLAYER),
            "Seek +1 s": lambda: obj.Seek(dbus.Int64(1000000), dbus_interface=PLAYER),
        }
        for name, fn in calls.items():
            xs = [timed(fn) for _ in range(ROUNDS)]
            rows["idle: %s p50 / p99 (ms)" % name] = "%s / %s" % (ms(pct(xs, 50)), ms(pct(xs, 99)))
        for name, xs in mpd_queue_calls(m, count, ROUNDS).items():
            rows["idle: Queue.%s p50 / p99 (ms)" % name] = "%s / %s (%s)" % (ms(pct(xs[1], 50)), ms(pct(xs[1], 99)), xs[0])
        m.mpd("pause 1")
        m.stop()
        # Restart with the saved 100,000-entry queue (mpd's state file): exec -> MPRIS name (mpDris2) owned.
        t0 = time.monotonic()
        m.start()
        owned = wait_owned(servers.bus, m.bus_name)
        rows["restore: exec -> bus name owned, median / max of 5 (ms)"] = "%s (once; mpd exec -> mpDris2's name)" % ms(owned - t0)
        time.sleep(3)
        rows["restore: idle RSS (MB)"] = "%.1f (mpd %.1f + mpDris2 %.1f)" % (
            service.memory_kb(m.pids(), "Rss") / 1024.0, service.memory_kb(m.pids()[:1], "Rss") / 1024.0,
            service.memory_kb(m.pids()[1:], "Rss") / 1024.0)
        m.stop()
    finally:
        servers.close()
    return rows


def main():
    tree, linnetd = sys.argv[1], sys.argv[2]
    count = sum(len([f for f in files if not f.startswith(".")]) for d, _, files in os.walk(tree)
                if "/.seed" not in d)
    rows = linnet_run(tree, linnetd, count)
    other = mpd_run(tree, count) if os.environ.get("BENCH_MPD", "1") == "1" else {}
    print("| figure (%d-track queue) | linnetd | mpd + mpDris2 |" % count)
    print("|---|---|---|")
    for k, v in rows.items():
        print("| %s | %s | %s |" % (k, v, other.get(k, "")))


if __name__ == "__main__":
    main()
