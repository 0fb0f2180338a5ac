"""The same MPD command sequence to a real mpd and to linnetd on the same tree; prints the normalised replies as
JSON (MPDDifferentialTests compares them). Usage: mpd_differential.py MPD_ADDRESS LINNET_ADDRESS [library]
(host:port or a socket path; `library`: the database commands on a generated tree instead of the queue ones). Normalised: song ids (they differ by design), Last-Modified/Format/duration, tag order within a song
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
        if (l.startswith('file: ') or l.startswith('directory: ')) and song:
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

def normalise_library(lines):
    """Database replies: everything but Format (Linnet's library keeps no bit depth) and duration (Time is kept,
    rounded), tag lines sorted inside each song."""
    out = []
    for l in lines:
        k, _, v = l.partition(': ')
        if k in ('Format', 'duration'): continue
        if k == 'Time': out.append('Time~' + str(round(float(v)))); continue
        if k == 'Id': out.append('Id:<n>'); continue
        out.append(l)
    return sorted_songs(out)


def quote(text):
    return '"' + text.replace('\\', '\\\\').replace('"', '\\"') + '"'


def library_sequence(f):
    """Commands over the generated tree, with names taken from MPD's own answers."""
    first = lambda lines, key: next(l.split(': ', 1)[1] for l in lines if l.startswith(key + ': '))
    artist = first(ask(f, 'list artist'), 'Artist')
    album = first(ask(f, 'list album'), 'Album')
    top = first(ask(f, 'lsinfo'), 'directory')
    sub = first(ask(f, 'lsinfo ' + quote(top)), 'directory')
    title = first(ask(f, 'find album ' + quote(album)), 'Title')
    expr = lambda e: quote(e)
    return ['lsinfo', 'lsinfo ' + quote(top), 'lsinfo ' + quote(sub), 'listfiles ' + quote(sub), 'listall',
        'listall ' + quote(top), 'listallinfo ' + quote(top), 'list artist', 'list album', 'list albumartist',
        'list genre', 'list date', 'list composer', 'list title', 'list album group albumartist',
        'list album group date', 'list album ' + expr("(Artist == '%s')" % artist),
        'list title album ' + quote(album), 'find artist ' + quote(artist), 'find artist ' + quote(artist.upper()),
        'search artist ' + quote(artist.upper()), 'find album ' + quote(album) + ' sort Title',
        'find album ' + quote(album) + ' sort -Track window 0:2', 'search title ' + quote(title[:4].lower()),
        'search any ' + quote(title[:4].lower()), 'find ' + expr("(Title == '%s')" % title),
        'find ' + expr("((Artist == '%s') AND (Album != '%s'))" % (artist, album)),
        'find ' + expr("(base '%s')" % sub), 'find ' + expr("(Title starts_with '%s')" % title[:3]),
        'find ' + expr("(modified-since '2000-01-01T00:00:00Z')") + ' window 0:3',
        'search ' + expr("(file contains '%s')" % sub.split('/')[-1][:3]),
        'count artist ' + quote(artist), 'count group artist', 'count group album ' + expr("(Artist == '%s')" % artist),
        'searchcount title ' + quote(title[:4].lower()), 'find artist', 'list', 'lsinfo nosuchdir',
        'find nosuchtag x', 'search ' + expr("(Title =~ 'x')"), 'list album group', 'count group',
        'clear', 'findadd album ' + quote(album), 'playlistinfo', 'playlistfind album ' + quote(album),
        'playlistsearch title ' + quote(title[:4].lower()), 'searchadd artist ' + quote(artist.upper()),
        'playlistid', 'clear']


a, b = connect(sys.argv[1]), connect(sys.argv[2])
library = len(sys.argv) > 3 and sys.argv[3] == 'library'
if library:
    SEQUENCE = library_sequence(a)
results = []
for cmd in SEQUENCE:
    if library:
        ra, rb = normalise_library(ask(a, cmd)), normalise_library(ask(b, cmd))
    else:
        ra, rb = normalise(cmd, ask(a, cmd)), normalise(cmd, ask(b, cmd))
    results.append({'command': cmd, 'mpd': ra, 'linnet': rb, 'same': ra == rb})
print(json.dumps(results))
