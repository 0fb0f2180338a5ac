#!/usr/bin/python3
"""Makes a large music folder for the queue benchmark and the scale tests.

Usage: make-tree.py DIR [TRACKS]   (default 100000)
Three short MP3s (two tagged, one untagged) and one tagged FLAC are encoded once with sox, lame and flac, then
hard-linked into album folders of 20 tracks ("Artist NNN/Album NNNN/NN Track.mp3"), so 100,000 tracks take four
small files' worth of disk. Prints the number of tracks made.
"""
import os, subprocess, sys

def main():
    root = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 100000
    seed = os.path.join(root, ".seed")
    os.makedirs(seed, exist_ok=True)
    sources = [os.path.join(seed, n) for n in ("a.mp3", "b.mp3", "c.mp3", "c.flac")]
    if not all(os.path.exists(s) for s in sources):
        for n in "abc":
            subprocess.run(["sox", "-q", "-r", "44100", "-c", "2", "-b", "16", "-n", f"{seed}/{n}.wav",
                            "synth", "2", "sine", "440", "gain", "-12"], check=True)
        subprocess.run(["lame", "--quiet", "-b", "64", "--tt", "Song A", "--ta", "Artist A", "--tl", "Album A",
                        f"{seed}/a.wav", f"{seed}/a.mp3"], check=True)
        subprocess.run(["lame", "--quiet", "-b", "64", "--tt", "Song B", "--ta", "Artist B", "--tl", "Album B",
                        f"{seed}/b.wav", f"{seed}/b.mp3"], check=True)
        subprocess.run(["lame", "--quiet", "-b", "64", f"{seed}/c.wav", f"{seed}/c.mp3"], check=True)
        subprocess.run(["flac", "--silent", "-f", "-T", "TITLE=Song C", "-T", "ARTIST=Artist C",
                        "-o", f"{seed}/c.flac", f"{seed}/c.wav"], check=True)
        for n in "abc":
            os.unlink(f"{seed}/{n}.wav")
    for i in range(count):
        album = i // 20
        folder = os.path.join(root, "Artist %03d" % (album // 10), "Album %04d" % album)
        if i % 20 == 0:
            os.makedirs(folder, exist_ok=True)
        src = sources[i % 4]
        target = os.path.join(folder, "%02d Track.%s" % (i % 20 + 1, "flac" if i % 4 == 3 else "mp3"))
        if not os.path.exists(target):
            os.link(src, target)
    print(count)

if __name__ == "__main__":
    main()
