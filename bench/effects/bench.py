#!/usr/bin/python3
"""Effects / recorder / meters benchmark (issue 13). Usage: bench.py LINNETD

1. Metering: linnetd's CPU while playing, with and without a client that enabled meters (Levels at 20/s).
2. Effect latency: the music frame heard when the effect is asked for (linnetd's Position) against the music frame
   the null sink's monitor carries next to the effect's first sample, for linnet PlayEffect, `pactl play-sample`
   (the same sample cache, from a new process) and `paplay` (a new stream per sound).
3. Recorder: CPU per minute of recording the monitor while music plays (linnetd's CPU minus its playback-only CPU)
   next to `parecord --file-format=…` and `parec | flac` on the same source.
CPU is read from /proc/PID/task/*/schedstat (ns), wake-ups from its third field (times a thread was scheduled in).
Medians over BENCH_ROUNDS rounds. BENCH_ONLY=meters runs only part 1; BENCH_PERF=1 also splits linnetd's
meters-on CPU with `perf record -g` into measuring (the render path's meter) and delivering (the Levels signal).
"""
import os, shutil, signal, statistics, struct, subprocess, sys, tempfile, time

import dbus
import dbus.mainloop.glib
from gi.repository import GLib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "service"))
import bench as service  # noqa: E402  (Servers)

dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
PATH = "/org/mpris/MediaPlayer2"
BUS = "org.mpris.MediaPlayer2.linnet"
PLAYER = "org.mpris.MediaPlayer2.Player"
EFFECTS = BUS + ".Effects"
RECORDER = BUS + ".Recorder"
METERS = BUS + ".Meters"
SECONDS = float(os.environ.get("BENCH_SECONDS", "10"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
RATE = 44100


def wait_for(what, cond, timeout=20.0):
    deadline = time.monotonic() + timeout
    ctx = GLib.MainContext.default()
    while not cond():
        if time.monotonic() > deadline:
            raise RuntimeError("timed out waiting for " + what)
        ctx.iteration(False) or time.sleep(0.002)


def spin(seconds):
    end = time.monotonic() + seconds
    ctx = GLib.MainContext.default()
    while time.monotonic() < end:
        ctx.iteration(False) or time.sleep(0.002)


def cpu_ns(pids, field=0):
    """Sum over the threads of `pids` of a schedstat field: 0 = CPU ns, 2 = times scheduled in (wake-ups)."""
    total = 0
    for pid in pids:
        base = "/proc/%d/task" % pid
        try:
            tids = os.listdir(base)
        except OSError:
            continue
        for tid in tids:
            try:
                with open(os.path.join(base, tid, "schedstat")) as f:
                    total += int(f.read().split()[field])
            except OSError:
                pass
    return total


def sine_wav(path, seconds):
    subprocess.run(["sox", "-r", "44100", "-c", "2", "-b", "16", "-n", path, "synth", str(seconds), "sine", "440",
                    "vol", "0.5"], check=True)


def counting_wav(path, frames):
    """Stereo s16: left = frame & 0xffff, right = (frame >> 16) ^ 0x2A5A (every frame says where it is)."""
    import array
    samples = array.array("H", bytes(frames * 4))
    for i in range(frames):
        samples[2 * i] = i & 0xffff
        samples[2 * i + 1] = ((i >> 16) ^ 0x2A5A) & 0xffff
    data = samples.tobytes()
    with open(path, "wb") as f:
        f.write(b"RIFF" + struct.pack("<I", 36 + len(data)) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 2, RATE,
                RATE * 4, 4, 16) + b"data" + struct.pack("<I", len(data)) + data)


def constant_wav(path, frames, value):
    data = struct.pack("<hh", value, value) * frames
    with open(path, "wb") as f:
        f.write(b"RIFF" + struct.pack("<I", 36 + len(data)) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 2, RATE,
                RATE * 4, 4, 16) + b"data" + struct.pack("<I", len(data)) + data)


def source_frame(l, r):
    high = ((r & 0xffff) ^ 0x2A5A)
    frame = (high << 16) | (l & 0xffff)
    return frame if frame < RATE * 3600 and (((frame >> 16) ^ 0x2A5A) & 0xffff) == (r & 0xffff) else None


def Servers():
    """bench/service's private bus and pulseaudio; the null sink without rewinds, so the monitor shows what the
    sink renders."""
    return service.Servers(prefix="effects", sink_options="norewinds=1",
                           settle=0.3)  # pulseaudio finishes loading modules after creating its socket


