#!/usr/bin/env python3
"""Local fakes of ListenBrainz and Last.fm for Linnet's scrobbling tests (127.0.0.1 only).

Usage: scrobble_fake.py listenbrainz|lastfm --state FILE --control FILE [--port N]
  -> prints "PORT <n>" once listening. With --port it binds that port again (a restart after going offline).

ListenBrainz: POST /1/submit-listens with "Authorization: Token lb-token" and the JSON payload (listen_type
single/import/playing_now, at most 1000 listens, artist_name and track_name required, MBIDs must be UUIDs).
Identical listens (same listened_at, artist and track) are stored once, as ListenBrainz does.
Last.fm: POST /2.0/ form-encoded, api_key "lfm-key", api_sig = md5 of the parameters sorted by name (name+value,
format and api_sig left out) + "lfm-secret"; auth.getToken, auth.getSession (authorised once the control file says
"authorise": true, or after "authorise_after" polls), track.updateNowPlaying and track.scrobble (at most 50,
session "lfm-session" or the one auth.getSession handed out). A scrobble with a timestamp, artist and track already
stored is answered as accepted and not stored again (what Last.fm does with exact repeats).

The control file (JSON, read on every request) switches faults:
  {"mode": "ok"}                                   normal
  {"mode": "429", "times": N, "retry_after": S}    the next N requests get 429 (Last.fm: error 29) with Retry-After
  {"mode": "500", "times": N}                      the next N requests get 500 (Last.fm: error 11, service offline)
  {"mode": "slow", "delay": S[, "times": N]}       submissions are stored, then answered after S seconds (only
                                                   the next N requests with "times")
  {"mode": "drop", "times": N}                     the next N requests are closed without an answer
The state file (JSON, rewritten atomically after every change): accepted listens in order, how many exact
repeats arrived, every request's kind and answer, the last "playing now".
"""
import hashlib
import json
import os
import re
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

KIND = sys.argv[1]
args = sys.argv[2:]
STATE = args[args.index('--state') + 1]
CONTROL = args[args.index('--control') + 1]
PORT = int(args[args.index('--port') + 1]) if '--port' in args else 0

LB_TOKEN = 'lb-token'
LFM_KEY, LFM_SECRET, LFM_SESSION = 'lfm-key', 'lfm-secret', 'lfm-session'
UUID = re.compile(r'^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')
lock = threading.Lock()

if os.path.exists(STATE):
    with open(STATE) as f:
        state = json.load(f)
else:
    state = {'listens': [], 'repeats': 0, 'requests': [], 'now_playing': [], 'polls': 0, 'sessions': []}
fault_counts = {}


def save():
    tmp = STATE + '.tmp'
    with open(tmp, 'w') as f:
        json.dump(state, f)
    os.replace(tmp, STATE)


def control():
    try:
        with open(CONTROL) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {'mode': 'ok'}


def fault(submission):
    """The fault this request gets (and counts it), or None. Slowness is for submissions only."""
    c = control()
    mode = c.get('mode', 'ok')
    if mode == 'slow' and not submission:
        return None
    if mode in ('429', '500', 'drop') or (mode == 'slow' and 'times' in c):
        key = json.dumps(c, sort_keys=True)
        n = fault_counts.get(key, 0)
        if n < int(c.get('times', 1)):
            fault_counts[key] = n + 1
            return c
        return None
    if mode == 'slow':
        return c
    return None


def is_submission(body):
    """Whether a request body submits listens (not playing now, not a login step)."""
    if KIND == 'listenbrainz':
        try:
            return json.loads(body).get('listen_type') in ('single', 'import')
        except (ValueError, AttributeError):
            return False
    return dict(urllib.parse.parse_qsl(body.decode(errors='replace'))).get('method') == 'track.scrobble'


