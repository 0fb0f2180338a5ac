#!/usr/bin/python3
"""Multi-room benchmark: Linnet and MPD each feed a private snapserver (127.0.0.1) whose two snapclients play
into two rooms. The rooms are remap sinks onto the left and right channels of one null sink, so one recording
of its monitor holds both rooms on one clock: the offset between the rooms is the lag between the channels.
Usage: bench.py LINNETD LINNET. ROUNDS (default 5); LINNET_PIPE=1 feeds snapserver through a pipe source instead
of its TCP source; SKIP_CPU=1 and SKIP_MPD=1 leave those parts out.

Figures (medians):
- room offset: per click of a 48 kHz click track (a click every 0.5 s), |onset(room2) - onset(room1)| in ms;
- latency: Play (from stopped, on the click track) to the first click in room1's channel of the recording,
  minus the recording's own latency (parec at 5 ms) and that click's place in the track (click k lasts k + 1 ms,
  so a room that starts late and misses the first clicks is not counted as slower), in ms;
- CPU: the player's CPU (user + system) over 20 s of an MP3, local sink only vs local + Snapcast, and the extra
  share; a 44.1 kHz MP3 (resampled to the stream's 48 kHz: libsoxr HQ for Linnet, MPD's default resampler) and a
  48 kHz one (no resampling).
"""
import array, importlib.util, os, shutil, socket, statistics, subprocess, sys, tempfile, time

LINNETD, LINNET = sys.argv[1], sys.argv[2]
ROUNDS = int(os.environ.get("ROUNDS", "5"))
RATE = 48000
CLICK_PERIOD = 0.5


HERE = os.path.dirname(os.path.abspath(__file__))


