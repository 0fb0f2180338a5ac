#!/usr/bin/env python3
"""Misbehaving and well-behaved HTTP(S) servers for Linnet's stream tests (127.0.0.1 only).

Usage: stream_server.py MEDIA_DIR [--tls CERT KEY]   -> prints "PORT <n>" once listening.
Paths (MEDIA_DIR files are served by name):
  /f/NAME            the file, with Range support (Accept-Ranges: bytes)
  /norange/NAME      the file, no Range support
  /icy/NAME?metaint=N&title=T&every=S&drop=B&times=K   the file looped forever as an ICY stream at twice
                     real time (metadata block every N bytes; title changes to "T #k" every S seconds; the
                     first K connections are closed after B bytes)
  /icyraw?metaint=N&kind=absurd|garbage|latin1|cp1252|noise   hostile ICY streams (cp1252: a Windows-1252 title
                     with bytes of 0x80-0x9F; noise: two blocks whose StreamTitle is binary noise, then a good one)
  /drop/NAME?after=N&times=K  closes the connection after N bytes, the first K requests (then serves normally)
  /hold/NAME?key=K&stage=headers|body   holds the response (stage headers: before anything is sent; body: after
                     the headers) until the test releases K, then serves NAME (Range-capable); never released, it
                     never answers
  /release/K         releases every held request of key K, now and later ("RELEASED K" is logged first)
  /bigheaders        70 KB of response headers
  /loop              redirects to itself forever
  /tofile            redirects to file:///etc/passwd
  /toftp             redirects to ftp://127.0.0.1/x
  /slow              audio/mpeg at one byte a second
  /lying/NAME        Content-Length says 10x the file, sends the file, closes
  /garbage           4 MB of random bytes as audio/mpeg
  /endless           audio/mpeg bytes forever, as fast as the client takes them
  /gzip/NAME         the file with Content-Encoding: gzip
  /html              text/html page
  /pls/NAME, /m3u/NAME, /xspf/NAME   a radio playlist naming /icy/NAME
  /hls/NAME.m3u8?live=0|1&id3=1   an HLS playlist of 8 segments cut from NAME (id3: each VOD segment starts with
                     an ID3 tag, as HLS packed audio does)
  /hls/NAME.m3u8?hold=K  a VOD playlist whose segments are /hold/NAME?key=K (held until K is released)
  /hlsseg/NAME/I.EXT segment I of NAME
  /hlsself.m3u8      a playlist that references itself
  /hlsselfmedia.m3u8 a media playlist whose segment is itself
  /hlsloop/a.m3u8    a master playlist naming /hlsloop/b.m3u8, which names a again
  /m3uloop/a         a radio playlist (M3U) naming /m3uloop/b, which names a again
  /hlsmillion.m3u8   a playlist of a million segments
  /hlsbad/KIND.m3u8  a VOD playlist of hostile MPEG-TS segments /tsbad/KIND/I: KIND = absurdpes (one endless
                     PES packet of tone.aac), overlong (PES longer than its length field), garbage (random bytes after a PAT)
  (.m4a, .aac, .ts files are served with their own Content-Type; HLS segments of .aac cut on ADTS frames, of .ts
   on 188-byte packets)
Every request is logged to stderr as "REQ <path> <range>". When a client closes a connection that /icy/ is still
streaming on, or that /hold/ is holding, "CLOSE <path> <unix time>" is logged at once (noticed by select on the
socket, not at the next write), so tests observe disconnects through the server.
"""
import os, sys, ssl, time, random, select, socket, threading, urllib.parse
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler

MEDIA = sys.argv[1]
SEGMENTS = 8
drop_counts = {}
lock = threading.Lock()
# key -> a pipe written once on release and never read, so it stays readable for every waiter.
releases = {}


def release_pipe(key):
    with lock:
        if key not in releases:
            releases[key] = os.pipe()
        return releases[key]


CTYPES = {'flac': 'audio/flac', 'ogg': 'audio/ogg', 'opus': 'audio/ogg', 'wav': 'audio/wav', 'm4a': 'audio/mp4',
          'aac': 'audio/aac', 'ts': 'video/mp2t'}


