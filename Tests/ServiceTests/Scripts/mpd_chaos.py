"""MPD clients and an MPRIS client at once, seeded: four connections send random commands (good, bad and hostile
lines, command lists, idle/noidle, library queries, queue and playlist edits) while a fifth drives the same
player over D-Bus. Every line must get its OK or ACK within 5 s, and a connection may only be closed by the
server after a line MPD would close it for. Usage: mpd_chaos.py SOCKET SECONDS SEED FILE... Prints a JSON summary.
"""
import json, random, socket, sys, threading, time

SOCKET, SECONDS, SEED = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
FILES = sys.argv[4:]
DIRS = sorted({f.rsplit('/', 1)[0] for f in FILES} | {f.split('/', 1)[0] for f in FILES})
stats = {'lines': 0, 'ok': 0, 'ack': 0, 'reconnects': 0, 'mpris': 0, 'mpris_errors': 0}
violations = []
lock = threading.Lock()


def q(text):
    return '"' + text.replace('\\', '\\\\').replace('"', '\\"') + '"'


def command(r):
    f, d, n = r.choice(FILES), r.choice(DIRS), r.randint(-3, 60)
    pick = r.random()
    if pick < 0.05:  # hostile or malformed
        return r.choice(['play "unterminated', 'nosuchcommand', 'seek', 'add /etc/passwd', 'add ../../etc',
                         'delete 99999:100000', 'setvol 1000', 'play -5', 'list', 'find', '\x7f\x01junk',
                         'search "(Artist =~ \'.*\')"', 'x' * r.randint(1, 3000), 'playlistadd', 'load nosuch',
                         'binarylimit 1', 'tagtypes enable NoSuchTag', 'moveid 9999999999 0'])
    table = [
        'status', 'currentsong', 'stats', 'playlistinfo', 'playlistinfo %d' % n, 'playlistinfo %d:%d' % (n, n + 3),
        'plchanges %d' % r.randint(0, 50), 'play %d' % n, 'pause', 'pause 0', 'pause 1', 'stop', 'next', 'previous',
        'seekcur +%d' % r.randint(0, 5), 'seekcur 0', 'seek %d %d' % (n, r.randint(0, 5)), 'setvol %d' % r.randint(0, 100),
        'volume %d' % r.randint(-20, 20), 'random %d' % r.randint(0, 1), 'repeat %d' % r.randint(0, 1),
        'single %s' % r.choice(['0', '1', 'oneshot']), 'consume %d' % r.randint(0, 1),
        'add ' + q(f), 'add ' + q(d), 'addid ' + q(f), 'addid %s %d' % (q(f), n), 'delete %d' % n,
        'delete %d:%d' % (n, n + 2), 'move %d %d' % (n, r.randint(0, 20)), 'swap %d %d' % (n, r.randint(0, 20)),
        'shuffle', 'clear' if r.random() < 0.2 else 'ping', 'prio 5 %d' % n,
        'lsinfo', 'lsinfo ' + q(d), 'listall ' + q(d), 'listallinfo ' + q(d), 'listfiles ' + q(d),
        'list artist', 'list album group albumartist', 'list title ' + q('(Artist != \'x\')'),
        'find artist ' + q('Björk'), 'search any ' + q(r.choice(['kestrel', 'song', 'night', '夜曲', 'zz'])),
        'find ' + q('(base %s)' % q(d)) + ' sort -Last-Modified window 0:3', 'count group artist',
        'searchadd title ' + q('song 0000%d' % r.randint(0, 3)), 'findadd album ' + q('Album 00001 Sessions'),
        'playlistfind artist ' + q('Björk'), 'playlistsearch title song',
        'save chaos-%d' % r.randint(0, 2), 'save chaos-%d append' % r.randint(0, 2), 'playlistadd chaos-1 ' + q(f),
        'playlistclear chaos-%d' % r.randint(0, 2), 'rm chaos-%d' % r.randint(0, 2), 'listplaylists',
        'listplaylistinfo chaos-%d' % r.randint(0, 2), 'load chaos-%d' % r.randint(0, 2),
        'albumart %s %d' % (q(f), r.choice([0, 0, 100000])), 'readpicture %s 0' % q(f), 'replay_gain_status',
        'replay_gain_mode ' + r.choice(['off', 'track', 'album', 'auto']), 'outputs', 'decoders', 'tagtypes',
        'commands', 'update' if r.random() < 0.05 else 'ping',
    ]
    return r.choice(table)


