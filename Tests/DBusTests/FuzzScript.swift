/// A python3-dbus client (Debian's /usr/bin/python3 has the module) that sends random calls: random
/// paths/interfaces/members, random signatures and bodies, matching bodies to echo methods (whose replies must
/// equal what was sent), no-reply calls. It prints one JSON summary line.
enum FuzzScript {
    static let source = #"""
        import sys, json, random, string
        import dbus, dbus.lowlevel

        address, dest, count, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
        rng = random.Random(seed)
        conn = dbus.connection.Connection(address)
        conn.call_blocking('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus', 'Hello', '', ())
        BASIC = 'ybnqiuxtdsog'

        def rand_sig(depth=0):
            r = rng.random()
            if depth > 3 or r < 0.55:
                return rng.choice(BASIC + 'v')
            if r < 0.7:
                return 'a' + rand_sig(depth + 1)
            if r < 0.82:
                return 'a{' + rng.choice(BASIC) + rand_sig(depth + 1) + '}'
            return '(' + ''.join(rand_sig(depth + 1) for _ in range(rng.randint(1, 3))) + ')'

        def rand_str():
            chars = [chr(rng.choice([rng.randint(32, 126), rng.randint(0xa0, 0xd7ff), rng.randint(0xe000, 0x10ffff)]))
                     for _ in range(rng.randint(0, 12))]
            return ''.join(chars)

        def rand_path():
            parts = [''.join(rng.choice(string.ascii_letters + '_') for _ in range(rng.randint(1, 5)))
                     for _ in range(rng.randint(0, 4))]
            return '/' + '/'.join(parts)

        def split_types(sig):
            out, i = [], 0
            while i < len(sig):
                j = i
                while sig[j] == 'a': j += 1
                if sig[j] in '({':
                    depth, k = 0, j
                    while True:
                        if sig[k] in '({': depth += 1
                        elif sig[k] in ')}': depth -= 1
                        k += 1
                        if depth == 0: break
                    j = k
                else:
                    j += 1
                out.append(sig[i:j]); i = j
            return out

        def value(sig, depth=0):
            c = sig[0]
            if c == 'y': return dbus.Byte(rng.randint(0, 255))
            if c == 'b': return dbus.Boolean(rng.random() < 0.5)
            if c == 'n': return dbus.Int16(rng.randint(-2**15, 2**15 - 1))
            if c == 'q': return dbus.UInt16(rng.randint(0, 2**16 - 1))
            if c == 'i': return dbus.Int32(rng.randint(-2**31, 2**31 - 1))
            if c == 'u': return dbus.UInt32(rng.randint(0, 2**32 - 1))
            if c == 'x': return dbus.Int64(rng.randint(-2**63, 2**63 - 1))
            if c == 't': return dbus.UInt64(rng.randint(0, 2**64 - 1))
            if c == 'd': return dbus.Double(rng.uniform(-1e300, 1e300))
            if c == 's': return dbus.String(rand_str())
            if c == 'o': return dbus.ObjectPath(rand_path())
            if c == 'g': return dbus.Signature(rand_sig(2))
            if c == 'v':
                inner = rand_sig(2)
                return value(inner, depth + 1) if depth < 4 else dbus.Int32(1)
            if sig.startswith('a{'):
                k, v = split_types(sig[2:-1])
                d = {}
                for _ in range(rng.randint(0, 3)):
                    d[value(k, depth + 1)] = value(v, depth + 1)
                return dbus.Dictionary(d, signature=k + v)
            if c == 'a':
                return dbus.Array([value(sig[1:], depth + 1) for _ in range(rng.randint(0, 3))], signature=sig[1:])
            if c == '(':
                return dbus.Struct([value(t, depth + 1) for t in split_types(sig[1:-1])])
            raise ValueError(sig)

        ECHO = json.loads(sys.argv[5])
        IFACES = ['org.linnet.Test', 'org.linnet.Test.Broken', 'org.linnet.Leaf', 'org.freedesktop.DBus.Properties',
                  'org.freedesktop.DBus.Introspectable', 'org.freedesktop.DBus.Peer', 'org.linnet.Nope', None]
        MEMBERS = ['Concat', 'Fail', 'Crash', 'WrongReply', 'Later', 'Dropped', 'Get', 'Set', 'GetAll', 'Introspect',
                   'Ping', 'GetMachineId', 'Nop', 'Nothing'] + list(ECHO.keys())
        PATHS = ['/org/linnet/Test', '/org/linnet/Test/child/grandchild', '/', '/org', '/org/linnet/Test/child']
        PROPS = ['Volume', 'Title', 'Tags', 'Identity', 'Secret', 'Broken', 'Nope']

        stats = {'sent': 0, 'replies': 0, 'errors': {}, 'echo_checked': 0, 'echo_mismatch': 0, 'timeouts': 0, 'noreply_sent': 0}
        for n in range(count):
            kind = rng.random()
            path = rng.choice(PATHS) if rng.random() < 0.85 else rand_path()
            iface = rng.choice(IFACES)
            member = rng.choice(MEMBERS)
            if kind < 0.3:
                member = rng.choice(list(ECHO.keys())); iface = 'org.linnet.Test'; path = '/org/linnet/Test'
                sig = ECHO[member]
                args = [value(t) for t in split_types(sig)]
            elif kind < 0.45:
                iface = 'org.freedesktop.DBus.Properties'; member = rng.choice(['Get', 'Set', 'GetAll'])
                sig = rng.choice(['ss', 'ssv', 's', '', 'si', 'sss'])
                pool = {'s': lambda: dbus.String(rng.choice(['org.linnet.Test', 'org.linnet.Test.Broken', 'x.y'] + PROPS)),
                        'v': lambda: value(rng.choice(['d', 's', 'i', 'a{sv}'])), 'i': lambda: dbus.Int32(3)}
                args = [pool[c]() for c in sig]
            else:
                sig = ''.join(rand_sig() for _ in range(rng.randint(0, 4)))
                args = [value(t) for t in split_types(sig)]
            msg = dbus.lowlevel.MethodCallMessage(dest, path, iface, member)
            if args:
                msg.append(*args, signature=sig)
            stats['sent'] += 1
            if rng.random() < 0.05:
                msg.set_no_reply(True)
                conn.send_message(msg)
                stats['noreply_sent'] += 1
                continue
            try:
                reply = conn.send_message_with_reply_and_block(msg, 10.0)
                stats['replies'] += 1
                if kind < 0.3:
                    stats['echo_checked'] += 1
                    got = reply.get_args_list()
                    if reply.get_signature() != sig or list(got) != list(args):
                        stats['echo_mismatch'] += 1
                        if stats['echo_mismatch'] < 4:
                            print('mismatch', member, sig, repr(args)[:200], repr(got)[:200], file=sys.stderr)
            except dbus.exceptions.DBusException as e:
                name = e.get_dbus_name()
                if name == 'org.freedesktop.DBus.Error.NoReply' and member != 'Dropped':
                    stats['timeouts'] += 1
                stats['errors'][name] = stats['errors'].get(name, 0) + 1
        conn.flush()
        print(json.dumps(stats))
        """#
}