def ctype_of(name):
    return CTYPES.get(name.rsplit('.', 1)[-1], 'audio/mpeg')


def ts_packet(pid, start, payload, cc):
    """One 188-byte MPEG-TS packet (payload padded with an adaptation field of stuffing when short)."""
    head = bytes([0x47, (0x40 if start else 0) | (pid >> 8), pid & 0xFF])
    room = 184 - len(payload)
    if room <= 0:
        return head + bytes([0x10 | (cc & 15)]) + payload[:184]
    if room == 1:
        return head + bytes([0x30 | (cc & 15), 0]) + payload
    return head + bytes([0x30 | (cc & 15), room - 1, 0]) + b'\xff' * (room - 2) + payload


def ts_psi():
    """A PAT naming program 1 at PID 0x1000 and its PMT with one ADTS AAC stream at PID 0x100 (CRC not checked)."""
    pat = bytes([0, 0x00, 0xB0, 13, 0, 1, 0xC1, 0, 0, 0, 1, 0xF0, 0x00]) + b'\xff' * 4
    pmt = bytes([0, 0x02, 0xB0, 18, 0, 1, 0xC1, 0, 0, 0xE1, 0x00, 0xF0, 0, 0x0F, 0xE1, 0x00, 0xF0, 0]) + b'\xff' * 4
    return ts_packet(0, True, pat, 0) + ts_packet(0x1000, True, pmt, 0)


def media(name):
    with open(os.path.join(MEDIA, os.path.basename(name)), 'rb') as f:
        return f.read()