class Connection:
    def __init__(self):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.settimeout(5)
        self.sock.connect(SOCKET)
        self.file = self.sock.makefile('rwb')
        hello = self.file.readline()
        if not hello.startswith(b'OK MPD '):
            raise RuntimeError('no greeting: %r' % hello)

    def send(self, lines):
        self.file.write(b''.join(l.encode('utf-8', 'surrogateescape') + b'\n' for l in lines))
        self.file.flush()

    def reply(self):
        """Lines up to OK/ACK; None when the server closed the connection."""
        out = []
        while True:
            l = self.file.readline()
            if not l:
                return None
            if l.startswith(b'binary: '):
                self.file.read(int(l.split()[1]) + 1)
                continue
            if l == b'OK\n' or l.startswith(b'ACK '):
                return out + [l]
            out.append(l)

    def close(self):
        try:
            self.file.close(); self.sock.close()
        except OSError:
            pass


def closes(lines):
    """Whether MPD closes the connection after these lines: `close`, or a line that is no command at all (it does
    not start with a letter)."""
    return any(l == 'close' or not l[:1].isalpha() for l in lines)


def mpd_client(k):
    r = random.Random(SEED * 10 + k)
    c = Connection()
    end = time.monotonic() + SECONDS
    while time.monotonic() < end:
        try:
            if r.random() < 0.08:  # a command list
                lines = [command(r) for _ in range(r.randint(1, 5))]
                ok = r.random() < 0.5
                c.send(['command_list_ok_begin' if ok else 'command_list_begin'] + lines + ['command_list_end'])
                line = lines[-1]
                sent = lines
            elif r.random() < 0.05:  # idle, ended by noidle or a change
                c.send(['idle'])
                time.sleep(r.random() * 0.05)
                c.send(['noidle'])  # ignored when the idle already answered: one reply either way
                line = 'idle'
                sent = [line]
            else:
                line = command(r)
                sent = [line]
                c.send([line])
            reply = c.reply()
            with lock:
                stats['lines'] += 1
                if reply is None:
                    if not closes(sent):
                        violations.append('closed after %r' % line)
                    stats['reconnects'] += 1
                elif reply[-1].startswith(b'ACK'):
                    stats['ack'] += 1
                else:
                    stats['ok'] += 1
            if reply is None or closes(sent):
                # MPD answers a line that is no command with an ACK and then closes: so does linnetd.
                c.close()
                c = Connection()
        except socket.timeout:
            with lock:
                violations.append('no reply within 5 s to %r' % line)
            c.close()
            c = Connection()
        except (ConnectionError, OSError) as e:
            with lock:
                violations.append('connection error after %r: %s' % (line, e))
            c = Connection()
    c.close()


def mpris_client():
    import dbus
    r = random.Random(SEED)
    bus = dbus.SessionBus()
    player = dbus.Interface(bus.get_object('org.mpris.MediaPlayer2.linnet', '/org/mpris/MediaPlayer2'),
                            'org.mpris.MediaPlayer2.Player')
    props = dbus.Interface(bus.get_object('org.mpris.MediaPlayer2.linnet', '/org/mpris/MediaPlayer2'),
                           'org.freedesktop.DBus.Properties')
    P = 'org.mpris.MediaPlayer2.Player'
    end = time.monotonic() + SECONDS
    while time.monotonic() < end:
        try:
            action = r.choice(['Next', 'Previous', 'PlayPause', 'Pause', 'Play', 'Stop', 'Volume', 'Loop', 'Shuffle',
                               'Seek', 'Get'])
            if action == 'Volume':
                props.Set(P, 'Volume', dbus.Double(r.random()))
            elif action == 'Loop':
                props.Set(P, 'LoopStatus', r.choice(['None', 'Track', 'Playlist']))
            elif action == 'Shuffle':
                props.Set(P, 'Shuffle', dbus.Boolean(r.random() < 0.5))
            elif action == 'Seek':
                player.Seek(dbus.Int64(r.randint(-5, 5) * 1000000))
            elif action == 'Get':
                props.GetAll(P)
            else:
                getattr(player, action)()
            with lock:
                stats['mpris'] += 1
        except dbus.exceptions.DBusException as e:
            with lock:
                stats['mpris_errors'] += 1
                if 'NoReply' in str(e) or 'ServiceUnknown' in str(e) or 'Disconnected' in str(e):
                    violations.append('MPRIS %s: %s' % (action, e))
        time.sleep(r.random() * 0.05)


threads = [threading.Thread(target=mpd_client, args=(k,)) for k in range(4)]
threads.append(threading.Thread(target=mpris_client))
for t in threads:
    t.start()
for t in threads:
    t.join()
print(json.dumps({'stats': stats, 'violations': violations[:20], 'violation_count': len(violations)}))