def store(listens):
    """Stores new listens; returns how many were exact repeats."""
    seen = {(l['listened_at'], l['artist'], l['track']) for l in state['listens']}
    repeats = 0
    for l in listens:
        key = (l['listened_at'], l['artist'], l['track'])
        if key in seen:
            repeats += 1
        else:
            seen.add(key)
            state['listens'].append(l)
    state['repeats'] += repeats
    return repeats


class Handler(BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'

    def log_message(self, *a):
        pass

    def answer(self, status, body, headers=()):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header('Content-Type', 'application/json')
        self.send_header('Content-Length', str(len(data)))
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def note(self, kind, status, count=0):
        state['requests'].append({'kind': kind, 'status': status, 'count': count, 'at': time.time()})
        save()

    def do_POST(self):
        length = int(self.headers.get('Content-Length', '0'))
        body = self.rfile.read(length)
        f = fault(is_submission(body))
        with lock:
            if f and f['mode'] == 'drop':
                self.note('dropped', 0)
                self.close_connection = True
                self.connection.shutdown(2)
                return
            if KIND == 'listenbrainz':
                self.listenbrainz(body, f)
            else:
                self.lastfm(body, f)

    # ListenBrainz

    def listenbrainz(self, body, f):
        if self.path.rstrip('/') != '/1/submit-listens':
            return self.answer(404, {'code': 404, 'error': 'not found'})
        if self.headers.get('Authorization') != 'Token ' + LB_TOKEN:
            self.note('unauthorized', 401)
            return self.answer(401, {'code': 401, 'error': 'Invalid authorization token.'})
        if f and f['mode'] == '429':
            self.note('429', 429)
            return self.answer(429, {'code': 429, 'error': 'Too many requests'},
                               [('Retry-After', str(f.get('retry_after', 1)))])
        if f and f['mode'] == '500':
            self.note('500', 500)
            return self.answer(500, {'code': 500, 'error': 'Internal server error'})
        try:
            doc = json.loads(body)
            kind = doc['listen_type']
            payload = doc['payload']
            assert kind in ('single', 'import', 'playing_now'), 'listen_type'
            assert isinstance(payload, list) and 0 < len(payload) <= 1000, 'payload size'
            assert kind == 'import' or len(payload) == 1, 'one listen for single/playing_now'
            listens = []
            for item in payload:
                meta = item['track_metadata']
                assert isinstance(meta['artist_name'], str) and meta['artist_name'], 'artist_name'
                assert isinstance(meta['track_name'], str) and meta['track_name'], 'track_name'
                info = meta.get('additional_info', {})
                for k in ('recording_mbid', 'release_mbid'):
                    assert k not in info or UUID.match(info[k]), k
                for a in info.get('artist_mbids', []):
                    assert UUID.match(a), 'artist_mbids'
                if kind == 'playing_now':
                    assert 'listened_at' not in item, 'playing_now has no listened_at'
                else:
                    assert isinstance(item['listened_at'], int), 'listened_at'
                listens.append({'listened_at': item.get('listened_at'), 'artist': meta['artist_name'],
                                'track': meta['track_name'], 'album': meta.get('release_name'),
                                'recording_mbid': info.get('recording_mbid'),
                                'duration_ms': info.get('duration_ms')})
        except (ValueError, KeyError, TypeError, AssertionError) as e:
            self.note('invalid', 400)
            return self.answer(400, {'code': 400, 'error': 'invalid listens: %s' % e})
        if kind == 'playing_now':
            state['now_playing'].append(listens[0])
            self.note('playing_now', 200, 1)
            return self.answer(200, {'status': 'ok'})
        store(listens)
        self.note(kind, 200, len(listens))
        if f and f['mode'] == 'slow':
            lock.release()
            try:
                time.sleep(float(f.get('delay', 5)))
            finally:
                lock.acquire()
        self.answer(200, {'status': 'ok'})

    # Last.fm

    def lastfm(self, body, f):
        params = dict(urllib.parse.parse_qsl(body.decode(), keep_blank_values=True))
        method = params.get('method', '')

        def error(code, message, status=400, headers=()):
            self.note('error %d' % code, status)
            self.answer(status, {'error': code, 'message': message}, headers)

        if params.get('format') != 'json':
            return error(5, 'Invalid format')
        if params.get('api_key') != LFM_KEY:
            return error(10, 'Invalid API key', 403)
        signed = sorted((k, v) for k, v in params.items() if k not in ('format', 'callback', 'api_sig'))
        sig = hashlib.md5((''.join(k + v for k, v in signed) + LFM_SECRET).encode()).hexdigest()
        if params.get('api_sig') != sig:
            return error(13, 'Invalid method signature supplied', 403)
        if f and f['mode'] == '429':
            return error(29, 'Rate Limit Exceeded', 429, [('Retry-After', str(f.get('retry_after', 1)))])
        if f and f['mode'] == '500':
            return error(11, 'Service Offline - This service is temporarily offline, try again later', 503)
        if method == 'auth.getToken':
            self.note('auth.getToken', 200)
            return self.answer(200, {'token': 'tok-1'})
        if method == 'auth.getSession':
            state['polls'] += 1
            c = control()
            if params.get('token') != 'tok-1':
                return error(4, 'Invalid authentication token supplied', 403)
            if not c.get('authorise') and state['polls'] <= int(c.get('authorise_after', 1 << 30)):
                return error(14, 'This token has not been authorized', 403)
            key = 'lfm-session-from-login'
            state['sessions'].append(key)
            self.note('auth.getSession', 200)
            return self.answer(200, {'session': {'name': 'tester', 'key': key, 'subscriber': 0}})
        if params.get('sk') not in [LFM_SESSION] + state['sessions']:
            return error(9, 'Invalid session key - Please re-authenticate', 403)
        if method == 'track.updateNowPlaying':
            if not params.get('artist') or not params.get('track'):
                return error(6, 'Invalid parameters')
            state['now_playing'].append({'artist': params['artist'], 'track': params['track']})
            self.note('track.updateNowPlaying', 200, 1)
            return self.answer(200, {'nowplaying': {'track': {'#text': params['track']}}})
        if method == 'track.scrobble':
            listens = []
            i = 0
            while 'artist[%d]' % i in params:
                try:
                    ts = int(params['timestamp[%d]' % i])
                except (KeyError, ValueError):
                    return error(6, 'Invalid parameters - timestamp[%d]' % i)
                if not params.get('track[%d]' % i):
                    return error(6, 'Invalid parameters - track[%d]' % i)
                mbid = params.get('mbid[%d]' % i)
                if mbid is not None and not UUID.match(mbid):
                    return error(6, 'Invalid parameters - mbid[%d]' % i)
                listens.append({'listened_at': ts, 'artist': params['artist[%d]' % i],
                                'track': params['track[%d]' % i], 'album': params.get('album[%d]' % i),
                                'recording_mbid': mbid, 'duration': params.get('duration[%d]' % i)})
                i += 1
            if not 0 < len(listens) <= 50:
                return error(6, 'Invalid parameters - 1 to 50 scrobbles')
            store(listens)
            self.note('track.scrobble', 200, len(listens))
            if f and f['mode'] == 'slow':
                lock.release()
                try:
                    time.sleep(float(f.get('delay', 5)))
                finally:
                    lock.acquire()
            items = [{'artist': {'#text': l['artist']}, 'track': {'#text': l['track']},
                      'timestamp': str(l['listened_at']), 'ignoredMessage': {'code': '0', '#text': ''}}
                     for l in listens]
            return self.answer(200, {'scrobbles': {'@attr': {'accepted': len(listens), 'ignored': 0},
                                                   'scrobble': items[0] if len(items) == 1 else items}})
        return error(3, 'Invalid Method - No method with that name in this package')


class Server(ThreadingHTTPServer):
    allow_reuse_address = True
    daemon_threads = True


server = Server(('127.0.0.1', PORT), Handler)
save()
sys.stdout.write('PORT %d\n' % server.server_address[1])
sys.stdout.flush()
server.serve_forever()