class Linnetd:
    def __init__(self, servers, binary, tracks):
        self.s = servers
        self.proc = subprocess.Popen([binary, "--state-dir", servers.dir + "/state", "--no-restore"] + tracks,
                                     env=servers.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for("linnetd", lambda: servers.bus.name_has_owner(BUS))
        self.obj = servers.bus.get_object(BUS, PATH)
        wait_for("playing", lambda: self.get(PLAYER, "PlaybackStatus") == "Playing")

    def get(self, iface, name):
        return self.obj.Get(iface, name, dbus_interface="org.freedesktop.DBus.Properties")

    def call(self, iface, method, *args):
        return getattr(dbus.Interface(self.obj, iface), method)(*args)

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(timeout=10)


def metering(binary, tmp):
    """linnetd's CPU per window of playback with meters off and on, alternating."""
    wav = os.path.join(tmp, "music.wav")
    sine_wav(wav, int(SECONDS * 2 * ROUNDS + 10))
    s = Servers()
    try:
        d = Linnetd(s, binary, [wav])
        spin(1)
        levels = []
        listener = dbus.bus.BusConnection(s.bus_address)
        listener.add_signal_receiver(lambda *a: levels.append(a), "Levels", METERS, path=PATH)
        off, on, off_all, on_all, off_runs, on_runs = [], [], [], [], [], []
        everyone = [d.proc.pid] + [p.pid for p in s.procs]  # linnetd, dbus-daemon, pulseaudio
        for _ in range(ROUNDS):
            c0, a0, r0 = cpu_ns([d.proc.pid]), cpu_ns(everyone), cpu_ns([d.proc.pid], 2)
            spin(SECONDS)
            off.append(cpu_ns([d.proc.pid]) - c0); off_all.append(cpu_ns(everyone) - a0)
            off_runs.append(cpu_ns([d.proc.pid], 2) - r0)
            listener.call_blocking(BUS, PATH, METERS, "EnableMeters", "b", (True,))
            spin(0.2)
            n0 = len(levels)
            c0, a0, r0 = cpu_ns([d.proc.pid]), cpu_ns(everyone), cpu_ns([d.proc.pid], 2)
            spin(SECONDS)
            on.append(cpu_ns([d.proc.pid]) - c0); on_all.append(cpu_ns(everyone) - a0)
            on_runs.append(cpu_ns([d.proc.pid], 2) - r0)
            rate = (len(levels) - n0) / SECONDS
            listener.call_blocking(BUS, PATH, METERS, "EnableMeters", "b", (False,))
            spin(0.2)
        split = perf_split(d.proc.pid, listener) if os.environ.get("BENCH_PERF") == "1" else None
        d.stop()
        apart = costs_apart(binary, s.bus_address)
        return (statistics.median(off), statistics.median(on), rate,
                statistics.median(off_all), statistics.median(on_all),
                statistics.median(off_runs), statistics.median(on_runs), split, apart)
    finally:
        s.close()


def costs_apart(binary, bus_address):
    """linnet-bench-meter's figures: ns to meter SECONDS of audio, ns per Levels signal (generic, prepared)."""
    tool = os.environ.get("BENCH_METER_TOOL") or os.path.join(os.path.dirname(binary), "linnet-bench-meter")
    if not os.path.exists(tool):
        return None
    out = subprocess.run([tool, "measure", "%d" % SECONDS], capture_output=True, text=True, check=True).stdout
    out += subprocess.run([tool, "deliver", bus_address, "100"], capture_output=True, text=True, check=True).stdout
    return {k: int(v) for k, v in (line.split() for line in out.splitlines() if line.strip())}


def perf_split(pid, listener):
    """Shares of linnetd's meters-on CPU (samples with the frame anywhere on the stack): measuring, delivering."""
    data = tempfile.mktemp(prefix="linnet-bench-perf-")
    listener.call_blocking(BUS, PATH, METERS, "EnableMeters", "b", (True,))
    spin(0.2)
    rec = subprocess.Popen(["perf", "record", "-q", "-F", "2000", "--call-graph", "dwarf,32768", "-o", data, "-p", str(pid)],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    spin(SECONDS)
    rec.send_signal(signal.SIGINT)
    rec.wait(timeout=30)
    listener.call_blocking(BUS, PATH, METERS, "EnableMeters", "b", (False,))
    out = subprocess.run(["perf", "script", "-i", data, "-F", "tid,ip,sym"], capture_output=True, text=True).stdout
    os.unlink(data)
    if os.environ.get("BENCH_PERF_OUT"):
        with open(os.environ["BENCH_PERF_OUT"], "w") as f:
            f.write(out)
    total = measuring = delivering = 0
    for stack in out.split("\n\n"):
        if not stack.strip():
            continue
        total += 1
        if "publishLevelsIfDue" in stack:
            delivering += 1
        elif any(m in stack for m in ("MeterHistory", "LevelStatistics", "5meter_6atByte", "meter(_:atByte")):
            measuring += 1
    return (measuring / total, delivering / total) if total else None


def effect_latency(binary, tmp):
    """Latency in ms for linnet PlayEffect, pactl play-sample and paplay, 15 each."""
    wav = os.path.join(tmp, "music.wav")
    counting_wav(wav, RATE * 60)
    clip = os.path.join(tmp, "beep.wav")
    constant_wav(clip, 2205, 3000)
    s = Servers()
    results = {}
    try:
        d = Linnetd(s, binary, [wav])
        spin(1)
        effect = d.call(EFFECTS, "LoadEffect", "file://" + clip)
        subprocess.run(["pactl", "upload-sample", clip, "bench-beep"], env=s.env, check=True)
        raw = os.path.join(tmp, "monitor.raw")
        parec = subprocess.Popen(["parec", "--raw", "--format=s16le", "--rate=44100", "--channels=2",
                                  "--latency-msec=20", "-d", "bench.monitor"], env=s.env,
                                 stdout=open(raw, "wb"), stderr=subprocess.DEVNULL)
        spin(1)
        asked = []  # (method, music frame heard when asked)
        methods = [("linnet PlayEffect", lambda: d.call(EFFECTS, "PlayEffect", dbus.UInt32(effect), 1.0)),
                   ("pactl play-sample", lambda: subprocess.run(["pactl", "play-sample", "bench-beep"], env=s.env)),
                   ("paplay (a new stream)", lambda: subprocess.Popen(["paplay", clip], env=s.env))]
        for name, play in methods:
            for _ in range(15):
                heard = int(d.get(PLAYER, "Position")) * RATE // 1_000_000
                play()
                asked.append((name, heard))
                spin(0.35)
        spin(0.5)
        parec.kill(); parec.wait()
        data = open(raw, "rb").read()
        frames = len(data) // 4
        starts = []  # music frame at each effect start
        previous, inside = None, False
        for i in range(frames):
            l, r = struct.unpack_from("<hh", data, 4 * i)
            f = source_frame(l, r)
            if f is None:
                if not inside and previous is not None:
                    starts.append(previous + 1)
                inside = True
            else:
                inside = False
                previous = f
        # Match each request with the first effect start after it.
        for name, heard in asked:
            later = [x for x in starts if x >= heard - RATE // 100]
            if later:
                results.setdefault(name, []).append((later[0] - heard) * 1000.0 / RATE)
                starts.remove(later[0])
        d.stop()
        return results
    finally:
        s.close()


def recorder(binary, tmp):
    """CPU ms per minute of recording the monitor while music plays."""
    wav = os.path.join(tmp, "music.wav")
    sine_wav(wav, int(SECONDS * 8 * ROUNDS + 20))
    s = Servers()
    rows = {}
    try:
        d = Linnetd(s, binary, [wav])
        spin(1)
        per_minute = 60.0 / SECONDS
        base = []
        for _ in range(ROUNDS):
            c0 = cpu_ns([d.proc.pid]); spin(SECONDS); base.append(cpu_ns([d.proc.pid]) - c0)
        baseline = statistics.median(base)
        for fmt, ext in [("flac", "flac"), ("wav", "wav")]:
            ours, theirs, pipe = [], [], []
            for r in range(ROUNDS):
                out = os.path.join(tmp, "linnet-%d.%s" % (r, ext))
                d.call(RECORDER, "StartRecording", out, dbus.Dictionary({"source": dbus.String("@monitor", variant_level=1)},
                                                                         signature="sv"))
                spin(0.3)
                c0 = cpu_ns([d.proc.pid]); spin(SECONDS); ours.append(cpu_ns([d.proc.pid]) - c0 - baseline)
                d.call(RECORDER, "StopRecording")
                out = os.path.join(tmp, "parecord-%d.%s" % (r, ext))
                p = subprocess.Popen(["parecord", "-d", "bench.monitor", "--file-format=" + fmt, out], env=s.env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                spin(0.3)
                c0 = cpu_ns([p.pid]); spin(SECONDS); theirs.append(cpu_ns([p.pid]) - c0)
                p.send_signal(signal.SIGINT); p.wait()
                if fmt == "flac":
                    out = os.path.join(tmp, "pipe-%d.flac" % r)
                    a = subprocess.Popen(["parec", "--raw", "--format=s16le", "--rate=44100", "--channels=2", "-d",
                                          "bench.monitor"], env=s.env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
                    b = subprocess.Popen(["flac", "-s", "-f", "--force-raw-format", "--endian=little", "--sign=signed",
                                          "--channels=2", "--bps=16", "--sample-rate=44100", "-o", out, "-"],
                                         stdin=a.stdout, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                    spin(0.3)
                    c0 = cpu_ns([a.pid, b.pid]); spin(SECONDS); pipe.append(cpu_ns([a.pid, b.pid]) - c0)
                    a.kill(); a.wait(); b.wait()
            rows[fmt] = (statistics.median(ours) * per_minute, statistics.median(theirs) * per_minute,
                         statistics.median(pipe) * per_minute if pipe else None)
        d.stop()
        return baseline * per_minute, rows
    finally:
        s.close()


def main():
    binary = sys.argv[1]
    tmp = tempfile.mkdtemp(prefix="linnet-bench-effects-media-")
    try:
        off, on, rate, off_all, on_all, off_runs, on_runs, split, apart = metering(binary, tmp)
        print("### Level meters (linnetd playing a 44.1 kHz s16 WAV; CPU per %g s, median of %d)" % (SECONDS, ROUNDS))
        print()
        print("| | linnetd CPU ms | vs meters off | linnetd wake-ups | linnetd + pulseaudio + dbus-daemon CPU ms"
              " | vs meters off |")
        print("|---|---|---|---|---|---|")
        print("| meters off | %.1f | 1.00 | %d | %.1f | 1.00 |" % (off / 1e6, off_runs, off_all / 1e6))
        print("| meters on (one listener, %.1f Levels/s) | %.1f | %+.1f %% | %d (%+.2f per Levels) | %.1f | %+.1f %% |" % (
            rate, on / 1e6, (on - off) * 100.0 / off, on_runs, (on_runs - off_runs) / max(rate * SECONDS, 1),
            on_all / 1e6, (on_all - off_all) * 100.0 / off_all))
        print()
        if apart:
            sent = rate * SECONDS
            print("### Metering's two costs apart (linnet-bench-meter; CPU per %g s of playback at %.1f Levels/s)" % (
                SECONDS, rate))
            print()
            print("| | CPU ms | vs meters-off linnetd |")
            print("|---|---|---|")
            rows = [("measuring (MeterHistory.record + take, 44.1 kHz stereo s16)", apart["measure-ns"]),
                    ("delivering Levels, generic emitSignal (DBusValue tree)", apart["deliver-generic-ns"] * sent),
                    ("delivering Levels, prepared signal (what linnetd uses)", apart["deliver-prepared-ns"] * sent)]
            for name, ns in rows:
                print("| %s | %.2f | %+.1f %% |" % (name, ns / 1e6, ns * 100.0 / off))
            print()
        if split:
            print("linnetd meters-on CPU by perf (samples with it on the stack): measuring %.1f %%, delivering"
                  " Levels %.1f %%; against the meters-off playback CPU that is measuring %+.1f %%, delivering"
                  " %+.1f %%." % (split[0] * 100, split[1] * 100, split[0] * on * 100 / off, split[1] * on * 100 / off))
            print()
        if os.environ.get("BENCH_ONLY") == "meters":
            return
        lat = effect_latency(binary, tmp)
        print("### Effect latency: asked → first sample on the monitor (ms; null sink, music playing)")
        print()
        print("| | n | median | p90 | max |")
        print("|---|---|---|---|---|")
        for name in ["linnet PlayEffect", "pactl play-sample", "paplay (a new stream)"]:
            v = sorted(lat.get(name, []))
            if v:
                print("| %s | %d | %.1f | %.1f | %.1f |" % (name, len(v), statistics.median(v),
                                                           v[min(len(v) - 1, int(len(v) * 0.9))], v[-1]))
        print()
        baseline, rows = recorder(binary, tmp)
        print("### Recorder: CPU ms per minute of recording the monitor (median of %d × %g s)" % (ROUNDS, SECONDS))
        print()
        print("| format | linnetd (minus its %.0f ms/min of playback) | parecord --file-format | parec \\| flac |"
              % (baseline / 1e6))
        print("|---|---|---|---|")
        for fmt in ["flac", "wav"]:
            ours, theirs, pipe = rows[fmt]
            print("| %s | %.0f | %.0f | %s |" % (fmt, ours / 1e6, theirs / 1e6, "%.0f" % (pipe / 1e6) if pipe else "—"))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
