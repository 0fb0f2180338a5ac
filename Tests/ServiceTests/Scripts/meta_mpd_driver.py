"""Runs Snapcast's real meta_mpd.py plug-in against an MPD server and drives it as snapserver does: JSON-RPC
requests on its stdin, notifications and replies on its stdout. Prints one JSON object of what it saw
(SnapcastMetaMPDTests checks it).

Usage: meta_mpd_driver.py PLUGIN MPD_SOCKET

The plug-in looks cover art up on MusicBrainz for every new song; offline (tests) that look-up is answered
"nothing found" in this process (musicbrainzngs' two calls replaced), so nothing leaves the machine and the
plug-in's own code runs unchanged.
"""
import json, queue, subprocess, sys, tempfile, threading, time
import mpd

PLUGIN, SOCKET = sys.argv[1], sys.argv[2]
TIMEOUT = 20

LAUNCH = """
import runpy, sys, musicbrainzngs
musicbrainzngs.search_releases = lambda **kw: {'release-list': []}
musicbrainzngs.get_image_list = lambda mbid: {'images': []}
sys.argv = [sys.argv[1], '--mpd-host=' + sys.argv[2]]
runpy.run_path(sys.argv[0], run_name='__main__')
"""

# Its log goes to a file: a pipe nobody reads could fill and stop it.
log = tempfile.TemporaryFile(mode='w+')
plugin = subprocess.Popen([sys.executable, '-c', LAUNCH, PLUGIN, SOCKET], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=log, text=True, bufsize=1)
lines = queue.Queue()


def read():
    for line in plugin.stdout:
        lines.put(line)
    lines.put(None)  # the plug-in ended


threading.Thread(target=read, daemon=True).start()
seen = []


def expect(what, predicate):
    """The first message from the plug-in (after those already taken) that `predicate` accepts."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        left = deadline - time.monotonic()
        try:
            line = lines.get(timeout=max(left, 0.001))
        except queue.Empty:
            line = None
        if line is None:
            fail(f'no {what} within {TIMEOUT} s')
        message = json.loads(line)
        seen.append(message)
        if predicate(message):
            return message


def fail(reason):
    plugin.kill()
    plugin.wait()
    log.seek(0)
    print(json.dumps({'error': reason, 'seen': seen, 'log': log.read()[-4000:]}))
    sys.exit(1)


def properties(predicate=lambda p: True):
    return lambda m: m.get('method') == 'Plugin.Stream.Player.Properties' and predicate(m['params'])


def request(id, method, params):
    plugin.stdin.write(json.dumps({'id': id, 'jsonrpc': '2.0', 'method': method, 'params': params}) + '\n')
    plugin.stdin.flush()


def reply(id):
    return lambda m: m.get('id') == id


other = mpd.MPDClient()
other.connect(SOCKET)
out = {'current': other.currentsong()}
out['first'] = expect('first Properties', properties())['params']
expect('Ready', lambda m: m.get('method') == 'Plugin.Stream.Ready')

request(1, 'Plugin.Stream.Player.Control', {'command': 'play'})
out['playReply'] = expect('reply 1', reply(1))
out['playing'] = expect('playing', properties(lambda p: p['playbackStatus'] == 'playing'))['params']
request(2, 'Plugin.Stream.Player.Control', {'command': 'pause'})
out['pauseReply'] = expect('reply 2', reply(2))
out['paused'] = expect('paused', properties(lambda p: p['playbackStatus'] == 'paused'))['params']

# A change from another client reaches the plug-in through its idle.
other.next()
out['nextFile'] = other.currentsong()['file']
out['next'] = expect('the next song', properties(
    lambda p: p.get('metadata', {}).get('url') == out['nextFile']))['params']
request(3, 'Plugin.Stream.Player.SetProperty', {'loopStatus': 'playlist'})
out['loopReply'] = expect('reply 3', reply(3))
request(4, 'Plugin.Stream.Player.GetProperties', {})
out['properties'] = expect('reply 4', reply(4)).get('result')
# The volume last, once the song no longer changes: the sound server's stream of a song that is still being
# connected keeps the volume it was made with (see SnapcastMetaMPDTests).
request(5, 'Plugin.Stream.Player.SetProperty', {'volume': 40})
out['volumeReply'] = expect('reply 5', reply(5))
out['volume'] = expect('volume 40', properties(lambda p: p.get('volume') == 40))['params']

plugin.terminate()
plugin.wait(timeout=TIMEOUT)
print(json.dumps(out))
