"""The same MPD command sequence to a real mpd and to linnetd on the same tree; prints the normalised replies as
JSON (MPDDifferentialTests compares them). Usage: mpd_differential.py MPD_ADDRESS LINNET_ADDRESS (host:port or a
socket path). Normalised: song ids (they differ by design), Last-Modified/Format/duration, tag order within a song
(both send the file's tags; MPD in file order), Time rounded to seconds; ACK text kept whole.
"""
import socket, sys, json, re

def connect(addr):
    if addr.startswith('/'):
        s = socket.socket(socket.AF_UNIX); s.connect(addr)
    else:
        host, port = addr.rsplit(':', 1); s = socket.create_connection((host, int(port)))
    f = s.makefile('rwb'); f.readline(); return f

def ask(f, line):
    f.write(line.encode() + b'\n'); f.flush()
    out = []
    while True:
        r = f.readline().decode(errors='replace').rstrip('\n')
        if r == '': return out + ['<closed>']
        if r == 'OK': return out
        if r.startswith('ACK'): return out + [re.sub(r'^ACK \[(\d+)@(\d+)\] \{([^}]*)\} ', r'ACK [\1@\2] {\3} ', r)]
        out.append(r)

SONG_KEYS = {'file', 'Title', 'Artist', 'Album', 'Track', 'Pos', 'Genre', 'Date', 'AlbumArtist', 'Disc', 'Composer'}
STATUS_KEYS = {'repeat', 'random', 'single', 'consume', 'playlistlength', 'state', 'song', 'nextsong'}

def sorted_songs(lines):
    """Tag lines sorted inside each song (a song starts at its file: line); other lines kept in order."""
    out, song = [], []
    for l in lines:
        if l.startswith('file: ') and song:
            out += [song[0]] + sorted(song[1:]); song = []
        if l.startswith('file: ') or song:
            song.append(l)
        else:
            out.append(l)
    if song:
        out += [song[0]] + sorted(song[1:])
    return out


def normalise(cmd, lines):
    out = []
    for l in lines:
        if l.startswith('ACK'): out.append(l); continue
        k, _, v = l.partition(': ')
        if cmd.startswith('status'):
            if k in STATUS_KEYS: out.append(l)
        elif k in SONG_KEYS or k == 'Time':
            if k == 'Time': out.append('Time~' + str(round(float(v)))); continue
            out.append(l)
        elif k == 'Id': out.append('Id:<n>')
    return sorted_songs(out)

SEQUENCE = ['clear', 'add 01-intro.mp3', 'add 02-chords.flac', 'add 05-pluck.ogg', 'addid 06-bass.opus',
    'add 07-untagged.wav', 'playlistinfo', 'move 0 3', 'playlistinfo', 'swap 0 1', 'playlistinfo', 'delete 4',
    'playlistinfo', 'playlistinfo 1:3', 'playlistinfo 1', 'status', 'delete 99', 'move 0 99', 'swap 0 99', 'play 99',
    'seek 99 0', 'playid 9999', 'deleteid 9999', 'moveid 9999 0', 'add nosuch.mp3', 'foo', 'repeat 2', 'random x',
    'single 2', 'playlistinfo 5:2', 'delete', 'status 1', 'play "unterminated', 'repeat 1', 'random 1', 'status',
    'repeat 0', 'random 0', 'single 0', 'status', 'plchanges 0', 'plchangesposid 0', 'playlistid 9999', 'ping',
    'delete 0:2', 'playlistinfo', 'clear', 'playlistinfo', 'status', 'currentsong']

a, b = connect(sys.argv[1]), connect(sys.argv[2])
results = []
for cmd in SEQUENCE:
    ra, rb = normalise(cmd, ask(a, cmd)), normalise(cmd, ask(b, cmd))
    results.append({'command': cmd, 'mpd': ra, 'linnet': rb, 'same': ra == rb})
print(json.dumps(results))
