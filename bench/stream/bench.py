#!/usr/bin/python3
"""Stream benchmark: OpenUri -> first audible sample (HTTP MP3 file, HTTP M4A with its moov at the end, HLS of
AAC in MPEG-TS, ICY radio), RSS while streaming, CPU per
minute of a 128 kbit/s stream. linnetd next to mpv (loadfile over its IPC socket) on the same URLs, each on its own
private dbus-daemon + pulseaudio; what is heard is read from the null sink's monitor (parec, 10 ms latency), so
both players pay the same capture delay. Usage: bench.py LINNETD
"""
import importlib.util, json, os, socket, statistics, subprocess, sys, tempfile, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("service_bench", os.path.join(HERE, "..", "service", "bench.py"))
sb = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sb)
import dbus

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "7"))
SERVER = os.path.join(HERE, "..", "..", "Tests", "StreamingTests", "Fixtures", "stream_server.py")


class Monitor:
    """parec on the sink monitor: remembers when the first loud sample after `arm()` arrived."""

    def __init__(self, env):
        self.proc = subprocess.Popen(["parec", "--raw", "--format=s16le", "--rate=44100", "--channels=2",
                                      "--latency-msec=10", "-d", "bench.monitor"], env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.lock = threading.Lock()
        self.armed = False
        self.heard = None
        self.last_loud = time.monotonic()
        threading.Thread(target=self.loop, daemon=True).start()

    def loop(self):
        import array
        while True:
            data = self.proc.stdout.read1(4096) if hasattr(self.proc.stdout, "read1") else self.proc.stdout.read(4096)
            now = time.monotonic()
            if not data:
                return
            if len(data) % 2:
                data = data[:-1]
            samples = array.array("h", data)
            loud = any(abs(s) > 1000 for s in samples)
            with self.lock:
                if loud:
                    self.last_loud = now
                if self.armed and self.heard is None and loud:
                    self.heard = now

    def arm(self):
        """Waits for 300 ms of silence (the previous round is over), then watches for sound."""
        sb.wait_for("silence", lambda: time.monotonic() - self.last_loud > 0.3)
        with self.lock:
            self.armed, self.heard = True, None

    def wait(self, timeout=15):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                if self.heard is not None:
                    return self.heard
            time.sleep(0.002)
        raise RuntimeError("nothing heard within %s s" % timeout)

    def close(self):
        self.proc.kill()
        self.proc.wait()


class LinnetPlayer:
    label = "linnetd"

    def __init__(self, servers, binary):
        self.servers = servers
        self.proc = subprocess.Popen([binary, "--no-restore"], env=servers.env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        bus = servers.bus
        sb.wait_for("linnetd on the bus", lambda: bus.name_has_owner("org.mpris.MediaPlayer2.linnet"))
        self.player = dbus.Interface(bus.get_object("org.mpris.MediaPlayer2.linnet", "/org/mpris/MediaPlayer2"),
                                     "org.mpris.MediaPlayer2.Player")
        self.pids = [self.proc.pid]

    def open(self, url):
        self.player.OpenUri(url)

    def stop(self):
        self.player.Stop()

    def close(self):
        self.proc.terminate()
        self.proc.wait()


class MpvPlayer:
    label = "mpv"

    def __init__(self, servers):
        self.sock = os.path.join(servers.dir, "mpv.sock")
        self.proc = subprocess.Popen(["mpv", "--idle", "--no-video", "--no-config", "--really-quiet", "--ao=pulse",
                                      "--input-ipc-server=" + self.sock], env=servers.env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        sb.wait_for("mpv's socket", lambda: os.path.exists(self.sock))
        self.pids = [self.proc.pid]

    def command(self, *args):
        s = socket.socket(socket.AF_UNIX)
        s.connect(self.sock)
        s.sendall((json.dumps({"command": list(args)}) + "\n").encode())
        s.recv(4096)
        s.close()

    def open(self, url):
        self.command("loadfile", url)

    def stop(self):
        self.command("stop")

    def close(self):
        self.proc.terminate()
        self.proc.wait()


def first_sound(player, monitor, url):
    times = []
    for _ in range(ROUNDS):
        monitor.arm()
        t0 = time.monotonic()
        player.open(url)
        try:
            times.append((monitor.wait() - t0) * 1000)
        except RuntimeError as e:
            sys.stderr.write("%s: %s: %s\n" % (player.label, url, e))
            return float("nan")
        finally:
            player.stop()
    return statistics.median(times)


def streaming_load(player, url, seconds=20):
    player.open(url)
    time.sleep(5)  # settle: buffers full
    before = sb.per_thread(player.pids)
    time.sleep(seconds)
    after = sb.per_thread(player.pids)
    cpu_ns, _, _ = sb.delta(before, after)
    rss = sb.memory_kb(player.pids, "Rss") / 1024
    player.stop()
    return cpu_ns / 1e9 * 60 / seconds, rss


def main():
    binary = sys.argv[1]
    media = tempfile.mkdtemp(prefix="linnet-bench-stream-")
    subprocess.run(["sox", "-r", "44100", "-c", "2", "-n", media + "/tone.wav", "synth", "60", "sine", "440",
                    "vol", "0.5"], check=True)
    subprocess.run(["lame", "--quiet", "-b", "128", media + "/tone.wav", media + "/tone.mp3"], check=True)
    for out in ("tone.m4a", "tone-aac.ts"):    # ffmpeg's MP4 muxer puts the moov at the end
        subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", media + "/tone.wav", "-c:a", "aac",
                        "-b:a", "128k", media + "/" + out], check=True)
    server = subprocess.Popen(["/usr/bin/python3", SERVER, media], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    port = int(server.stdout.readline().split()[1])
    file_url = "http://127.0.0.1:%d/f/tone.mp3" % port
    icy_url = "http://127.0.0.1:%d/icy/tone.mp3?metaint=16000" % port
    m4a_url = "http://127.0.0.1:%d/f/tone.m4a" % port
    hls_url = "http://127.0.0.1:%d/hls/tone-aac.ts.m3u8?live=0" % port
    rows = []
    try:
        for make in (lambda s: LinnetPlayer(s, binary), MpvPlayer):
            servers = sb.Servers()
            env = dict(servers.env, no_proxy="127.0.0.1")
            servers.env = env
            player = make(servers)
            monitor = Monitor(env)
            try:
                file_ms = first_sound(player, monitor, file_url)
                m4a_ms = first_sound(player, monitor, m4a_url)
                hls_ms = first_sound(player, monitor, hls_url)
                icy_ms = first_sound(player, monitor, icy_url)
                cpu, rss = streaming_load(player, icy_url)
                rows.append((player.label, file_ms, m4a_ms, hls_ms, icy_ms, rss, cpu))
            finally:
                monitor.close()
                player.close()
                servers.close()
    finally:
        server.kill()
        server.wait()
    l, m = rows[0], rows[1]
    print("| | OpenUri → first sound, HTTP MP3 (median of %d) | …, HTTP M4A (moov at end) | …, HLS AAC in TS | "
          "…, ICY stream | RSS while streaming | CPU s per minute of 128 kbit/s |" % ROUNDS)
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print("| %s | %.0f ms | %.0f ms | %.0f ms | %.0f ms | %.1f MB | %.2f s |" % r)
    print("| linnetd / mpv | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |" % tuple(l[i] / m[i] for i in range(1, 7)))
    print()
    print("All traffic to the fixture server on 127.0.0.1; the ICY stream is sent at twice real time.")


if __name__ == "__main__":
    main()