class Handler(BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'

    def log_message(self, *a):
        pass

    def send(self, status, headers, body=b''):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        if body:
            self.wfile.write(body)

    closed_logged = False

    def log_closed(self):
        if not self.closed_logged:
            self.closed_logged = True
            sys.stderr.write('CLOSE %s %.3f\n' % (self.path, time.time()))
            sys.stderr.flush()

    def peer_closed(self):
        """After the socket turned readable: True when the client closed it (EOF or reset)."""
        try:
            return self.connection.recv(1, socket.MSG_PEEK) == b''
        except (OSError, ValueError):
            return True

    def client_gone(self, timeout):
        """Waits `timeout` seconds; returns True (and logs CLOSE) as soon as the client closes the connection."""
        if TLS:
            time.sleep(timeout)
            return False
        end = time.time() + timeout
        ready, _, _ = select.select([self.connection], [], [], max(0.0, timeout))
        if ready and self.peer_closed():
            self.log_closed()
            return True
        if ready:
            time.sleep(max(0.0, end - time.time()))   # the client sent something (unexpected): just wait
        return False

    def wait_release(self, key):
        """Blocks until the test releases `key` (True) or the client closes the connection (False, logged)."""
        r, _ = release_pipe(key)
        ready, _, _ = select.select([r, self.connection], [], [])
        if r in ready:
            return True
        if self.peer_closed():
            self.log_closed()
            return False
        select.select([r], [], [])
        return True

    def do_GET(self):
        u = urllib.parse.urlparse(self.path)
        q = dict(urllib.parse.parse_qsl(u.query))
        parts = u.path.strip('/').split('/')
        sys.stderr.write('REQ %s %s\n' % (self.path, self.headers.get('Range', '-')))
        sys.stderr.flush()
        handler = getattr(self, 'h_' + parts[0].replace('.', '_').replace('-', '_'), None)
        if handler is None:
            return self.send(404, [('Content-Type', 'text/plain'), ('Content-Length', '9')], b'not found')
        try:
            handler(parts[1:], q)
        except (BrokenPipeError, ConnectionResetError):
            if parts[0] in ('icy', 'hold'):
                self.log_closed()

    def serve_file(self, data, ranges=True, ctype='audio/mpeg'):
        rng = self.headers.get('Range')
        if ranges and rng and rng.startswith('bytes='):
            start = int(rng[6:].split('-')[0])
            if start >= len(data):
                return self.send(416, [('Content-Range', 'bytes */%d' % len(data)), ('Content-Length', '0')])
            body = data[start:]
            return self.send(206, [('Content-Type', ctype), ('Accept-Ranges', 'bytes'),
                                   ('Content-Range', 'bytes %d-%d/%d' % (start, len(data) - 1, len(data))),
                                   ('Content-Length', str(len(body)))], body)
        h = [('Content-Type', ctype), ('Content-Length', str(len(data)))]
        if ranges:
            h.append(('Accept-Ranges', 'bytes'))
        self.send(200, h, data)

    def h_f(self, p, q):
        self.serve_file(media(p[0]), ctype=ctype_of(p[0]))

    def h_norange(self, p, q):
        self.serve_file(media(p[0]), ranges=False, ctype=ctype_of(p[0]))

    def icy_stream(self, data, metaint, block_for, drop_after=None, ctype='audio/mpeg'):
        """Sends `data` looped, a metadata block (from block_for(k)) after every metaint audio bytes."""
        self.send_response(200)
        self.send_header('Content-Type', ctype)
        self.send_header('icy-metaint', str(metaint))
        self.send_header('icy-name', 'Linnet Test Radio')
        self.send_header('icy-genre', 'Testing')
        self.send_header('icy-url', 'http://127.0.0.1/radio')
        self.send_header('Connection', 'close')
        self.end_headers()
        rate = 16000.0 * 2   # bytes per second: twice real time for 128 kbit/s
        pos, k, start = 0, 0, time.time()
        sent = 0
        while True:
            chunk = bytearray()
            while len(chunk) < metaint:
                take = min(metaint - len(chunk), len(data) - pos)
                chunk += data[pos:pos + take]
                pos = (pos + take) % len(data)
            try:
                self.wfile.write(bytes(chunk))
                self.wfile.write(block_for(k))
                self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                # The client closed while a write was blocked on its full window (it had stopped reading), so
                # the stream fell behind its schedule and never waited in client_gone: still a close.
                self.log_closed()
                return
            k += 1
            sent += metaint
            if drop_after is not None and sent >= drop_after:
                self.close_connection = True
                return
            ahead = sent / rate - (time.time() - start)
            if ahead > 0 and self.client_gone(ahead):
                return

    def h_icy(self, p, q):
        data = media(p[0])
        metaint = int(q.get('metaint', '8192'))
        title = q.get('title', 'Test Artist - Song')
        every = float(q.get('every', '0'))
        t0 = time.time()
        last = ['']

        def block(k):
            n = int((time.time() - t0) / every) if every > 0 else 0
            text = "StreamTitle='%s%s';StreamUrl='';" % (title, (' #%d' % n) if every > 0 else '')
            if text != last[0]:
                last[0] = text
                sys.stderr.write('META %s %.3f\n' % (text, time.time()))
                sys.stderr.flush()
            raw = text.encode('utf-8')
            length = (len(raw) + 15) // 16
            return bytes([length]) + raw.ljust(length * 16, b'\0')
        drop_after = None
        if 'drop' in q:
            with lock:
                n = drop_counts.get(self.path, 0)
                drop_counts[self.path] = n + 1
            if n < int(q.get('times', '1')):
                drop_after = int(q['drop'])
        self.icy_stream(data, metaint, block, drop_after, 'audio/aacp' if p[0].endswith('.aac') else 'audio/mpeg')

    def h_icyraw(self, p, q):
        kind = q.get('kind', 'garbage')
        if kind == 'absurd':
            self.send(200, [('Content-Type', 'audio/mpeg'), ('icy-metaint', '99999999999'), ('Connection', 'close')],
                      media('tone.mp3'))
            return
        data = media('tone.mp3')

        def padded(raw):
            length = (len(raw) + 15) // 16
            return bytes([length]) + raw.ljust(length * 16, b'\0')

        def block(k):
            if kind == 'latin1':
                return padded("StreamTitle='Caf\xe9 - Cr\xe8me';".encode('latin-1'))
            if kind == 'cp1252':
                # \x93 \x94 are curly quotes, \x80 the euro sign, \x81 is undefined in Windows-1252.
                return padded(b"StreamTitle='Caf\xe9 \x93Bar\x94 - 5 \x80\x81 Cr\xe8me';")
            if kind == 'noise':
                if k < 2:
                    return padded(b"StreamTitle='\xff\xfe\xc3(\x01.h\x13\xff\xfey';StreamUrl='';")
                return padded(b"StreamTitle='Clean Artist - Clean Title';")
            return bytes([255]) + bytes(random.getrandbits(8) for _ in range(255 * 16))
        self.icy_stream(data, int(q.get('metaint', '8192')), block)

    def h_drop(self, p, q):
        data = media(p[0])
        after, times = int(q.get('after', '65536')), int(q.get('times', '1'))
        with lock:
            n = drop_counts.get(self.path, 0)
            drop_counts[self.path] = n + 1
        if n >= times:
            return self.serve_file(data)
        rng = self.headers.get('Range')
        start = int(rng[6:].split('-')[0]) if rng else 0
        body = data[start:]
        status = 206 if rng else 200
        h = [('Content-Type', 'audio/mpeg'), ('Accept-Ranges', 'bytes'), ('Content-Length', str(len(body)))]
        if rng:
            h.append(('Content-Range', 'bytes %d-%d/%d' % (start, len(data) - 1, len(data))))
        self.send_response(status)
        for k, v in h:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body[:after])
        self.wfile.flush()
        self.close_connection = True

    def h_hold(self, p, q):
        data = media(p[0])
        key, stage = q.get('key', ''), q.get('stage', 'headers')
        if stage == 'headers' and not self.wait_release(key):
            return
        rng = self.headers.get('Range')
        start = int(rng[6:].split('-')[0]) if rng and rng.startswith('bytes=') else 0
        body = data[start:]
        self.send_response(206 if start > 0 else 200)
        self.send_header('Content-Type', ctype_of(p[0]))
        self.send_header('Accept-Ranges', 'bytes')
        self.send_header('Content-Length', str(len(body)))
        if start > 0:
            self.send_header('Content-Range', 'bytes %d-%d/%d' % (start, len(data) - 1, len(data)))
        self.end_headers()
        self.wfile.flush()
        if stage == 'body' and not self.wait_release(key):
            return
        self.wfile.write(body)

    def h_release(self, p, q):
        sys.stderr.write('RELEASED %s\n' % p[0])
        sys.stderr.flush()
        os.write(release_pipe(p[0])[1], b'x')
        self.send(200, [('Content-Type', 'text/plain'), ('Content-Length', '2')], b'ok')

    def h_bigheaders(self, p, q):
        self.send_response(200)
        for i in range(70):
            self.send_header('X-Filler-%d' % i, 'x' * 1000)
        self.send_header('Content-Type', 'audio/mpeg')
        self.send_header('Content-Length', '0')
        self.end_headers()

    def h_loop(self, p, q):
        n = int(q.get('n', '0'))
        self.send(302, [('Location', '/loop?n=%d' % (n + 1)), ('Content-Length', '0')])

    def h_tofile(self, p, q):
        self.send(302, [('Location', 'file:///etc/passwd'), ('Content-Length', '0')])

    def h_toftp(self, p, q):
        self.send(302, [('Location', 'ftp://127.0.0.1/x.mp3'), ('Content-Length', '0')])

    def h_slow(self, p, q):
        self.send_response(200)
        self.send_header('Content-Type', 'audio/mpeg')
        self.send_header('Content-Length', '1000000')
        self.end_headers()
        data = media('tone.mp3')
        for b in data:
            self.wfile.write(bytes([b]))
            self.wfile.flush()
            time.sleep(1)

    def h_lying(self, p, q):
        data = media(p[0])
        self.send_response(200)
        self.send_header('Content-Type', 'audio/mpeg')
        self.send_header('Accept-Ranges', 'bytes')
        self.send_header('Content-Length', str(len(data) * 10))
        self.end_headers()
        rng = self.headers.get('Range')
        start = int(rng[6:].split('-')[0]) if rng else 0
        self.wfile.write(data[start:] if start < len(data) else b'')
        self.close_connection = True

    def h_garbage(self, p, q):
        rnd = random.Random(7)
        self.send(200, [('Content-Type', 'audio/mpeg'), ('Content-Length', str(4 << 20))],
                  bytes(rnd.getrandbits(8) for _ in range(4 << 20)))

    def h_endless(self, p, q):
        self.send_response(200)
        self.send_header('Content-Type', 'audio/mpeg')
        self.send_header('Connection', 'close')
        self.end_headers()
        data = media('tone.mp3')
        while True:
            self.wfile.write(data)

    def h_gzip(self, p, q):
        self.send(200, [('Content-Type', 'audio/mpeg'), ('Content-Encoding', 'gzip'),
                        ('Content-Length', str(len(media(p[0]))))], media(p[0]))

    def h_html(self, p, q):
        body = b'<html><body>Not audio</body></html>'
        self.send(200, [('Content-Type', 'text/html; charset=utf-8'), ('Content-Length', str(len(body)))], body)

    def base(self):
        return '%s://127.0.0.1:%d' % ('https' if TLS else 'http', PORT)

    def playlist(self, body, ctype):
        raw = body.encode()
        self.send(200, [('Content-Type', ctype), ('Content-Length', str(len(raw)))], raw)

    def h_pls(self, p, q):
        self.playlist('[playlist]\nNumberOfEntries=1\nFile1=%s/icy/%s\nTitle1=Test\nLength1=-1\nVersion=2\n'
                      % (self.base(), p[0]), 'audio/x-scpls')

    def h_m3u(self, p, q):
        self.playlist('#EXTM3U\n#EXTINF:-1,Test\n%s/icy/%s\n' % (self.base(), p[0]), 'audio/x-mpegurl')

    def h_xspf(self, p, q):
        self.playlist('<?xml version="1.0"?><playlist version="1" xmlns="http://xspf.org/ns/0/"><trackList>'
                      '<track><location>%s/icy/%s</location></track></trackList></playlist>'
                      % (self.base(), p[0]), 'application/xspf+xml')

    def segments(self, name):
        data = media(name)
        step = len(data) // SEGMENTS
        if name.endswith('.ts'):
            step -= step % 188
            return [data[i * step:(i + 1) * step if i < SEGMENTS - 1 else len(data)] for i in range(SEGMENTS)]
        if name.endswith('.aac'):
            # Cut on ADTS frame boundaries: walk the frames by their lengths.
            starts, at = [], 0
            while at + 7 <= len(data):
                starts.append(at)
                at += ((data[at + 3] & 3) << 11) | (data[at + 4] << 3) | (data[at + 5] >> 5)
            cuts = [0] + [next(x for x in starts if x >= i * step) for i in range(1, SEGMENTS)] + [len(data)]
            return [data[cuts[i]:cuts[i + 1]] for i in range(SEGMENTS)]
        # Cut on MPEG frame boundaries: find frame syncs near each cut point.
        cuts = [0]
        for i in range(1, SEGMENTS):
            c = i * step
            while c < len(data) - 1 and not (data[c] == 0xFF and (data[c + 1] & 0xE0) == 0xE0):
                c += 1
            cuts.append(c)
        cuts.append(len(data))
        return [data[cuts[i]:cuts[i + 1]] for i in range(SEGMENTS)]

    def h_hls(self, p, q):
        name = p[0][:-5]
        ext = name.rsplit('.', 1)[-1]    # segment URLs end in it: ffmpeg's HLS reader refuses others
        if 'hold' in q:
            lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:3', '#EXT-X-MEDIA-SEQUENCE:0']
            for i in range(SEGMENTS):
                lines += ['#EXTINF:2.5,', '/hold/%s?key=%s&stage=headers&seg=%d' % (name, q['hold'], i)]
            lines.append('#EXT-X-ENDLIST')
        elif q.get('live', '0') == '1':
            # A sliding live window of 3 segments that moves on every 0.5 s (faster than real time, for tests).
            seq0 = int((time.time() - START) / 0.5)
            lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:1', '#EXT-X-MEDIA-SEQUENCE:%d' % seq0]
            for s in range(seq0, seq0 + 3):
                lines += ['#EXTINF:2.5,', '/hlsseg/%s/%d.%s?seq=%d' % (name, s % SEGMENTS, ext, s)]
        else:
            lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:3', '#EXT-X-MEDIA-SEQUENCE:0']
            for i in range(SEGMENTS):
                lines += ['#EXTINF:2.5,', '/hlsseg/%s/%d.%s%s' % (name, i, ext, '?id3=1' if q.get('id3') else '')]
            lines.append('#EXT-X-ENDLIST')
        self.playlist('\n'.join(lines) + '\n', 'application/vnd.apple.mpegurl')

    def h_hlsseg(self, p, q):
        seg = self.segments(p[0])[int(p[1].split('.')[0])]
        if q.get('id3'):
            # HLS packed audio: an ID3v2.4 tag with a PRIV timestamp frame before every segment.
            priv = b'com.apple.streaming.transportStreamTimestamp\0' + bytes(8)
            frame = b'PRIV' + bytes([0, 0, 0, len(priv)]) + b'\0\0' + priv
            seg = b'ID3\x04\0\0' + bytes([0, 0, 0, len(frame)]) + frame + seg
        self.send(200, [('Content-Type', ctype_of(p[0])), ('Content-Length', str(len(seg)))], seg)

    def h_hlsbad(self, p, q):
        kind = p[0][:-5]
        lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:3', '#EXT-X-MEDIA-SEQUENCE:0']
        for i in range(SEGMENTS):
            lines += ['#EXTINF:2.5,', '/tsbad/%s/%d' % (kind, i)]
        lines.append('#EXT-X-ENDLIST')
        self.playlist('\n'.join(lines) + '\n', 'application/vnd.apple.mpegurl')

    def h_tsbad(self, p, q):
        kind, i = p[0], int(p[1])
        body = bytearray(ts_psi())
        if kind == 'garbage':
            body += bytes(random.getrandbits(8) for _ in range(1 << 20))
        else:
            # One PES packet that never ends (length 0: unbounded) or says 100 bytes and goes on.
            length = 0 if kind == 'absurdpes' else 100
            pes = bytes([0, 0, 1, 0xC0, length >> 8, length & 0xFF, 0x80, 0x80, 5, 0x21, 0, 1, 0, 1])
            adts = media('tone.aac')    # real AAC frames: the stream decodes until the PES limit is hit
            cc, at = 0, 0
            if i == 0:
                body += ts_packet(0x100, True, pes + adts[:170], cc)
                cc, at = 1, 170
            for k in range(1500):
                body += ts_packet(0x100, False, adts[at:at + 184], cc)
                cc, at = cc + 1, at + 184
        self.send(200, [('Content-Type', 'video/mp2t'), ('Content-Length', str(len(body)))], bytes(body))

    def h_hlsself_m3u8(self, p, q):
        self.playlist('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=128000\n/hlsself.m3u8\n', 'application/vnd.apple.mpegurl')

    def h_hlsselfmedia_m3u8(self, p, q):
        self.playlist('#EXTM3U\n#EXT-X-TARGETDURATION:3\n#EXTINF:2.5,\n/hlsselfmedia.m3u8\n#EXT-X-ENDLIST\n',
                      'application/vnd.apple.mpegurl')

    def h_hlsloop(self, p, q):
        other = 'b' if p[0].startswith('a') else 'a'
        self.playlist('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=128000\n/hlsloop/%s.m3u8\n' % other,
                      'application/vnd.apple.mpegurl')

    def h_m3uloop(self, p, q):
        other = 'b' if p[0] == 'a' else 'a'
        self.playlist('#EXTM3U\n#EXTINF:-1,Loop\n%s/m3uloop/%s\n' % (self.base(), other), 'audio/x-mpegurl')

    def h_hlsmillion_m3u8(self, p, q):
        body = '#EXTM3U\n#EXT-X-TARGETDURATION:2\n' + '#EXTINF:1.0,\n/hlsseg/tone.mp3/0\n' * 1000000 + '#EXT-X-ENDLIST\n'
        self.playlist(body, 'application/vnd.apple.mpegurl')


TLS = '--tls' in sys.argv
START = time.time()
server = ThreadingHTTPServer(('127.0.0.1', 0), Handler)
server.daemon_threads = True
PORT = server.server_address[1]
if TLS:
    i = sys.argv.index('--tls')
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(sys.argv[i + 1], sys.argv[i + 2])
    server.socket = ctx.wrap_socket(server.socket, server_side=True)
print('PORT %d' % PORT, flush=True)
server.serve_forever()