def load(name, path):
    """The other benches' helpers (every one is called bench.py, so they are loaded by path)."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, "..", path, "bench.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


service_bench = load("service_bench", "service")  # wait_for, process_cpu_seconds, Mpd's protocol helpers
free_port = load("mpd_bench", "mpd").free_port
wait_for = service_bench.wait_for


def cpu_seconds(pid):
    """CPU time of all of the process's threads in ns precision (schedstat), in seconds: /proc/PID/stat counts
    whole clock ticks, too coarse for a player that uses well under 1 % of a core."""
    total = 0
    for task in os.listdir("/proc/%d/task" % pid):
        try:
            with open("/proc/%d/task/%s/schedstat" % (pid, task)) as f:
                total += int(f.read().split()[0])
        except OSError:
            pass  # a thread that ended meanwhile
    return total / 1e9


def write_wav(path, samples, rate, channels):
    data = array.array("h", samples).tobytes()
    with open(path, "wb") as f:
        f.write(b"RIFF" + (36 + len(data)).to_bytes(4, "little") + b"WAVEfmt " + (16).to_bytes(4, "little"))
        f.write((1).to_bytes(2, "little") + channels.to_bytes(2, "little") + rate.to_bytes(4, "little"))
        f.write((rate * channels * 2).to_bytes(4, "little") + (channels * 2).to_bytes(2, "little"))
        f.write((16).to_bytes(2, "little") + b"data" + len(data).to_bytes(4, "little") + data)


class Rig:
    """Private bus, pulseaudio (local sink + the two rooms on one null sink's channels), snapserver, 2 clients."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="linnet-bench-multiroom-")
        self.bus = "unix:path=%s/bus" % self.dir
        self.pulse = "unix:%s/pulse" % self.dir
        self.procs = [subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--nopidfile",
                                        "--address=" + self.bus], stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)]
        pa = self.dir + "/default.pa"
        with open(pa, "w") as f:
            f.write("load-module module-native-protocol-unix socket=%s/pulse auth-anonymous=1\n" % self.dir)
            f.write("load-module module-null-sink sink_name=local rate=48000\n")
            f.write("load-module module-null-sink sink_name=rooms rate=48000 channels=2\n")
            for room, ch in (("room1", "front-left"), ("room2", "front-right")):
                f.write("load-module module-remap-sink sink_name=%s master=rooms channels=1 "
                        "master_channel_map=%s channel_map=mono remix=no\n" % (room, ch))
            f.write("set-default-sink local\n")
        env = dict(os.environ, XDG_RUNTIME_DIR=self.dir, PULSE_RUNTIME_PATH=self.dir, HOME=self.dir)
        self.procs.append(subprocess.Popen(["pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1",
                                            "--use-pid-file=no", "--system=no", "-F", pa], env=env,
                                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_for("bus", lambda: os.path.exists(self.dir + "/bus"))
        wait_for("pulse", lambda: os.path.exists(self.dir + "/pulse"))
        self.env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=self.bus, PULSE_SERVER=self.pulse,
                        XDG_STATE_HOME=self.dir + "/state", XDG_CONFIG_HOME=self.dir + "/config",
                        XDG_CACHE_HOME=self.dir + "/cache", HOME=self.dir)
        wait_for("pulse answers", lambda: subprocess.run(["pactl", "info"], env=self.env,
                                                         capture_output=True).returncode == 0)
        self.snap = []

    def start_snapcast(self, source):
        self.stop_snapcast()
        stream, control = free_port(), free_port()
        conf = self.dir + "/snapserver.conf"
        with open(conf, "w") as f:
            f.write("[server]\ndatadir = %s/snapdata\n[stream]\nsource = %s\nbind_to_address = 127.0.0.1\n"
                    "port = %d\n[http]\nenabled = false\n[tcp]\nenabled = true\nbind_to_address = 127.0.0.1\n"
                    "port = %d\n[logging]\nsink = null\n" % (self.dir, source, stream, control))
        os.makedirs(self.dir + "/snapdata", exist_ok=True)
        self.snap = [subprocess.Popen(["snapserver", "-c", conf], stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL)]
        time.sleep(0.5)
        for room in ("room1", "room2"):
            self.snap.append(subprocess.Popen(
                ["snapclient", "-h", "127.0.0.1", "-p", str(stream), "--hostID", room, "--player",
                 "pulse:server=" + self.pulse, "-s", room, "--logsink", "null"], env=self.env,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        time.sleep(1.0)

    def stop_snapcast(self):
        for p in self.snap:
            p.kill()
            p.wait()
        self.snap = []

    def close(self):
        self.stop_snapcast()
        for p in self.procs:
            p.kill()
            p.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


class Recording:
    """parec of the rooms' monitor (stereo: left room1, right room2), with the arrival time of every block."""

    def __init__(self, rig):
        self.p = subprocess.Popen(["parec", "-d", "rooms.monitor", "--rate=%d" % RATE, "--channels=2",
                                   "--format=s16le", "--latency-msec=5", "--raw"], env=rig.env,
                                  stdout=subprocess.PIPE)
        self.data = bytearray()
        self.arrivals = []  # (frame count after the block, monotonic time)
        self.started = time.monotonic()

    def read_for(self, seconds):
        os.set_blocking(self.p.stdout.fileno(), False)
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            chunk = self.p.stdout.read(4096)
            if chunk:
                self.data += chunk
                self.arrivals.append((len(self.data) // 4, time.monotonic()))
            else:
                time.sleep(0.001)

    def stop(self):
        self.p.kill()
        self.p.wait()
        s = array.array("h")
        s.frombytes(bytes(self.data[: len(self.data) // 4 * 4]))
        return s[0::2], s[1::2]

    def time_of(self, frame):
        for n, t in self.arrivals:
            if n > frame:
                return t
        return None


def onsets(channel, threshold=8000, gap=RATE // 5):
    """Frames where a click starts: |x| over the threshold after at least `gap` quiet frames."""
    found, last = [], -gap
    for i, v in enumerate(channel):
        if abs(v) > threshold:
            if i - last >= gap:
                found.append(i)
            last = i
    return found


def room_offsets_ms(left, right, settle=RATE * 2):
    """Per click, |room2 - room1| in ms; clicks in the first `settle` frames are left out (the clients are still
    finding the server's clock after idle)."""
    l, r = [x for x in onsets(left) if x >= settle], onsets(right)
    pairs = []
    for a in l:
        near = [b for b in r if abs(b - a) < RATE * CLICK_PERIOD / 2]
        if near:
            pairs.append(abs(near[0] - a) * 1000.0 / RATE)
    return pairs


class Linnet:
    label = "linnetd"

    def __init__(self, rig, media, snapcast_port):
        self.rig, self.media, self.port = rig, media, snapcast_port

    # LINNET_PIPE=1: through a pipe source as MPD does, instead of the TCP source.
    pipe = os.environ.get("LINNET_PIPE") == "1"

    def source(self):
        if self.pipe:
            return "pipe://%s/linnetfifo?name=Linnet&mode=create" % self.rig.dir
        return "tcp://127.0.0.1:%d?name=Linnet&mode=server" % self.port

    def start(self, files, snapcast=True, local=True):
        args = [LINNETD, "--no-restore"]
        if local:
            args += ["--output", "local"]
        if snapcast:
            uri = ("pipe://%s/linnetfifo" % self.rig.dir) if self.pipe else "tcp://127.0.0.1:%d" % self.port
            args += ["--output", "snapcast", uri]
        self.proc = subprocess.Popen(args + files, env=self.rig.env, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        wait_for("linnetd", lambda: self.cli("status", check=False).returncode == 0)
        self.cli("stop")

    def cli(self, *args, check=True):
        return subprocess.run([LINNET] + list(args), env=self.rig.env, capture_output=True, check=check)

    def play(self):
        self.cli("play")

    def stop_playback(self):
        self.cli("stop")

    def set_snapcast(self, on):
        self.cli("output", "enable" if on else "disable", "snapcast")

    def pid(self):
        return self.proc.pid

    def close(self):
        self.proc.terminate()
        self.proc.wait()


class Mpd(service_bench.Mpd):
    """MPD with a pulse output and a fifo output into snapserver's pipe source; its protocol helpers (`answers`,
    `mpd`) are the service bench's."""
    label = "mpd 0.23"

    def __init__(self, rig, media, fifo):
        self.rig, self.media, self.fifo = rig, media, fifo

    def source(self):
        return "pipe://%s?name=MPD&mode=create" % self.fifo

    def start(self, files, snapcast=True, local=True):
        d = self.rig.dir + "/mpd"
        os.makedirs(d + "/playlists", exist_ok=True)
        self.sock = d + "/socket"
        with open(d + "/mpd.conf", "w") as f:
            f.write('music_directory "%s"\nplaylist_directory "%s/playlists"\ndb_file "%s/db"\n'
                    'state_file "%s/state"\nbind_to_address "%s"\nauto_update "no"\n'
                    'audio_output {\n type "pulse"\n name "local"\n}\n'
                    'audio_output {\n type "fifo"\n name "snapcast"\n path "%s"\n format "48000:16:2"\n}\n'
                    % (self.media, d, d, d, self.sock, self.fifo))
        self.proc = subprocess.Popen(["mpd", "--no-daemon", d + "/mpd.conf"], env=self.rig.env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for("mpd", self.answers)
        self.mpd("update")
        wait_for("mpd db", lambda: "updating_db" not in self.mpd("status"))
        for f in files:
            self.mpd('add "%s"' % os.path.basename(f))
        self.mpd("enableoutput 0" if local else "disableoutput 0")
        self.mpd("enableoutput 1" if snapcast else "disableoutput 1")

    def play(self):
        self.mpd("play 0")

    def stop_playback(self):
        self.mpd("stop")

    def set_snapcast(self, on):
        self.mpd("enableoutput 1" if on else "disableoutput 1")

    def pid(self):
        return self.proc.pid

    def close(self):
        self.proc.terminate()
        self.proc.wait()


def measure(rig, player, click, tone):
    rows = {}
    rig.start_snapcast(player.source())
    player.start([click], snapcast=True, local=False)
    time.sleep(0.5)
    offsets, latencies = [], []
    for _ in range(ROUNDS):
        rec = Recording(rig)
        rec.read_for(0.3)  # the recording runs before Play: its clock is settled
        t0 = time.monotonic()
        player.play()
        rec.read_for(5.0)
        player.stop_playback()
        left, right = rec.stop()
        offsets += room_offsets_ms(left, right)
        first = onsets(left)
        if first:
            heard = rec.time_of(first[0])
            length = 0
            while first[0] + length < len(left) and abs(left[first[0] + length]) > 8000:
                length += 1
            click = max(0, round(length / 48.0) - 1)  # which click of the track this is (k + 1 ms long)
            if heard is not None:
                latencies.append((heard - t0) * 1000.0 - 5.0 - click * CLICK_PERIOD * 1000.0)
        time.sleep(1.5)  # snapserver goes idle; the rooms empty their buffers
    player.close()
    rows["room offset, median (ms)"] = statistics.median(offsets) if offsets else float("nan")
    rows["room offset, 90th percentile (ms)"] = (
        sorted(offsets)[int(len(offsets) * 0.9)] if offsets else float("nan"))
    rows["Play → first click in a room (ms)"] = statistics.median(latencies) if latencies else float("nan")

    for name, track in ([] if os.environ.get("SKIP_CPU") == "1" else tone):
        cpu = {}
        for snapcast in (False, True):
            samples = []
            player.start([track], snapcast=True, local=True)
            player.set_snapcast(snapcast)
            for _ in range(max(1, ROUNDS // 2)):
                player.play()
                time.sleep(1.0)
                c0 = cpu_seconds(player.pid())
                time.sleep(20.0)
                samples.append((cpu_seconds(player.pid()) - c0) / 20.0 * 100.0)
                player.stop_playback()
            player.close()
            cpu[snapcast] = statistics.median(samples)
        rows["%s: CPU, local only (%% of a core)" % name] = cpu[False]
        rows["%s: CPU, local + Snapcast (%% of a core)" % name] = cpu[True]
        rows["%s: extra CPU for Snapcast (%% of playback CPU)" % name] = (
            (cpu[True] - cpu[False]) / cpu[False] * 100.0 if cpu[False] > 0 else float("nan"))
    rig.stop_snapcast()
    return rows


def main():
    rig = Rig()
    try:
        media = rig.dir + "/media"
        os.makedirs(media)
        click = media + "/click.wav"
        samples = []
        period = int(RATE * CLICK_PERIOD)
        for i in range(int(RATE * 12)):
            # Click k lasts k + 1 ms: a room that starts late (missing the first clicks) still tells which click
            # it heard first.
            v = 30000 if (i % period) < 48 * (i // period + 1) else 0
            samples += [v, v]
        write_wav(click, samples, RATE, 2)
        tone = []
        for rate in (44100, 48000):
            wav, mp3 = media + "/tone%d.wav" % rate, media + "/tone%d.mp3" % rate
            subprocess.run(["sox", "-n", "-r", str(rate), "-c", "2", wav, "synth", "120", "sine", "200-2000",
                            "vol", "0.5"], check=True)
            subprocess.run(["lame", "--quiet", "-b", "192", wav, mp3], check=True)
            tone.append(("MP3 %d Hz%s" % (rate, " (resampled)" if rate != RATE else ""), mp3))
        results = {}
        results["linnetd"] = measure(rig, Linnet(rig, media, free_port()), click, tone)
        print("bench: linnetd %s" % results["linnetd"], file=sys.stderr)
        if shutil.which("mpd") and os.environ.get("SKIP_MPD") != "1":
            results["mpd 0.23"] = measure(rig, Mpd(rig, media, rig.dir + "/snapfifo"), click, tone)
        names = list(results)
        print("| figure | " + " | ".join(names) + (" | linnetd ÷ mpd |" if len(names) > 1 else " |"))
        print("|---" * (len(names) + 1 + (1 if len(names) > 1 else 0)) + "|")
        for key in results["linnetd"]:
            values = [results[n][key] for n in names]
            ratio = ""
            if len(names) > 1 and values[1] and values[1] == values[1]:
                ratio = " | %.2f" % (values[0] / values[1]) if values[1] != 0 else " | –"
            print("| %s | %s%s |" % (key, " | ".join("%.2f" % v for v in values), ratio))
        print("\n(ROUNDS=%d; medians; rooms are two snapclients 0.26 on one machine, snapserver buffer 1000 ms)"
              % ROUNDS)
    finally:
        rig.close()


if __name__ == "__main__":
    main()
